import { compareMoney } from '@verba/contracts/pricing';
import type { Deps } from '../../lib/service.ts';
import { publishEvent } from '../events/service.ts';
import { eurosToCents } from './gateway/redsys-protocol.ts';
import { isSigned, type BankVerdict } from './gateway/verdict.ts';
import { PAYABLE_STATES, approveWithPayment, balanceAvailableFor } from './payable.ts';
import * as policy from './policy.ts';
import * as repo from './repository.ts';
import { lockCustomerBalance } from '../customers/service.ts';
import { lockTask } from '../tasks/service.ts';

/** Where the answer came from, and what the caller expects it to be about. */
export interface BankResponseContext {
  via: 'notification' | 'return' | 'sandbox';
  /** A browser's return for this task: an answer about another task is refused. */
  taskId?: number | undefined;
  /** A guest's return: an answer about a customer's order is refused. */
  guest?: boolean;
}

/** Where the answer came from and what it is about: the values every log row of it names. */
export type AnswerPlace = {
  via: BankResponseContext['via'];
  order: string;
  task: number;
};

/** An answer about an order we stored: the order, where it came from, the bank's response code. */
interface AboutOrder {
  payment: repo.PaymentRow;
  where: AnswerPlace;
}

/** An answer that reached the order's transaction, with the bank's response code. */
type Applied = AboutOrder & { response: string };

/**
 * What the bank's answer decided, before anything is said about it: refused before the order was
 * read or locked, or what its transaction did (`approved` is the only one that approves the task).
 */
export type BankDecision =
  | {
      kind: 'unsigned';
      via: BankResponseContext['via'];
      reason: 'wrong_signature' | 'malformed_response';
      claimedOrder: string | null;
    }
  | { kind: 'unknown_order'; via: BankResponseContext['via']; order: string }
  | (AboutOrder & { kind: 'task_mismatch'; returned: number | '-' })
  | (AboutOrder & { kind: 'merchant_mismatch' })
  | (AboutOrder & { kind: 'amount_mismatch'; got: string; expected: string })
  | (AboutOrder & { kind: 'gone' })
  | (Applied & { kind: 'repeat'; status: repo.PaymentRow['status']; stored: string })
  | (Applied & { kind: 'declined'; cancelled: boolean })
  | (Applied & { kind: 'duplicate'; other: string })
  | (Applied & { kind: 'unapplied'; state: string })
  | (Applied & { kind: 'price_changed'; now: string | null })
  | (Applied & { kind: 'balance_spent'; available: string })
  | (Applied & { kind: 'approved'; code: string });

/** What the order's transaction did; the caller adds the order, place and response code. */
type Applying = DistributiveOmit<Extract<BankDecision, Applied>, keyof Applied>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Decides the bank's answer, from the server-to-server notification or the browser's return: only
 * a valid signature, for an order we stored, with the exact amount, merchant and currency, and an
 * authorised code approves. Idempotent: an order already AUTHORISED changes nothing. Writes only
 * the order's status and the approval, in one transaction; says nothing (see `reportBankDecision`).
 */
export async function decideBankResponse(
  deps: Pick<Deps, 'db'>,
  verdict: BankVerdict,
  context: BankResponseContext,
): Promise<BankDecision> {
  const { via } = context;
  if (!isSigned(verdict))
    return {
      kind: 'unsigned',
      via,
      reason: verdict.kind === 'invalid_signature' ? 'wrong_signature' : 'malformed_response',
      claimedOrder: verdict.claimedOrder ?? null,
    };
  const payment = await repo.findPaymentByOrder(deps.db, verdict.order);
  if (!payment) return { kind: 'unknown_order', via, order: verdict.order };
  const about: AboutOrder = { payment, where: { via, order: payment.order_number, task: payment.task_id } };
  if (
    (context.taskId !== undefined && payment.task_id !== context.taskId) ||
    (context.guest && !policy.can(null, 'verify', payment))
  )
    return { ...about, kind: 'task_mismatch', returned: context.taskId ?? '-' };
  if (!verdict.forUs) return { ...about, kind: 'merchant_mismatch' };
  const expected = eurosToCents(payment.card_amount);
  if (verdict.amountCents !== expected)
    return { ...about, kind: 'amount_mismatch', got: verdict.amountCents ?? '-', expected };

  const code = verdict.responseCode;
  const now = new Date();
  /** The customer whose balance this order draws from, if it draws any. */
  const drawsFrom = compareMoney(payment.balance_used, '0') > 0 ? payment.customer_id : null;
  const applied = await deps.db.transaction(async (tx): Promise<Applying | { kind: 'gone' }> => {
    // task, customer, payment: the order openPayment locks in, so the two never deadlock
    const task = await lockTask(tx, payment.task_id);
    if (drawsFrom) await lockCustomerBalance(tx, drawsFrom);
    const locked = await repo.lockPayment(tx, payment.id);
    if (!locked) return { kind: 'gone' };
    const codes = { response_code: code, authorisation_code: verdict.authorisationCode };
    // Cancelled because the price changed, yet charged: the money is kept aside for a refund.
    if (locked.status === 'CANCELLED' && verdict.kind === 'authorised') {
      await repo.completePayment(tx, locked.id, 'UNAPPLIED', codes);
      return { kind: 'price_changed', now: task?.amount_to_pay ?? null };
    }
    if (locked.status !== 'PENDING')
      return { kind: 'repeat', status: locked.status, stored: locked.response_code ?? '' };
    if (verdict.kind !== 'authorised') {
      await repo.completePayment(tx, locked.id, 'DECLINED', { response_code: code });
      await publishEvent(tx, {
        type: 'payment.failed',
        task_id: locked.task_id,
        invoice_id: null,
        customer_id: task?.customer_id ?? null,
        actor_user_id: locked.created_by,
        data: { order: locked.order_number, response_code: code, cancelled: verdict.kind === 'cancelled' },
      });
      return { kind: 'declined', cancelled: verdict.kind === 'cancelled' };
    }
    const other = await repo.otherAuthorisedPayment(tx, locked.task_id, locked.id);
    if (other) {
      await repo.completePayment(tx, locked.id, 'DUPLICATE', codes);
      return { kind: 'duplicate', other: other.order_number };
    }
    if (!task || !PAYABLE_STATES.includes(task.state)) {
      await repo.completePayment(tx, locked.id, 'UNAPPLIED', codes);
      return { kind: 'unapplied', state: task?.state ?? 'deleted' };
    }
    // Issued for an older price (the cancelling job has not run yet): never approves at it.
    if (task.price_version !== locked.price_version) {
      await repo.completePayment(tx, locked.id, 'UNAPPLIED', codes);
      return { kind: 'price_changed', now: task.amount_to_pay };
    }
    if (drawsFrom) {
      const available = await balanceAvailableFor(tx, drawsFrom, locked.task_id, now);
      // The hold lapsed and the balance went to other tasks. Approving would sell the task for
      // the card part alone, and drawing anyway would push the balance below zero unseen, so the
      // card charge stays unapplied (refunded by staff) and the task stays payable.
      if (compareMoney(available, locked.balance_used) < 0) {
        await repo.completePayment(tx, locked.id, 'UNAPPLIED', codes);
        return { kind: 'balance_spent', available };
      }
    }
    await repo.completePayment(tx, locked.id, 'AUTHORISED', codes);
    await approveWithPayment(tx, task, locked.created_by, now, 'paid_by_card', locked);
    return { kind: 'approved', code: task.code };
  });
  if (applied.kind === 'gone') return { ...about, kind: 'gone' };
  return { ...about, response: code, ...applied };
}
