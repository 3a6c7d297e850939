import type { TaskState, VerifyGuestPayment, VerifyPayment } from '@verba/contracts';
import { compareMoney } from '@verba/contracts/pricing';
import { notFound } from '../../lib/app-error.ts';
import { outcome, unlogged, type Actor, type Anonymous, type Deps, type Outcome } from '../../lib/service.ts';
import type { LogKey, LogParams } from '../../lib/log-messages.ts';
import { visibleTasks } from '../tasks/policy.ts';
import { findVisibleTask, guestTaskByToken } from '../tasks/service.ts';
import { eurosToCents } from './gateway/redsys-protocol.ts';
import { isSigned, responseKind, type BankVerdict } from './gateway/verdict.ts';
import { notifyApproval } from './notifications.ts';
import { PAYABLE_STATES, approveWithPayment, balanceAvailableFor } from './payable.ts';
import * as policy from './policy.ts';
import * as repo from './repository.ts';

/** What the bank's answer did, for the OK/KO page. */
export interface BankResult {
  paymentDone: boolean;
  /** translation key of the message for the OK/KO page */
  messageKey: string;
  messageValues?: Record<string, unknown>;
  taskId: number | null;
  /** The order was answered before (by the notification, or an earlier visit): nothing changed. */
  repeated?: boolean;
}

/** Where the answer came from, and what the caller expects it to be about. */
export interface BankResponseContext {
  via: 'notification' | 'return' | 'sandbox';
  /** A browser's return for this task: an answer about another task is refused. */
  taskId?: number | undefined;
  /** A guest's return: an answer about a customer's order is refused. */
  guest?: boolean;
}

/** A refused answer: its `payments.refused` row says why with a key and values (issue 22). */
const refused = (
  key: LogKey,
  params: LogParams,
  customerId: number | null,
  taskId: number | null,
  messageKey = 'payments.verification_failed',
  messageValues?: Record<string, unknown>,
): Outcome<BankResult> =>
  outcome(
    { paymentDone: false, messageKey, ...(messageValues ? { messageValues } : {}), taskId },
    { action: 'payments.refused', key, params, customerId },
  );

/** The message of an order answered before (a replayed or second answer). */
function repeatMessage(status: repo.PaymentRow['status'], storedCode: string): string {
  if (status === 'AUTHORISED') return 'payments.approved';
  if (status === 'DECLINED')
    return responseKind(storedCode) === 'cancelled' ? 'payments.cancelled' : 'payments.declined';
  if (status === 'CANCELLED') return 'payments.price_changed';
  return status === 'DUPLICATE' ? 'payments.already_paid' : 'payments.verification_failed';
}

/**
 * The bank's answer, from the server-to-server notification or the browser's return: only a
 * valid signature, for an order we stored, with the exact amount, merchant and currency, and an
 * authorised code approves. Idempotent: an order already AUTHORISED changes nothing.
 */
