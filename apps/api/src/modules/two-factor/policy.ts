import { assertCanFrom, canFrom, type AssertCan, type PolicyUser, type Rules } from '../../lib/policy.ts';

/**
 * Second factors (ADR 0030): each user sets up and turns off their own; an admin resets another
 * user's (VERBA_ADMIN anyone's, a client admin its own customer's users'); a client admin requires
 * it for its own customer, VERBA_ADMIN for any. Out of reach answers 404.
 */
type Target = { id: number; customer_id: number | null };

interface Subjects {
  'manage-own': undefined;
  reset: Target;
  'require-for-customer': { id: number };
}

const admin = (user: PolicyUser) =>
  !user ? 401 : user.type === 'VERBA_ADMIN' || user.type === 'CLIENT_ADMIN' ? true : 403;

const rules: Rules<Subjects> = {
  'manage-own': { role: 'account:manage' },
  reset: {
    role: admin,
    subject: (user, target) =>
      user?.type === 'VERBA_ADMIN' || (user?.customer_id != null && target.customer_id === user.customer_id)
        ? true
        : 404,
  },
  'require-for-customer': {
    role: admin,
    subject: (user, customer) =>
      user?.type === 'VERBA_ADMIN' || customer.id === user?.customer_id ? true : 404,
  },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
