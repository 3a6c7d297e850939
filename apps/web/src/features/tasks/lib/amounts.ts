import type { DeliveryProgressRow } from '@verba/contracts';

/** States in which the task's money is settled or owed (not a quote any more). */
const ORDERED_STATES: readonly string[] = ['APPROVED', 'DEFERRED', 'IN_COURSE', 'DONE'];

/** Whether the task is an order (paid for, or in production on deferred terms), not a quote. */
export const isOrdered = (state: string) => ORDERED_STATES.includes(state);

/** The last payment's moment, or null when nothing was paid. */
export function lastPaymentDate(payments: ReadonlyArray<{ created_at: string }>): string | null {
  return payments.reduce<string | null>(
    (last, p) => (!last || p.created_at > last ? p.created_at : last),
    null,
  );
}

/** Which line a task's amount carries: what is to be paid (a quote) or the order's total (an order). */
export const totalLabelKey = (state: string) =>
  isOrdered(state) ? 'amounts.orderTotal' : ('amounts.owed' as const);

/** Nothing left to pay: the outstanding amount is zero (never negative on the wire). */
export const isSettled = (outstanding: string) => Number(outstanding) <= 0;

/** What a language's delivery is: final, partial (some files, or staff said more are coming), or not started. */
export function deliveryKind(row: Pick<DeliveryProgressRow, 'delivered' | 'total' | 'final'>) {
  if (row.final) return 'final' as const;
  if (row.delivered > 0) return 'partial' as const;
  return 'inProgress' as const;
}

/** A task past its due date that is still to deliver. */
export function isOverdue(dueDate: string | null | undefined, state: string, now = new Date()): boolean {
  if (!dueDate || state === 'DONE' || state === 'CANCELLED') return false;
  return new Date(dueDate).getTime() < now.getTime();
}

/** The client asked for a day earlier than the delivery date offered (both read in Madrid days). */
export function requestedDateMissed(
  requested: string | null | undefined,
  dueDate: string | null | undefined,
) {
  if (!requested || !dueDate) return false;
  const dueDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(dueDate));
  return requested < dueDay;
}

/** What the bank's signed answer says about the payment, for the receipt (shown once the portal verified it). */
export interface BankReceipt {
  order: string;
  /** euros, two decimals */
  amount: string | null;
  /** the card's last digits, when the bank gave them */
  cardDigits: string | null;
  /** `DD/MM/YYYY HH:mm` as the bank wrote it, or null */
  date: string | null;
}

/** Reads Ds_MerchantParameters (base64 JSON of the Redsys protocol); null when it cannot be read. */
export function bankReceipt(merchantParameters: string | null): BankReceipt | null {
  if (!merchantParameters) return null;
  try {
    const json = atob(merchantParameters.replace(/-/g, '+').replace(/_/g, '/'));
    const raw = JSON.parse(json) as Record<string, unknown>;
    const field = (name: string) => {
      const key = Object.keys(raw).find((k) => k.toLowerCase() === name.toLowerCase());
      const value = key ? raw[key] : undefined;
      return typeof value === 'string' || typeof value === 'number'
        ? decodeURIComponent(String(value))
        : null;
    };
    const order = field('Ds_Order');
    if (!order) return null;
    const cents = field('Ds_Amount');
    const card = field('Ds_Card_Number') ?? field('Ds_CardNumber');
    const digits = card ? (/(\d{4})\D*$/.exec(card)?.[1] ?? null) : null;
    const day = field('Ds_Date');
    const hour = field('Ds_Hour');
    return {
      order,
      amount: cents && /^\d+$/.test(cents) ? (Number(cents) / 100).toFixed(2) : null,
      cardDigits: digits,
      date: day ? [day, hour].filter(Boolean).join(' ') : null,
    };
  } catch {
    return null;
  }
}
