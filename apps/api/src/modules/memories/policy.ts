import { notFound } from '../../lib/app-error.ts';
import { allows, assertAllowed, type PolicyUser } from '../../lib/policy.ts';

/**
 * Translation memories (issue 16): staff (VERBA_ADMIN, VERBA_PM) import, see, export and delete
 * any customer's; a client admin sees which pairs its own customer has, as counts only.
 */
export const canManageMemories = (user: PolicyUser): boolean => allows(user, 'memories:manage');

export const assertCanManageMemories = (user: PolicyUser) => assertAllowed(user, 'memories:manage');

/** The customer whose memory counts the client admin sees; 404 for a user of no customer. */
export function assertCanViewOwnMemories(user: PolicyUser): number {
  assertAllowed(user, 'memories:view-own');
  if (user.customer_id === null) throw notFound();
  return user.customer_id;
}
