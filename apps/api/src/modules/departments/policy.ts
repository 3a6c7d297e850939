import {
  assertCanFrom,
  canFrom,
  hasPermission,
  permissionWithCustomer,
  type AssertCan,
  type PolicyUser,
  type Rules,
} from '../../lib/policy.ts';

/**
 * Departments belong to a customer, and only its CLIENT_ADMIN sees and manages them (DESIGN §5);
 * another customer's department answers 404, as if it did not exist.
 */
type Department = { customer_id: number };

interface Subjects {
  /** its own customer's departments */
  list: undefined;
  /** a department of its own customer */
  create: undefined;
  view: Department;
  manage: Department;
}

const ownCustomers = (user: PolicyUser, department: Department) =>
  user?.customer_id === department.customer_id || 404;

const rules: Rules<Subjects> = {
  list: { role: permissionWithCustomer('departments:view') },
  create: { role: permissionWithCustomer('departments:manage') },
  view: { role: 'departments:view', subject: ownCustomers },
  manage: { role: 'departments:manage', subject: ownCustomers },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);

/**
 * The departments a signed-in client may order a task for: all of its customer's for a client
 * admin, its own for a client user; none for staff or a guest.
 */
export function orderableDepartments(
  user: PolicyUser,
): { customerId: number; onlyForUser: number | undefined } | null {
  if (!user || user.customer_id === null || hasPermission(user, 'tasks:create') !== true) return null;
  return { customerId: user.customer_id, onlyForUser: user.type === 'CLIENT_USER' ? user.id : undefined };
}
