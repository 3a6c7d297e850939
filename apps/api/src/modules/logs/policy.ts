import { assertCanFrom, canFrom, type AssertCan, type Rules } from '../../lib/policy.ts';

/** The action log is read (listed, filtered, exported) by the roles that hold `logs:view`. */
interface Subjects {
  view: undefined;
}

const rules: Rules<Subjects> = { view: { role: 'logs:view' } };

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
