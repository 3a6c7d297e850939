import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSignedIn, useAuthStore } from '../../lib/auth-store.ts';
import { canOpenRoute, homePathOf } from '../../lib/permissions.ts';
import { NoAccessPage } from './no-access-page.tsx';

/** The enrolment screen of a user who must set up a second factor first. */
export const ENROLMENT_PATH = '/account';

export function RequireSignedIn({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore(isSignedIn);
  const enrolmentRequired = useAuthStore((state) => state.enrolmentRequired);
  const { pathname } = useLocation();
  if (!signedIn) return <Navigate to="/login" replace />;
  if (enrolmentRequired && pathname !== ENROLMENT_PATH) return <Navigate to={ENROLMENT_PATH} replace />;
  return children;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore(isSignedIn);
  const user = useAuthStore((state) => state.user);
  const enrolmentRequired = useAuthStore((state) => state.enrolmentRequired);
  if (!signedIn) return children;
  return <Navigate to={enrolmentRequired ? ENROLMENT_PATH : homePathOf(user)} replace />;
}

/** A route the user's role may not open shows the "no access" message (spec part 2 §6). */
export function RoleRoute({ pattern, children }: { pattern: string; children: ReactNode }) {
  const user = useAuthStore((state) => state.user);
  if (!user) return <Navigate to="/login" replace />;
  return canOpenRoute(user, pattern) ? children : <NoAccessPage />;
}

/** `/` and unknown paths: guests go to /login; signed-in users to the default screen or /404. */
export function HomeRedirect() {
  const signedIn = useAuthStore(isSignedIn);
  const user = useAuthStore((state) => state.user);
  return <Navigate to={signedIn ? homePathOf(user) : '/login'} replace />;
}

export function UnknownPathRedirect() {
  const signedIn = useAuthStore(isSignedIn);
  const { pathname, search } = useLocation();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <Navigate to={`/404?url=${encodeURIComponent(pathname + search)}`} replace />;
}
