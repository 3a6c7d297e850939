import {
  assertCanFrom,
  canFrom,
  permissionWithCustomer,
  type AssertCan,
  type Rules,
} from '../../lib/policy.ts';

/**
 * Translation memories: staff (VERBA_ADMIN, VERBA_PM) import, see, export and delete any
 * customer's (`manage`); a client admin sees which pairs its own customer has, as counts only
 * (`view-own`; 404 for a user of no customer).
 */
interface Subjects {
  manage: undefined;
  'view-own': undefined;
}

const rules: Rules<Subjects> = {
  manage: { role: 'memories:manage' },
  'view-own': { role: permissionWithCustomer('memories:view-own') },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
