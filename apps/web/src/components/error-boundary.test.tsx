import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { configureApiClient } from '../lib/api-client.ts';
import { initI18n } from '../lib/i18n.ts';
import { reportUiError } from '../lib/report-ui-error.ts';
import { RenderErrorBoundary } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('kaboom');
}

describe('rendering-error boundary', () => {
  beforeAll(() => {
    initI18n('en');
    configureApiClient({ getToken: () => null, getLocale: () => 'en', onFailure: () => undefined });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the spec warning and posts the failure to /api/ui-error', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ data: { stored: true } }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MantineProvider>
        <RenderErrorBoundary onError={(error, info) => void reportUiError(error, info.componentStack)}>
          <Broken />
        </RenderErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('An error occurred while rendering the current page...')).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/api\/ui-error\?/);
    const body = JSON.parse(String(init.body)) as {
      error: { message: string; name: string };
      stackTrace: string;
    };
    expect(body.error).toMatchObject({ message: 'kaboom', name: 'Error' });
    expect(body.stackTrace).toContain('Broken');
  });

  it('never throws when the report cannot be sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await expect(reportUiError(new Error('x'))).resolves.toBeUndefined();
  });
});
