// The action log's total as the reader sees it: exact below the cap, "more than 1,000" past it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
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

const show = (locale: 'en' | 'es' | 'ca') => renderSignedIn(<LogsPage />, { locale });

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

  it('pages on past the cap while the pages are full, so that the oldest entries stay reachable', async () => {
    // 1,024 entries: the count stops at 1,000 (100 pages of 10), the rows do not.
    const entries = 1_024;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).includes('/action-logs/actions')) return new Response(JSON.stringify({ data: [] }));
        const page = Number(new URL(String(url), 'http://portal.test').searchParams.get('page') ?? 1);
        const first = (page - 1) * 10;
        const ids = Array.from(
          { length: Math.max(0, Math.min(10, entries - first)) },
          (_, i) => first + i + 1,
        );
        const data = ids.map((id) => ({
          id,
          action: 'auth.login',
          action_label: 'Sign-in',
          description: `Entry ${id}`,
          created_at: '2026-11-24T10:00:00.000Z',
          ip: '127.0.0.1',
          user_email: 'pm@verba.test',
          customer_name: null,
        }));
        return new Response(
          JSON.stringify({
            data: {
              current_page: page,
              per_page: 10,
              last_page: 100,
              total: 1_000,
              total_is_capped: true,
              data,
            },
          }),
        );
      }),
    );
    show('en');
    fireEvent.click(await screen.findByRole('button', { name: '100' }));
    expect(await screen.findAllByText('Entry 1000')).not.toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: '101' }));
    expect(await screen.findAllByText('Entry 1010')).not.toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: '102' }));
    expect(await screen.findAllByText('Entry 1020')).not.toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: '103' }));
    expect(await screen.findAllByText('Entry 1024')).not.toHaveLength(0);
    // A page that is not full is the last one: nothing beyond it is offered.
    expect(screen.queryByRole('button', { name: '104' })).toBeNull();
  });
});
