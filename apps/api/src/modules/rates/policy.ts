import { can as roleHas, isStaff, type Permission } from '@verba/contracts';
import { assertCanFrom, canFrom, type AssertCan, type PolicyUser, type Rules } from '../../lib/policy.ts';

/** A customer as far as reading its rates needs it. */
interface Customer {
  id: number;
  show_rates: boolean;
}

interface Subjects {
  /** see when a rate changed and who changed it: VERBA_ADMIN only (spec part 2 §6) */
  'see-audit': undefined;
  /** the general rates: the staff's (the admin's general rates screen, the PM's customer page) */
  'read-general': undefined;
  /** a customer's rates: staff for the customer page; a client admin its own, with show_rates */
  'read-customer-rates': Customer;
  /** a customer's minimum rates: VERBA_ADMIN, or a client admin for its own customer */
  'read-minimum-rates': Customer;
}

/**
 * Reading a customer's rates. Staff: by `staff` permission. Clients: their own customer only
 * (another customer is 404, as if it did not exist), with `rates:view-own`, and, when
 * `requireShowRates`, only with the customer's show_rates on.
 */
function customerRead(staff: Permission, requireShowRates: boolean) {
  return {
    role: (user: PolicyUser) => (!user ? 401 : isStaff(user.type) && !roleHas(user.type, staff) ? 403 : true),
    subject: (user: PolicyUser, customer: Customer) => {
      if (!user) return 401;
      if (isStaff(user.type)) return true;
      if (user.customer_id !== customer.id) return 404;
      if (!roleHas(user.type, 'rates:view-own')) return 403;
      return !requireShowRates || customer.show_rates || 403;
    },
  };
}

const rules: Rules<Subjects> = {
  'see-audit': { role: 'rates:manage' },
  'read-general': { role: (user) => (user && isStaff(user.type)) || 403 },
  'read-customer-rates': customerRead('customers:view', true),
  'read-minimum-rates': customerRead('rates:manage', false),
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
