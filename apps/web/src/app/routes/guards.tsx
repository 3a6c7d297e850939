import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSignedIn, useAuthStore } from '../../lib/auth-store.ts';
import { canOpenRoute, homePathOf } from '../../lib/permissions.ts';
import { NoAccessPage } from './no-access-page.tsx';

export function RequireSignedIn({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore(isSignedIn);
  return signedIn ? children : <Navigate to="/login" replace />;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore(isSignedIn);
  const user = useAuthStore((state) => state.user);
  return signedIn ? <Navigate to={homePathOf(user)} replace /> : children;
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