export async function handleBankResponse(
  deps: Deps,
  verdict: BankVerdict,
  context: BankResponseContext,
): Promise<Outcome<BankResult>> {
  const { via } = context;
  if (!isSigned(verdict))
    return refused(
      verdict.claimedOrder ? 'payments.unsigned_order' : 'payments.unsigned',
      {
        via,
        reason: verdict.kind === 'invalid_signature' ? 'wrong_signature' : 'malformed_response',
        order: verdict.claimedOrder?.slice(0, 12) ?? '',
      },
      null,
      null,
    );
  const payment = await repo.findPaymentByOrder(deps.db, verdict.order);
  if (!payment) return refused('payments.unknown_order', { via, order: verdict.order }, null, null);
  /** Where the answer came from and what it is about, in every row below. */
  const where = { via, order: payment.order_number, task: payment.task_id };
  if (
    (context.taskId !== undefined && payment.task_id !== context.taskId) ||
    (context.guest && !policy.can(null, 'verify', payment))
  )
    return refused(
      'payments.task_mismatch',
      { ...where, returned: context.taskId ?? '-' },
      payment.customer_id,
      null,
    );
  if (!verdict.forUs)
    return refused('payments.merchant_mismatch', where, payment.customer_id, payment.task_id);
  const expectedCents = eurosToCents(payment.card_amount);
  if (verdict.amountCents !== expectedCents)
    return refused(
      'payments.amount_mismatch',
      { ...where, got: verdict.amountCents ?? '-', expected: expectedCents },
      payment.customer_id,
      payment.task_id,
    );

  const code = verdict.responseCode;
  const now = new Date();
  /** The customer whose balance this order draws from, if it draws any. */
  const drawsFrom = compareMoney(payment.balance_used, '0') > 0 ? payment.customer_id : null;
  const result = await deps.db.transaction(async (tx) => {
    // task, customer, payment: the order openPayment locks in, so the two never deadlock
    const task = await repo.lockTask(tx, payment.task_id);
    if (drawsFrom) await repo.lockCustomer(tx, drawsFrom);
    const locked = await repo.lockPayment(tx, payment.id);
    if (!locked) return { kind: 'gone' as const };
    const codes = { response_code: code, authorisation_code: verdict.authorisationCode };
    // Cancelled because the price changed, yet charged: the money is kept aside for a refund.
    if (locked.status === 'CANCELLED' && verdict.kind === 'authorised') {
      await repo.completePayment(tx, locked.id, 'UNAPPLIED', codes);
      return { kind: 'price_changed' as const, now: task?.amount_to_pay ?? null };
    }
    if (locked.status !== 'PENDING')
      return { kind: 'repeat' as const, status: locked.status, stored: locked.response_code ?? '' };
    if (verdict.kind !== 'authorised') {
      await repo.completePayment(tx, locked.id, 'DECLINED', { response_code: code });
      return { kind: 'declined' as const };
    }
    const other = await repo.otherAuthorisedPayment(tx, locked.task_id, locked.id);
    if (other) {
      await repo.completePayment(tx, locked.id, 'DUPLICATE', codes);
      return { kind: 'duplicate' as const, other: other.order_number };
    }
    if (!task || !PAYABLE_STATES.includes(task.state)) {
      await repo.completePayment(tx, locked.id, 'UNAPPLIED', codes);
      return { kind: 'unapplied' as const, state: task?.state ?? 'deleted' };
    }
    // Issued for an older price (the cancelling job has not run yet): never approves at it.
    if (task.price_version !== locked.price_version) {
      await repo.completePayment(tx, locked.id, 'UNAPPLIED', codes);
      return { kind: 'price_changed' as const, now: task.amount_to_pay };
    }
    if (drawsFrom) {
      const available = await balanceAvailableFor(tx, drawsFrom, locked.task_id, now);
      // The hold lapsed and the balance went to other tasks. Approving would sell the task for
      // the card part alone, and drawing anyway would push the balance below zero unseen, so the
      // card charge stays unapplied (refunded by staff) and the task stays payable.
      if (compareMoney(available, locked.balance_used) < 0) {
        await repo.completePayment(tx, locked.id, 'UNAPPLIED', codes);
        return { kind: 'balance_spent' as const, available };
      }
    }
    await repo.completePayment(tx, locked.id, 'AUTHORISED', codes);
    await approveWithPayment(tx, task, locked.created_by, now, 'paid_by_card', locked);
    return { kind: 'approved' as const, code: task.code };
  });

  const customerId = payment.customer_id;
  const taskId = payment.task_id;
  switch (result.kind) {
    case 'gone':
      return refused('payments.order_gone', where, customerId, null);
    case 'repeat':
      return outcome(
        {
          paymentDone: result.status === 'AUTHORISED',
          messageKey: repeatMessage(result.status, result.stored),
          messageValues: { code: result.stored, state: result.status },
          taskId,
          repeated: true,
        },
        {
          action: 'payments.repeated',
          key: 'payments.repeated',
          params: { ...where, status: result.status, response: code },
          customerId,
        },
      );
    case 'declined': {
      const cancelled = verdict.kind === 'cancelled';
      return refused(
        cancelled ? 'payments.cancelled_at_bank' : 'payments.declined',
        { ...where, response: code },
        customerId,
        taskId,
        cancelled ? 'payments.cancelled' : 'payments.declined',
        { code },
      );
    }
    case 'duplicate':
      return refused(
        'payments.duplicate',
        { ...where, response: code, other: result.other },
        customerId,
        taskId,
        'payments.already_paid',
      );
    case 'unapplied':
      return refused(
        'payments.unapplied',
        { ...where, response: code, state: result.state },
        customerId,
        taskId,
        'payments.not_payable',
        { state: result.state },
      );
    case 'price_changed':
      return refused(
        'payments.price_changed_refund',
        {
          ...where,
          response: code,
          card: payment.card_amount,
          amount: payment.amount,
          now: result.now ?? '-',
        },
        customerId,
        taskId,
        'payments.price_changed',
      );
    case 'balance_spent':
      return refused(
        'payments.balance_spent_refund',
        {
          ...where,
          response: code,
          card: payment.card_amount,
          balance: payment.balance_used,
          available: result.available,
        },
        customerId,
        taskId,
        'payments.balance_spent',
      );
    case 'approved':
      await notifyApproval(deps, taskId, 'approved');
      return outcome(
        { paymentDone: true, messageKey: 'payments.approved', taskId },
        {
          action: 'payments.authorised',
          key: 'payments.authorised',
          params: {
            ...where,
            code: result.code,
            card: payment.card_amount,
            balance: payment.balance_used,
            response: code,
          },
          customerId,
        },
      );
  }
}

