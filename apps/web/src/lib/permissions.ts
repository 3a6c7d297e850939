import { HOME_BY_ROLE, ROUTES_BY_ROLE, can, type Permission, type UserDto } from '@verba/contracts';

/** Whether the signed-in user may open a route pattern of the spec's route tables. */
export function canOpenRoute(user: UserDto, pattern: string): boolean {
  if (!ROUTES_BY_ROLE[user.type].includes(pattern)) return false;
  if (pattern === '/rates') return user.customer?.show_rates === true;
  return true;
}

export const userCan = (user: UserDto | null, permission: Permission): boolean =>
  user !== null && can(user.type, permission);

const HIGHLIGHTED = [
  'dashboard',
  'general/rates',
  'users',
  'tasks',
  'glossaries',
  'departments',
  'invoices',
  'rates',
  'languages',
  'logs',
  'settings',
  'account',
  'company',
  'customers',
  'integrations',
];

/** Menu highlight follows the path prefix; default tasks (spec part 1 §2). */
export function activeMenuKey(pathname: string): string {
  const path = pathname.replace(/^\/+/, '');
  return HIGHLIGHTED.find((key) => path === key || path.startsWith(`${key}/`)) ?? 'tasks';
}

/** Where a user lands after signing in and on `/`: the dashboard for staff and client admins, tasks for client users. */
export const homePathOf = (user: UserDto | null): string => (user ? HOME_BY_ROLE[user.type] : '/tasks');
