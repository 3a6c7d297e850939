export const TASK_STATES = [
  'TEMPORAL',
  'DRAFT',
  'CALCULATING',
  'DEFERRED',
  'APPROVED',
  'IN_COURSE',
  'DONE',
  'CANCELLED',
] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** A list filter only: APPROVED or DRAFT. Never stored on a task. */
export const APPROVED_AND_DRAFT = 'APPROVED_AND_DRAFT' as const;
export const TASK_STATE_FILTERS = [...TASK_STATES, APPROVED_AND_DRAFT] as const;
export type TaskStateFilter = (typeof TASK_STATE_FILTERS)[number];

export const PAYMENT_SCHEMES = ['ON_DEMAND', 'DEFERRED'] as const;
export type PaymentScheme = (typeof PAYMENT_SCHEMES)[number];

/**
 * Why the system moved a task, stored with the move and shown translated in the task's history
 * (a person's own words go in the move's note instead).
 */
export const STATE_CHANGE_REASONS = [
  'created',
  'edited',
  'analysed',
  'analysed_with_errors',
  'paid_with_balance',
  'paid_by_card',
  'sent_to_production',
  'guest_requested',
  'converted_to_customer',
  'requoted',
] as const;
export type StateChangeReason = (typeof STATE_CHANGE_REASONS)[number];

/**
 * The method of a payments-table line written by the portal itself (an approval paid by card or
 * from the balance); screens translate these, and show a method typed by staff as it is.
 */
export const PAYMENT_METHODS = { card: 'card', balance: 'balance' } as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[keyof typeof PAYMENT_METHODS];

export type InvoiceTag = 'paid' | 'pending';

/**
 * The tag beside a task's invoice (spec part 1 §4): paid when the customer pays on demand and the
 * task is past quoting and payment (not TEMPORAL, CALCULATING, DEFERRED or CANCELLED); otherwise
 * pending — deferred terms are invoiced before they are paid. An invoice marked paid
 * makes its tasks' tag paid too.
 */
export function invoiceTag(
  state: string,
  paymentScheme: string | null | undefined,
  invoicePaid = false,
): InvoiceTag {
  if (invoicePaid) return 'paid';
  const unpaidStates: readonly string[] = ['TEMPORAL', 'CALCULATING', 'DEFERRED', 'CANCELLED'];
  return paymentScheme === 'ON_DEMAND' && !unpaidStates.includes(state) ? 'paid' : 'pending';
}
