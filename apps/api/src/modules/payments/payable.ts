import { PAYMENT_METHODS, type StateChangeReason } from '@verba/contracts';
import { compareMoney, includedTax, sumMoney } from '@verba/contracts/pricing';
import { AppError } from '../../lib/app-error.ts';
import type { ActionLogEntry } from '../../plugins/action-log.ts';
import { customerBalance } from '../customers/service.ts';
import { approveTask, pricedForPayment, type TaskRow } from '../tasks/service.ts';
import * as repo from './repository.ts';
import { VerifiedOrder } from './verified-order.ts';

/** States a payment or a send-to-production moves a task out of. */
export const PAYABLE_STATES: readonly string[] = ['DRAFT', 'TEMPORAL'];
const ALREADY_PAID_STATES = new Set(['APPROVED', 'DEFERRED', 'IN_COURSE', 'DONE']);

/**
 * A refusal worth a `payments.refused` row although the call answers 4xx (which writes no log):
 * the route writes `log` before the error goes out.
 */
export class PaymentRefused extends AppError {
  constructor(
    readonly log: ActionLogEntry,
    messageKey: string,
  ) {
    super(422, messageKey);
  }
}

/** A task may be paid (or sent to production) only as a priced draft; otherwise a clear 422. */
export async function assertPayable(db: repo.Conn, task: TaskRow): Promise<void> {
  if (task.state === 'CALCULATING') throw new AppError(422, 'payments.calculating');
  if (ALREADY_PAID_STATES.has(task.state))
    throw new PaymentRefused(
      {
        action: 'payments.refused',
        key: 'payments.already_state',
        params: { code: task.code, state: task.state },
        customerId: task.customer_id,
      },
      'payments.already_paid',
    );
  if (!PAYABLE_STATES.includes(task.state))
    throw new AppError(422, 'payments.not_payable', { values: { state: task.state } });
  const readiness = await pricedForPayment(db, task);
  if (readiness.reason === 'unpriced_languages') throw new AppError(422, 'payments.no_price');
  if (readiness.reason === 'zero_total') throw new AppError(422, 'payments.zero_total');
  if (task.custom_quote && !task.source_files_validated)
    throw new AppError(422, 'payments.awaiting_validation');
}

/**
 * What the customer's balance still offers a task: its booked balance minus what the open card
 * orders of its other tasks hold. Only meaningful with the customer row locked.
 */
export async function balanceAvailableFor(tx: repo.Conn, customerId: number, taskId: number, at: Date) {
  const booked = await customerBalance(tx, customerId);
  const held = await repo.balanceHeldByOtherTasks(tx, customerId, taskId, at);
  return sumMoney(booked, `-${held}`);
}

/** The balance first, the card for the rest: what each part of `amount` comes from. */
export function splitPayment(amount: string, balance: string) {
  const balanceUsed =
    compareMoney(balance, '0') <= 0 ? '0.00' : compareMoney(balance, amount) >= 0 ? amount : balance;
  return { balanceUsed, card: sumMoney(amount, `-${balanceUsed}`) };
}

type PaidOrder = Pick<repo.PaymentRow, 'id' | 'amount' | 'balance_used' | 'card_amount'>;

/**
 * The approval's lines in the task's payments table: the balance part and the card part, each
 * with the tax it includes (the two add up to the tax of the whole amount); the outstanding
 * balance, counted with taxes like the total, comes to zero when the quote is paid.
 */
async function recordPaymentLines(tx: repo.Tx, task: TaskRow, userId: number | null, payment: PaidOrder) {
  // The quote's own taxes when the whole quote is paid (taxes are rounded per line there).
  const totalTax =
    compareMoney(payment.amount, task.taxed_price) === 0
      ? sumMoney(task.price_taxes, task.other_prices_taxes)
      : includedTax(payment.amount, task.tax_percentage);
  const balanceTax = includedTax(payment.balance_used, task.tax_percentage);
  const lines = [
    { type: PAYMENT_METHODS.balance, amount: payment.balance_used, taxes: balanceTax },
    { type: PAYMENT_METHODS.card, amount: payment.card_amount, taxes: sumMoney(totalTax, `-${balanceTax}`) },
  ];
  for (const line of lines)
    if (compareMoney(line.amount, '0') > 0)
      await repo.insertPaymentHistory(tx, { task_id: task.id, ...line, created_by: userId });
}

/**
 * Approves the paid task inside the caller's transaction (the tasks module moves it and writes
 * its history, with the order number as the note) and writes the approval's payment lines. The
 * order must be stored AUTHORISED by now: the transition table refuses the approval without its
 * proof (422 `tasks.illegal_transition`). False when the task is no longer payable.
 */
export async function approveWithPayment(
  tx: repo.Tx,
  task: TaskRow,
  userId: number | null,
  at: Date,
  reason: Extract<StateChangeReason, 'paid_with_balance' | 'paid_by_card'>,
  payment: PaidOrder,
): Promise<boolean> {
  const proof = await VerifiedOrder.read(tx, payment.id);
  const approved = await approveTask(tx, task, { userId, at, reason, payment: proof });
  if (approved) await recordPaymentLines(tx, task, userId, payment);
  return approved;
}
