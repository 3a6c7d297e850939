import {
  assertCanFrom,
  canFrom,
  hasPermission,
  type AssertCan,
  type PolicyUser,
  type Rules,
} from '../../lib/policy.ts';

/** Whose tokens: the user they act as, and that user's customer. */
type TokenOwner = { user_id: number; customer_id: number | null };

interface Subjects {
  /** one's own tokens (and a client admin's, its customer's users') */
  list: undefined;
  /** a token acting as this user */
  create: TokenOwner;
  revoke: TokenOwner;
}

/**
 * A user's own tokens are theirs to make and revoke (DESIGN §14); a client admin's also reach its
 * customer's users. Anyone else's answers 404, as if it did not exist.
 */
const ownOrCustomersAdmin = (user: PolicyUser, owner: TokenOwner) =>
  user?.id === owner.user_id ||
  (user?.type === 'CLIENT_ADMIN' && user.customer_id !== null && user.customer_id === owner.customer_id) ||
  404;

const rules: Rules<Subjects> = {
  list: { role: 'account:manage' },
  create: { role: 'account:manage', subject: ownOrCustomersAdmin },
  revoke: { role: 'account:manage', subject: ownOrCustomersAdmin },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);

/** Whose tokens a list shows: the user's own, or all of a client admin's customer's. */
export function listScope(user: PolicyUser): { userId: number } | { customerId: number } | null {
  if (hasPermission(user, 'account:manage') !== true || !user) return null;
  return user.type === 'CLIENT_ADMIN' && user.customer_id !== null
    ? { customerId: user.customer_id }
    : { userId: user.id };
}
