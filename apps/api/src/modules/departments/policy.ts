import { notFound } from '../../lib/app-error.ts';
import { allows, assertAllowed, type PolicyUser } from '../../lib/policy.ts';

/**
 * Departments belong to a customer, and only its CLIENT_ADMIN sees and manages them (DESIGN §5);
 * another customer's department answers 404, as if it did not exist.
 */
type Department = { customer_id: number };

export const canViewDepartments = (user: PolicyUser): boolean =>
  allows(user, 'departments:view') && user.customer_id !== null;

/** The customer whose departments the user sees; 404 for a user of no customer. */
export function assertCanViewDepartments(user: PolicyUser): number {
  assertAllowed(user, 'departments:view');
  if (user.customer_id === null) throw notFound();
  return user.customer_id;
}

export const canViewDepartment = (user: PolicyUser, department: Department): boolean =>
  canViewDepartments(user) && user?.customer_id === department.customer_id;

export function assertCanViewDepartment(
  user: PolicyUser,
  department: Department | undefined,
): asserts department is Department {
  assertAllowed(user, 'departments:view');
  if (!department || user.customer_id !== department.customer_id) throw notFound();
}

export const canCreateDepartment = (user: PolicyUser): boolean =>
  allows(user, 'departments:manage') && user.customer_id !== null;

/** The customer the new department belongs to: the client admin's own. */
export function assertCanCreateDepartment(user: PolicyUser): number {
  assertAllowed(user, 'departments:manage');
  if (user.customer_id === null) throw notFound();
  return user.customer_id;
}

export const canManageDepartment = (user: PolicyUser, department: Department): boolean =>
  allows(user, 'departments:manage') && user.customer_id === department.customer_id;

export function assertCanManageDepartment(
  user: PolicyUser,
  department: Department | undefined,
): asserts department is Department {
  assertAllowed(user, 'departments:manage');
  if (!department || user.customer_id !== department.customer_id) throw notFound();
}

/**
 * The departments a signed-in client may order a task for: all of its customer's for a client
 * admin, its own for a client user; none for staff or a guest.
 */
export function orderableDepartments(
  user: PolicyUser,
): { customerId: number; onlyForUser: number | undefined } | null {
  if (!allows(user, 'tasks:create') || user.customer_id === null) return null;
  return { customerId: user.customer_id, onlyForUser: user.type === 'CLIENT_USER' ? user.id : undefined };
}
