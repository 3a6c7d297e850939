import { isStaff } from '@verba/contracts';
import { assertCanFrom, canFrom, type AssertCan, type Rules } from '../../lib/policy.ts';

/**
 * Who may do what with customers (DESIGN §5): staff list, open and edit them and assign their
 * projects; only VERBA_ADMIN creates and deletes them and gives bonuses. Clients see none of this,
 * except a customer's discount for their quote previews: their own customer's only.
 */
interface Subjects {
  list: undefined;
  view: undefined;
  create: undefined;
  edit: undefined;
  delete: undefined;
  bonuses: undefined;
  'assign-projects': undefined;
  'read-discount': { id: number };
  /** Whether its tasks need a purchase order number: the provider's admin decides. */
  'set-po-required': undefined;
}

const rules: Rules<Subjects> = {
  list: { role: 'customers:list' },
  view: { role: 'customers:view' },
  create: { role: 'customers:create' },
  edit: { role: 'customers:edit' },
  delete: { role: 'customers:delete' },
  bonuses: { role: 'customers:bonuses' },
  'assign-projects': { role: 'customers:assign-projects' },
  'set-po-required': { role: 'customers:po-required' },
  'read-discount': {
    role: 'tasks:view',
    subject: (user, customer) => (user && (isStaff(user.type) || user.customer_id === customer.id)) || 404,
  },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
