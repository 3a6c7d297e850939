import { isStaff } from '@verba/contracts';
import { notFound } from '../../lib/app-error.ts';
import { allows, assertAllowed, type PolicyUser } from '../../lib/policy.ts';

/**
 * Who may do what with customers (DESIGN §5): staff list, open and edit them and assign their
 * projects; only VERBA_ADMIN creates and deletes them and gives bonuses. Clients see none of this.
 */
export const canListCustomers = (user: PolicyUser) => allows(user, 'customers:list');
export const canViewCustomer = (user: PolicyUser) => allows(user, 'customers:view');
export const canCreateCustomer = (user: PolicyUser) => allows(user, 'customers:create');
export const canEditCustomer = (user: PolicyUser) => allows(user, 'customers:edit');
export const canDeleteCustomer = (user: PolicyUser) => allows(user, 'customers:delete');
export const canManageBonuses = (user: PolicyUser) => allows(user, 'customers:bonuses');
export const canAssignProjects = (user: PolicyUser) => allows(user, 'customers:assign-projects');

export const assertCanListCustomers = (user: PolicyUser) => assertAllowed(user, 'customers:list');
export const assertCanViewCustomer = (user: PolicyUser) => assertAllowed(user, 'customers:view');
export const assertCanCreateCustomer = (user: PolicyUser) => assertAllowed(user, 'customers:create');
export const assertCanEditCustomer = (user: PolicyUser) => assertAllowed(user, 'customers:edit');
export const assertCanDeleteCustomer = (user: PolicyUser) => assertAllowed(user, 'customers:delete');
export const assertCanManageBonuses = (user: PolicyUser) => assertAllowed(user, 'customers:bonuses');
export const assertCanAssignProjects = (user: PolicyUser) => assertAllowed(user, 'customers:assign-projects');

/** A customer's discount (for quote previews): staff any customer's, a client its own only. */
export const canReadDiscount = (user: PolicyUser, customerId: number): boolean =>
  allows(user, 'tasks:view') && (isStaff(user.type) || user.customer_id === customerId);

/** Another customer's discount answers 404, as if it did not exist. */
export function assertCanReadDiscount(user: PolicyUser, customerId: number): void {
  assertAllowed(user, 'tasks:view');
  if (!canReadDiscount(user, customerId)) throw notFound();
}
