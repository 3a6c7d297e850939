import {
  assertCanFrom,
  canFrom,
  permissionWithCustomer,
  type AssertCan,
  type Rules,
} from '../../lib/policy.ts';

/** Staff (admin and PM) see every customer's figures; a client admin its own customer's (403 without one). */
interface Subjects {
  staff: undefined;
  client: undefined;
}

const rules: Rules<Subjects> = {
  staff: { role: 'dashboard:staff' },
  client: { role: permissionWithCustomer('dashboard:client', 403) },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
