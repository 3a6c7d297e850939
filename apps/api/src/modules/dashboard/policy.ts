import { assertAllowed, type PolicyUser } from '../../lib/policy.ts';
import { forbidden } from '../../lib/app-error.ts';

/** Staff (admin and PM) see every customer's figures. */
export function assertStaffDashboard(user: PolicyUser): void {
  assertAllowed(user, 'dashboard:staff');
}

/** A client admin sees its own customer's figures; returns that customer. */
export function assertClientDashboard(user: PolicyUser): number {
  assertAllowed(user, 'dashboard:client');
  if (user.customer_id === null) throw forbidden();
  return user.customer_id;
}
