import { can, isStaff, type Permission } from '@verba/contracts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { forbidden, notFound, unauthenticated } from '../../lib/app-error.ts';

/** Only VERBA_ADMIN sees when a rate changed and who changed it (spec part 2 §6). */
export const seesRateAudit = (user: CurrentUser | null): boolean =>
  Boolean(user && can(user.type, 'rates:manage'));

/** The general rates are the staff's (the admin's general rates screen, the PM's customer page). */
export function assertCanReadGeneralRates(user: CurrentUser | null): void {
  if (!user || !isStaff(user.type)) throw forbidden();
}

export interface CustomerReadRule {
  /** What a staff member needs (e.g. `customers:view` for the PM's customer page). */
  staff: Permission;
  /** Clients read their own customer only with `rates:view-own` and, if set, `show_rates` on. */
  requireShowRates: boolean;
}

/**
 * Who may read a customer's rates. Staff: by permission. Clients: their own customer only
 * (another customer is 404, as if it did not exist), CLIENT_ADMIN only, and only with show_rates.
 * `customer` is the row, or undefined when it does not exist.
 */
export function assertCanReadCustomerRates(
  user: CurrentUser | null,
  customerId: number,
  customer: { show_rates: boolean } | undefined,
  rule: CustomerReadRule,
): asserts customer is { show_rates: boolean } {
  if (!user) throw unauthenticated();
  if (isStaff(user.type)) {
    if (!can(user.type, rule.staff)) throw forbidden();
    if (!customer) throw notFound();
    return;
  }
  if (user.customer_id !== customerId || !customer) throw notFound();
  if (!can(user.type, 'rates:view-own')) throw forbidden();
  if (rule.requireShowRates && !customer.show_rates) throw forbidden();
}

/** Rates of a customer: staff read them for the customer page; a client admin with show_rates. */
export const READ_CUSTOMER_RATES: CustomerReadRule = { staff: 'customers:view', requireShowRates: true };
/** Minimum rates: VERBA_ADMIN, or a client admin for its own customer. */
export const READ_MINIMUM_RATES: CustomerReadRule = { staff: 'rates:manage', requireShowRates: false };
