import type { LogKey, LogParams } from '../../lib/log-messages.ts';
import { outcome, type Deps, type Outcome } from '../../lib/service.ts';
import { responseKind } from './gateway/verdict.ts';
import type { BankDecision } from './bank-decision.ts';
import { notifyApproval } from './notifications.ts';
import type * as repo from './repository.ts';

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

/** A refused answer: its `payments.refused` row says why with a key and values (ADR 0012). */
function refused(refusal: {
  key: LogKey;
  params: LogParams;
  customerId: number | null;
  taskId: number | null;
  messageKey?: string;
  messageValues?: Record<string, unknown>;
}): Outcome<BankResult> {
  const {
    key,
    params,
    customerId,
    taskId,
    messageKey = 'payments.verification_failed',
    messageValues,
  } = refusal;
  return outcome(
    { paymentDone: false, messageKey, ...(messageValues ? { messageValues } : {}), taskId },
    { action: 'payments.refused', key, params, customerId },
  );
}

/** The message of an order answered before (a replayed or second answer). */
function repeatMessage(status: repo.PaymentRow['status'], storedCode: string): string {
  if (status === 'AUTHORISED') return 'payments.approved';
  if (status === 'DECLINED')
    return responseKind(storedCode) === 'cancelled' ? 'payments.cancelled' : 'payments.declined';
  if (status === 'CANCELLED') return 'payments.price_changed';
  return status === 'DUPLICATE' ? 'payments.already_paid' : 'payments.verification_failed';
}

/**
 * Says what a decision did: the OK/KO page's message, the action-log row, and the approval's mails
 * and notifications. Changes nothing the decision decided.
 */
export async function reportBankDecision(deps: Deps, d: BankDecision): Promise<Outcome<BankResult>> {
  switch (d.kind) {
    case 'unsigned':
      return refused({
        key: d.claimedOrder ? 'payments.unsigned_order' : 'payments.unsigned',
        params: { via: d.via, reason: d.reason, order: d.claimedOrder?.slice(0, 12) ?? '' },
        customerId: null,
        taskId: null,
      });
    case 'unknown_order':
      return refused({
        key: 'payments.unknown_order',
        params: { via: d.via, order: d.order },
        customerId: null,
        taskId: null,
      });
  }
  const { payment, where } = d;
  const customerId = payment.customer_id;
  const taskId = payment.task_id;
  switch (d.kind) {
    case 'task_mismatch':
      return refused({
        key: 'payments.task_mismatch',
        params: { ...where, returned: d.returned },
        customerId,
        taskId: null,
      });
    case 'merchant_mismatch':
      return refused({ key: 'payments.merchant_mismatch', params: where, customerId, taskId });
    case 'amount_mismatch':
      return refused({
        key: 'payments.amount_mismatch',
        params: { ...where, got: d.got, expected: d.expected },
        customerId,
        taskId,
      });
    case 'gone':
      return refused({ key: 'payments.order_gone', params: where, customerId, taskId: null });
    case 'repeat':
      return outcome(
        {
          paymentDone: d.status === 'AUTHORISED',
          messageKey: repeatMessage(d.status, d.stored),
          messageValues: { code: d.stored, state: d.status },
          taskId,
          repeated: true,
        },
        {
          action: 'payments.repeated',
          key: 'payments.repeated',
          params: { ...where, status: d.status, response: d.response },
          customerId,
        },
      );
    case 'declined':
      return refused({
        key: d.cancelled ? 'payments.cancelled_at_bank' : 'payments.declined',
        params: { ...where, response: d.response },
        customerId,
        taskId,
        messageKey: d.cancelled ? 'payments.cancelled' : 'payments.declined',
        messageValues: { code: d.response },
      });
    case 'duplicate':
      return refused({
        key: 'payments.duplicate',
        params: { ...where, response: d.response, other: d.other },
        customerId,
        taskId,
        messageKey: 'payments.already_paid',
      });
    case 'unapplied':
      return refused({
        key: 'payments.unapplied',
        params: { ...where, response: d.response, state: d.state },
        customerId,
        taskId,
        messageKey: 'payments.not_payable',
        messageValues: { state: d.state },
      });
    case 'price_changed':
      return refused({
        key: 'payments.price_changed_refund',
        params: {
          ...where,
          response: d.response,
          card: payment.card_amount,
          amount: payment.amount,
          now: d.now ?? '-',
        },
        customerId,
        taskId,
        messageKey: 'payments.price_changed',
      });
    case 'balance_spent':
      return refused({
        key: 'payments.balance_spent_refund',
        params: {
          ...where,
          response: d.response,
          card: payment.card_amount,
          balance: payment.balance_used,
          available: d.available,
        },
        customerId,
        taskId,
        messageKey: 'payments.balance_spent',
      });
    case 'approved':
      await notifyApproval(deps, taskId, 'approved');
      return outcome(
        { paymentDone: true, messageKey: 'payments.approved', taskId },
        {
          action: 'payments.authorised',
          key: 'payments.authorised',
          params: {
            ...where,
            code: d.code,
            card: payment.card_amount,
            balance: payment.balance_used,
            response: d.response,
          },
          customerId,
        },
      );
  }
}
