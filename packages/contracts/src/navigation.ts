import type { Role } from './roles.ts';

/**
 * Routes each role may open (spec part 1 §2, "Routes by role"). `/rates` also needs the customer's
 * show_rates. Staff also open `/tasks/cancelled` (they reactivate cancelled tasks too).
 */
export const ROUTES_BY_ROLE: Record<Role, readonly string[]> = {
  VERBA_ADMIN: [
    '/',
    '/dashboard',
    '/tasks',
    '/tasks/cancelled',
    '/tasks/:id',
    '/tasks/:id/quote',
    '/tasks/:id/edit/status',
    '/glossaries',
    '/glossaries/format',
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
    '/invoices',
    '/invoices/create',
    '/invoices/:id',
  ],
  VERBA_PM: [
    '/',
    '/dashboard',
    '/tasks',
    '/tasks/cancelled',
    '/tasks/:id',
    '/tasks/:id/quote',
    '/tasks/:id/edit/status',
    // staff list and download every customer's glossaries (the spec's "info text" screen)
    '/glossaries',
    '/glossaries/format',
    '/customers',
    '/customers/:id/edit',
    '/account',
    '/invoices',
    '/invoices/:id',
  ],
  CLIENT_ADMIN: [
    '/',
    '/dashboard',
    '/tasks',
    '/tasks/cancelled',
    '/tasks/ok/:id',
    '/tasks/ko/:id',
    '/tasks/create',
    '/tasks/:id',
    '/tasks/:id/quote',
    '/tasks/:id/edit',
    '/glossaries',
    '/glossaries/format',
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
    '/invoices',
    '/invoices/:id',
    '/integrations',
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
    // spec part 2 §6 gives glossary upload to the client user too
    '/glossaries',
    '/glossaries/format',
    '/account',
    '/company',
  ],
};

export type MenuEntry =
  | 'dashboard'
  | 'tasks'
  | 'glossaries'
  | 'customers'
  | 'languages'
  | 'general/rates'
  | 'rates'
  | 'users'
  | 'departments'
  | 'logs'
  | 'settings'
  | 'invoices'
  | 'integrations';

/**
 * Side-menu entries by role (spec part 1 §2, "Menu entries by role"); `rates` only when show_rates is on.
 * Glossaries also for the client user and the PM: spec part 2 §6 gives them the glossary screen
 * (upload; info text), which the menu list leaves out.
 */
export const MENU_BY_ROLE: Record<Role, readonly MenuEntry[]> = {
  CLIENT_USER: ['tasks', 'glossaries'],
  CLIENT_ADMIN: [
    'dashboard',
    'tasks',
    'glossaries',
    'rates',
    'users',
    'departments',
    'invoices',
    'integrations',
  ],
  VERBA_ADMIN: [
    'dashboard',
    'tasks',
    'glossaries',
    'customers',
    'invoices',
    'languages',
    'general/rates',
    'logs',
    'settings',
  ],
  VERBA_PM: ['dashboard', 'tasks', 'glossaries', 'customers', 'invoices'],
};

/** Where a role lands after signing in and on `/` (staff and client admins see their dashboard). */
export const HOME_BY_ROLE: Record<Role, string> = {
  VERBA_ADMIN: '/dashboard',
  VERBA_PM: '/dashboard',
  CLIENT_ADMIN: '/dashboard',
  CLIENT_USER: '/tasks',
};
