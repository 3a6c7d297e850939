// The task list's total as the reader sees it: past the API's cap it names that cap (it said
// "10,000+" when the API stopped counting at 1,000).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
import { TaskList } from './task-list.tsx';

const row = {
  id: 1,
  code: '1',
  description: 'Annual report',
  created_at: '2026-11-24T10:00:00.000Z',
  state: 'DONE',
  customer: { id: 1, name: 'Acme' },
  department: null,
  requested_by: { name: 'Ada', lastname: 'Admin' },
  invoice_folio: null,
  invoice_tag: null,
  amount_without_taxes: '10.00',
  guest_company: null,
  guest_name: null,
};

function serve(page: { total: number; total_is_capped: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = String(url).includes('/tasks')
        ? {
            data: {
              current_page: 1,
              per_page: 15,
              last_page: Math.ceil(page.total / 15),
              data: [row],
              ...page,
            },
          }
        : { data: [] };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

const pm = { id: 2, type: 'VERBA_PM', name: 'Pau', lastname: 'Manager', email: 'pm@verba.test' } as never;
const show = (locale: 'en' | 'es' | 'ca') =>
  renderSignedIn(<TaskList cancelled={false} />, { locale, user: pm });

describe('the task list total', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts the tasks below the cap', async () => {
    serve({ total: 7, total_is_capped: false });
    show('en');
    expect(await screen.findByText('7 tasks')).toBeTruthy();
  });

  it('names the cap once the count stops there, in each language', async () => {
    serve({ total: 1_000, total_is_capped: true });
    show('en');
    expect(await screen.findByText('1,000+ tasks')).toBeTruthy();
    cleanup();
    show('es');
    expect(await screen.findByText(/^Más de 1\.?000 tareas$/)).toBeTruthy();
    cleanup();
    show('ca');
    expect(await screen.findByText(/^Més de 1\.?000 tasques$/)).toBeTruthy();
  });
});