/** States of a task that is paid for (or in production on deferred terms). */
const PAID_STATES: readonly TaskState[] = ['APPROVED', 'DEFERRED', 'IN_COURSE', 'DONE'];

/**
 * What the OK/KO page says when there is no new answer to apply: the bank's parameters are
 * missing (a bookmark, a reload) or the order was answered before (the notification came first).
 * It tells where the task stands, from its state, and the call logs nothing.
 */
function standing(state: TaskState | undefined, repeat: BankResult | null) {
  if (state && PAID_STATES.includes(state))
    return {
      paymentDone: true,
      messageKey: state === 'APPROVED' ? 'payments.approved' : 'payments.already_paid',
    };
  if (repeat)
    return { paymentDone: false, messageKey: repeat.messageKey, messageValues: repeat.messageValues };
  return { paymentDone: false, messageKey: 'payments.no_answer' };
}

/**
 * POST /tasks/verifyPayment: the browser's return from the bank (OK or KO page). `verdict` null:
 * the page came without the bank's parameters.
 */
export async function verifyReturn(
  deps: Deps,
  actor: Actor,
  taskId: number,
  verdict: BankVerdict | null,
): Promise<Outcome<VerifyPayment>> {
  const task = await findVisibleTask(deps.db, visibleTasks(actor.user), taskId);
  if (!task) throw notFound();
  policy.assertCan(actor.user, 'verify', task);
  const answer = verdict ? await handleBankResponse(deps, verdict, { via: 'return', taskId: task.id }) : null;
  const state = (await repo.taskState(deps.db, taskId)) ?? task.state;
  if (!answer || answer.data.repeated) {
    const said = standing(state, answer?.data ?? null);
    return unlogged({
      paymentDone: said.paymentDone,
      message: actor.t(said.messageKey, { code: task.code, ...said.messageValues }),
      task: { id: taskId, state },
    });
  }
  const { data, log } = answer;
  return outcome(
    {
      paymentDone: data.paymentDone,
      message: actor.t(data.messageKey, data.messageValues),
      task: { id: taskId, state },
    },
    { ...log!, customerId: log?.customerId ?? task.customer_id },
  );
}

/**
 * POST /task/temporal/verifyPayment: a guest's return from the bank (its link token when known).
 * `verdict` null: the page came without the bank's parameters.
 */
export async function verifyGuestReturn(
  deps: Deps,
  guest: Anonymous,
  token: string | undefined,
  verdict: BankVerdict | null,
): Promise<Outcome<VerifyGuestPayment>> {
  const task = token ? await guestTaskByToken(deps, token) : undefined;
  if (token && !task) throw notFound();
  const answer = verdict
    ? await handleBankResponse(deps, verdict, { via: 'return', taskId: task?.id, guest: true })
    : null;
  const taskId = task?.id ?? answer?.data.taskId;
  const state = taskId ? await repo.taskState(deps.db, taskId) : undefined;
  if (!answer || answer.data.repeated) {
    const said = standing(state, answer?.data ?? null);
    return unlogged({
      paymentDone: said.paymentDone,
      message: guest.t(said.messageKey, said.messageValues),
      task: state ? { state } : null,
    });
  }
  return {
    data: {
      paymentDone: answer.data.paymentDone,
      message: guest.t(answer.data.messageKey, answer.data.messageValues),
      task: state ? { state } : null,
    },
    log: answer.log,
  };
}
