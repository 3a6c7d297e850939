// The action log's total as the reader sees it: exact below the cap, "more than 1,000" past it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { initI18n } from '../../../lib/i18n.ts';
import LogsPage from './logs-page.tsx';

function serve(page: { total: number; total_is_capped: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = String(url).includes('/action-logs/actions')
        ? { data: [] }
        : {
            data: {
              current_page: 1,
              per_page: 10,
              last_page: Math.ceil(page.total / 10),
              data: [
                {
                  id: 1,
                  action: 'auth.login',
                  action_label: 'Sign-in',
                  description: 'Signed in',
                  created_at: '2026-11-24T10:00:00.000Z',
                  ip: '127.0.0.1',
                  user_email: 'pm@verba.test',
                  customer_name: null,
                },
              ],
              ...page,
            },
          };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

function show(locale: 'en' | 'es' | 'ca') {
  initI18n(locale);
  useAuthStore.setState({ token: 'token', expiresAt: Date.now() + 60_000, user: null, locale });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LogsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the action log total', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says how many entries there are below the cap', async () => {
    serve({ total: 7, total_is_capped: false });
    show('en');
    expect(await screen.findByText('7 entries')).toBeTruthy();
  });

  it('says "more than 1,000" in each language once the count stops at the cap', async () => {
    serve({ total: 1_000, total_is_capped: true });
    show('en');
    expect(await screen.findByText('1,000+ entries')).toBeTruthy();
    cleanup();
    show('es');
    expect(await screen.findByText(/^Más de 1\.?000 entradas$/)).toBeTruthy();
    cleanup();
    show('ca');
    expect(await screen.findByText(/^Més de 1\.?000 entrades$/)).toBeTruthy();
  });
});
