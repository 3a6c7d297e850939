export const ROLES = ['CLIENT_USER', 'CLIENT_ADMIN', 'VERBA_ADMIN', 'VERBA_PM'] as const;
export type Role = (typeof ROLES)[number];

/** The spec's user type for guests (public quote requests). Guests never sign in. */
export const GUEST_TYPE = 'invitado' as const;

export const STAFF_ROLES: readonly Role[] = ['VERBA_ADMIN', 'VERBA_PM'];
export const CLIENT_ROLES: readonly Role[] = ['CLIENT_ADMIN', 'CLIENT_USER'];

export const isStaff = (role: Role): boolean => STAFF_ROLES.includes(role);
export const isClient = (role: Role): boolean => CLIENT_ROLES.includes(role);
