import { can, isStaff } from '@verba/contracts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';

/**
 * Who may do what with invoices (issue 19, DESIGN §13; deny by default):
 * - `view`: the list, an invoice and its PDF: staff all; a client admin its own customer's;
 * - `issue`: issue, mark paid, mail, correct: the provider admin only;
 * - `export`: the accountant's CSV: staff.
 */
export type InvoiceAction = 'view' | 'issue' | 'export';

const PERMISSION = { view: 'invoices:view', issue: 'invoices:issue', export: 'invoices:export' } as const;

export const roleMay = (user: CurrentUser, action: InvoiceAction): boolean =>
  can(user.type, PERMISSION[action]);

/**
 * Whose invoices the user reads: undefined for staff (all), the own customer's id for a client
 * admin, or null when a client has no customer (none).
 */
export function invoiceScope(user: CurrentUser): number | null | undefined {
  if (isStaff(user.type)) return undefined;
  return user.customer_id;
}

/** Throws unless the user may act on the invoice: 403 for the role, 404 for another tenant's. */
export function assertCan(user: CurrentUser, action: InvoiceAction, invoice: { customer_id: number }): void {
  if (!roleMay(user, action)) throw forbidden();
  const scope = invoiceScope(user);
  if (scope !== undefined && scope !== invoice.customer_id) throw notFound();
}

/** What the invoice screen may offer the user. */
export function abilitiesFor(
  user: CurrentUser,
  invoice: { payment_status: string; rectifies_id: number | null },
  rectified: boolean,
) {
  const issue = roleMay(user, 'issue');
  return {
    can_mark_paid: issue && invoice.payment_status === 'pending',
    can_send: issue,
    can_rectify: issue && invoice.rectifies_id === null && !rectified,
  };
}
