import type { Role } from './roles.ts';

/**
 * Every action the server checks. A route declares one of these (or `public`); the policy
 * functions in the API add ownership (tenant) checks on top. Deny by default: a role has
 * exactly the permissions listed for it below.
 */
export const PERMISSIONS = [
  'account:manage',
  'company:view',
  'company:view-balance',
  'tasks:list',
  'tasks:view',
  'tasks:create',
  'tasks:edit',
  'tasks:cancel',
  'tasks:reactivate',
  'tasks:pay',
  'tasks:send-deferred',
  'tasks:change-status',
  'tasks:delete',
  'tasks:amount-to-pay',
  'tasks:days-to-add',
  'tasks:validate-source-files',
  'tasks:translated-files',
  'tasks:quote-pdf',
  'other-concepts:manage',
  'payments:add',
  'payments:view',
  'customers:list',
  'customers:view',
  'customers:create',
  'customers:edit',
  'customers:delete',
  'customers:bonuses',
  'customers:assign-projects',
  'customers:po-required',
  'rates:manage',
  'rates:view-own',
  'memories:manage',
  'memories:view-own',
  'users:list',
  'users:view',
  'users:create',
  'users:edit',
  'users:delete',
  'departments:manage',
  'departments:view',
  'languages:read',
  'languages:manage',
  'translation-types:read',
  'translation-types:manage',
  'glossaries:upload',
  'glossaries:list',
  'glossaries:delete-any',
  'logs:view',
  'settings:manage',
  'mail-outbox:view',
  'invoices:view',
  'invoices:issue',
  'invoices:export',
  'dashboard:staff',
  'dashboard:client',
  'webhooks:manage',
  'sso:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYONE: Permission[] = [
  'account:manage',
  'tasks:list',
  'tasks:view',
  'languages:read',
  'translation-types:read',
];

const CLIENT_COMMON: Permission[] = [
  ...EVERYONE,
  'company:view',
  'tasks:create',
  'tasks:edit',
  'tasks:cancel',
  'tasks:reactivate',
  'tasks:pay',
  'tasks:send-deferred',
  'tasks:quote-pdf',
  'glossaries:upload',
  'glossaries:list',
];

const STAFF_COMMON: Permission[] = [
  ...EVERYONE,
  'tasks:reactivate',
  'tasks:change-status',
  'tasks:amount-to-pay',
  'tasks:days-to-add',
  'tasks:validate-source-files',
  'tasks:translated-files',
  'tasks:quote-pdf',
  'tasks:send-deferred',
  'other-concepts:manage',
  'customers:list',
  'customers:view',
  'customers:edit',
  'customers:assign-projects',
  // DESIGN §13: only the admin issues invoices; the PM reads them.
  'invoices:view',
  'invoices:export',
  // staff read every customer's glossaries to load them into the CAT tools
  'glossaries:list',
  // Translation memories: staff import, export and delete them per customer and pair.
  'memories:manage',
  'dashboard:staff',
];

export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  CLIENT_USER: new Set(CLIENT_COMMON),
  CLIENT_ADMIN: new Set<Permission>([
    ...CLIENT_COMMON,
    'company:view-balance',
    'payments:view',
    'rates:view-own',
    'users:list',
    'users:view',
    'users:create',
    'users:edit',
    'users:delete',
    'departments:manage',
    'departments:view',
    // A client admin lists its own customer's invoices and downloads their PDFs.
    'invoices:view',
    'memories:view-own',
    'dashboard:client',
    // A client admin registers its customer's webhook endpoints.
    'webhooks:manage',
  ]),
  VERBA_PM: new Set(STAFF_COMMON),
  VERBA_ADMIN: new Set<Permission>([
    ...STAFF_COMMON,
    'tasks:delete',
    'payments:add',
    'payments:view',
    // DESIGN §13: the PM lists and edits customers but does not create or delete them.
    'customers:create',
    'customers:delete',
    'customers:bonuses',
    // whether a customer's tasks need a purchase order number
    'customers:po-required',
    'rates:manage',
    'users:list',
    'users:view',
    'users:create',
    'users:edit',
    'users:delete',
    'languages:manage',
    'translation-types:manage',
    'logs:view',
    'settings:manage',
    // single sign-on: the provider admin configures every customer's identity provider and the staff's
    'sso:manage',
    'mail-outbox:view',
    'invoices:issue',
    'glossaries:delete-any',
  ]),
};

export const can = (role: Role, permission: Permission): boolean => ROLE_PERMISSIONS[role].has(permission);

/** Which user types a role may create (spec part 2 §6). `fromCustomer`: the admin acts from a customer page. */
export function creatableUserTypes(role: Role, fromCustomer: boolean): Role[] {
  switch (role) {
    case 'VERBA_ADMIN':
      return fromCustomer ? ['CLIENT_ADMIN'] : ['CLIENT_ADMIN', 'VERBA_ADMIN', 'VERBA_PM'];
    case 'CLIENT_ADMIN':
      return ['CLIENT_ADMIN', 'CLIENT_USER'];
    default:
      return [];
  }
}
