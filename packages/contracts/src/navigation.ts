import type { Role } from './roles.ts';

/** Routes each role may open (spec part 1 §2, "Routes by role"). `/rates` also needs the customer's show_rates. */
export const ROUTES_BY_ROLE: Record<Role, readonly string[]> = {
  VERBA_ADMIN: [
    '/',
    '/tasks',
    '/tasks/:id',
    '/tasks/:id/quote',
    '/tasks/:id/edit/status',
    '/glossaries',
    '/general/rates',
    '/users/create',
    '/users/:id',
    '/users/:id/edit',
    '/customers',
    '/customers/create',
    '/customers/:id/edit',
    '/languages',
    '/account',
    '/logs',
    '/settings',
  ],
  VERBA_PM: [
    '/',
    '/tasks',
    '/tasks/:id',
    '/tasks/:id/quote',
    '/tasks/:id/edit/status',
    '/customers',
    '/customers/:id/edit',
    '/account',
  ],
  CLIENT_ADMIN: [
    '/',
    '/tasks',
    '/tasks/cancelled',
    '/tasks/ok/:id',
    '/tasks/ko/:id',
    '/tasks/create',
    '/tasks/:id',
    '/tasks/:id/quote',
    '/tasks/:id/edit',
    '/glossaries',
    '/rates',
    '/departments',
    '/departments/create',
    '/departments/:id/edit',
    '/departments/:id',
    '/users',
    '/users/create',
    '/users/:id',
    '/users/:id/edit',
    '/account',
    '/company',
  ],
  CLIENT_USER: [
    '/',
    '/tasks',
    '/tasks/cancelled',
    '/tasks/ok/:id',
    '/tasks/ko/:id',
    '/tasks/create',
    '/tasks/:id/edit',
    '/tasks/:id',
    '/tasks/:id/quote',
    '/account',
    '/company',
  ],
};

export type MenuEntry =
  | 'tasks'
  | 'glossaries'
  | 'customers'
  | 'languages'
  | 'general/rates'
  | 'rates'
  | 'users'
  | 'departments'
  | 'logs'
  | 'settings';

/** Side-menu entries by role (spec part 1 §2, "Menu entries by role"); `rates` only when show_rates is on. */
export const MENU_BY_ROLE: Record<Role, readonly MenuEntry[]> = {
  CLIENT_USER: ['tasks'],
  CLIENT_ADMIN: ['tasks', 'glossaries', 'rates', 'users', 'departments'],
  VERBA_ADMIN: ['tasks', 'glossaries', 'customers', 'languages', 'general/rates', 'logs', 'settings'],
  VERBA_PM: ['tasks', 'customers'],
};
