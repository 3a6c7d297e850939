import {
  assertCanFrom,
  canFrom,
  permissionWithCustomer,
  type AssertCan,
  type PolicyUser,
  type Rules,
} from '../../lib/policy.ts';

/** A customer's webhook endpoints: its client admins manage them; anyone else's answers 404. */
type Endpoint = { customer_id: number };

interface Subjects {
  list: undefined;
  create: undefined;
  manage: Endpoint;
}

const ownCustomers = (user: PolicyUser, endpoint: Endpoint) =>
  user?.customer_id === endpoint.customer_id || 404;

const rules: Rules<Subjects> = {
  list: { role: permissionWithCustomer('webhooks:manage') },
  create: { role: permissionWithCustomer('webhooks:manage') },
  manage: { role: 'webhooks:manage', subject: ownCustomers },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
