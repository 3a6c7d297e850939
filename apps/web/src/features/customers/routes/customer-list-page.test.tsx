import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Role, UserDto } from '@verba/contracts';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
import CustomerListPage from './customer-list-page.tsx';

const user = (type: Role): UserDto => ({
  id: 1,
  name: 'Staff',
  lastname: 'Member',
  email: 'staff@verba.test',
  phone: null,
  type,
  language: 'en',
  is_active: true,
  customer_id: null,
  customer: null,
  departments: [],
});

const renderAs = (type: Role) => renderSignedIn(<CustomerListPage />, { user: user(type) });

describe('customer list: the add button mirrors the API (the PM does not create customers)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['VERBA_ADMIN', true],
    ['VERBA_PM', false],
  ] as const)('%s sees the add button: %s', async (type, shown) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ data: { current_page: 1, per_page: 10, total: 0, data: [] } }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderAs(type);
    expect(await screen.findByTestId('customer-list-page')).toBeTruthy();
    expect(screen.queryByTestId('add-customer') !== null).toBe(shown);
  });
});
