import { assertCanFrom, canFrom, type AssertCan, type Rules } from '../../lib/policy.ts';

/** Everyone signed in reads and sets its own notifications; nobody reaches another's. */
interface Subjects {
  own: undefined;
}

const rules: Rules<Subjects> = {
  own: { role: 'account:manage' },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
