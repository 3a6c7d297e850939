import { Suspense, lazy } from 'react';
import { Outlet, createBrowserRouter } from 'react-router';
import { isSignedIn, useAuthStore } from '../lib/auth-store.ts';
import { setNavigator } from '../lib/navigation.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { GuestLayout, PublicQuoteLayout } from './layout/guest-layout.tsx';
import { ModalHost } from './modal-host.tsx';
import {
  GuestOnly,
  HomeRedirect,
  RequireSignedIn,
  RoleRoute,
  UnknownPathRedirect,
} from './routes/guards.tsx';
import { RootErrorPage } from './routes/root-error-page.tsx';
import NotFoundPage from './routes/not-found-page.tsx';
import { GUEST_SCREENS, PUBLIC_QUOTE_SCREENS, SIGNED_IN_SCREENS } from './screens.ts';
import { LocaleSync, SessionExpiryWatcher } from './session-watchers.tsx';

// The signed-in shell (menu, header actions) loads after sign-in, keeping /login small.
const AppLayout = lazy(() => import('./layout/app-layout.tsx'));

function RootShell() {
  return (
    <>
      <LocaleSync />
      <SessionExpiryWatcher />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <ModalHost />
      </Suspense>
    </>
  );
}

/** /404 keeps the side menu for signed-in users and the guest frame otherwise. */
function SessionAwareLayout() {
  const signedIn = useAuthStore(isSignedIn);
  return signedIn ? <AppLayout /> : <GuestLayout />;
}

export const router = createBrowserRouter([
  {
    element: <RootShell />,
    errorElement: <RootErrorPage />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        element: (
          <GuestOnly>
            <GuestLayout />
          </GuestOnly>
        ),
        children: Object.entries(GUEST_SCREENS).map(([path, Screen]) => ({ path, element: <Screen /> })),
      },
      {
        element: <PublicQuoteLayout />,
        children: Object.entries(PUBLIC_QUOTE_SCREENS).map(([path, Screen]) => ({
          path,
          element: <Screen />,
        })),
      },
      {
        path: '/404',
        element: <SessionAwareLayout />,
        children: [{ index: true, element: <NotFoundPage /> }],
      },
      {
        element: (
          <RequireSignedIn>
            <AppLayout />
          </RequireSignedIn>
        ),
        children: Object.entries(SIGNED_IN_SCREENS).map(([path, Screen]) => ({
          path,
          element: (
            <RoleRoute pattern={path}>
              <Screen />
            </RoleRoute>
          ),
        })),
      },
      { path: '*', element: <UnknownPathRedirect /> },
    ],
  },
]);

setNavigator((to, options) => void router.navigate(to, options));
