import { assertCanFrom, canFrom, type AssertCan, type Rules } from '../../lib/policy.ts';

/**
 * Single sign-on (ADR 0030): only the provider admin (VERBA_ADMIN) configures identity providers,
 * every customer's and the staff's. Signing in through one is public.
 */
interface Subjects {
  manage: undefined;
}

const rules: Rules<Subjects> = {
  manage: { role: 'sso:manage' },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
