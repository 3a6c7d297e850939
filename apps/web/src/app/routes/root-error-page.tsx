import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Container } from '@mantine/core';
import { RenderErrorNotice } from '../../components/render-error-notice.tsx';
import { reportUiError } from '../../lib/report-ui-error.ts';

/** Last resort when even a layout fails to render. */
export function RootErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    const failure = error instanceof Error ? error : new Error(String(error));
    void reportUiError(failure);
  }, [error]);
  return (
    <Container size="sm" py="xl">
      <RenderErrorNotice />
    </Container>
  );
}
