import { creatableUserTypes, type Role } from '@verba/contracts';

export interface UserFormContext {
  actor: Role;
  /** The admin came from a customer's page (only CLIENT_ADMIN may be created there). */
  fromCustomer: boolean;
  /** The type of the user being edited, if any. */
  existingType?: Role;
  editingSelf: boolean;
}

export interface UserFormRules {
  types: Role[];
  showType: boolean;
  showCustomer: (type: Role | null) => boolean;
  showDepartments: (type: Role | null) => boolean;
  showBonus: (type: Role | null) => boolean;
  showActive: boolean;
}

const isClientType = (type: Role | null) => type === 'CLIENT_ADMIN' || type === 'CLIENT_USER';

/** Which parts of the user form a role sees (spec part 2 §6, contracts `creatableUserTypes`). */
export function userFormRules(context: UserFormContext): UserFormRules {
  const types = creatableUserTypes(context.actor, context.fromCustomer);
  if (context.existingType && !types.includes(context.existingType)) types.push(context.existingType);
  const admin = context.actor === 'VERBA_ADMIN';
  return {
    types,
    showType: !context.editingSelf,
    showCustomer: (type) => admin && !context.fromCustomer && isClientType(type),
    showDepartments: (type) => context.actor === 'CLIENT_ADMIN' && type === 'CLIENT_USER',
    showBonus: (type) => admin && isClientType(type),
    showActive: context.existingType !== undefined && !context.editingSelf,
  };
}

/** Where a user screen returns: the customer's page when opened from one, else the users list. */
export function returnPath(fromCustomer: number | string | null | undefined): string {
  if (fromCustomer === undefined || fromCustomer === null || fromCustomer === '') return '/users';
  return fromCustomer === 'create' ? '/customers/create' : `/customers/${fromCustomer}/edit`;
}
