import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RenderErrorBoundary } from '../../components/error-boundary.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { reportUiError } from '../../lib/report-ui-error.ts';

/** The routed screen, lazy-loaded, inside the rendering-error boundary. */
export function RoutedContent() {
  const { pathname } = useLocation();
  return (
    <RenderErrorBoundary
      resetKey={pathname}
      onError={(error, info) => void reportUiError(error, info.componentStack)}
    >
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RenderErrorBoundary>
  );
}
