import { randomInt } from 'node:crypto';
import type { PaymentSummary, SendDeferred, StartPayment } from '@verba/contracts';
import { compareMoney } from '@verba/contracts/pricing';
import { AppError, notFound } from '../../lib/app-error.ts';
import { outcome, type Actor, type Anonymous, type Deps, type Outcome } from '../../lib/service.ts';
import { findCustomer, lockCustomerBalance } from '../customers/service.ts';
import {
  findTaskSeenBy,
  guestTaskByToken,
  lockTask,
  sendToProduction,
  type TaskRow,
} from '../tasks/service.ts';
import type { PaymentGateway } from './gateway/index.ts';
import { eurosToCents } from './gateway/redsys-protocol.ts';
import { notifyApproval } from './notifications.ts';
import {
  PAYABLE_STATES,
  PaymentRefused,
  approveWithPayment,
  assertPayable,
  balanceAvailableFor,
  splitPayment,
} from './payable.ts';
import * as policy from './policy.ts';
import * as repo from './repository.ts';

/** How long a card order keeps the part of the balance it counted on (the bank's page expires sooner). */
const BALANCE_HOLD_MS = 60 * 60 * 1000;

const summary = (p: repo.PaymentRow): PaymentSummary => ({
  order_number: p.order_number,
  amount: p.amount,
  balance_used: p.balance_used,
  card_amount: p.card_amount,
  status: p.status,
});

const ORDER_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 12 characters, the first 4 digits (Redsys), unguessable, unique. */
async function newOrderNumber(tx: repo.Tx): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    let order = String(randomInt(0, 10_000)).padStart(4, '0');
    for (let i = 0; i < 8; i++) order += ORDER_CHARS[randomInt(0, ORDER_CHARS.length)];
    if (!(await repo.orderNumberTaken(tx, order))) return order;
  }
  throw new Error('could not find a free order number');
}

/** The task as the signed-in caller sees it (404 when not), once the policy lets them pay it. */
export async function taskToPay(deps: Deps, actor: Actor, taskId: number): Promise<TaskRow> {
  const task = await findTaskSeenBy(deps, actor.user, taskId);
  // 403 for a role that never pays, before the 404 of a task it cannot see
  policy.assertCan(actor.user, 'pay', task);
  return task;
}

/**
 * POST /tasks/paymentGateway and /tasks/payDraft/{id}: the balance first, the card for the rest.
 * A balance covering everything approves at once (no form); otherwise a PENDING payment row is
 * stored with the exact order and card amount, holding the balance part for BALANCE_HOLD_MS, and
 * the signed form returned. A new order of the same task takes over the hold of its older ones.
 */
export async function startPayment(
  deps: Deps,
  gateway: PaymentGateway,
  actor: Actor,
  taskId: number,
  /** The portal's address the browser returns to (`portalUrl`); PUBLIC_URL when not given. */
  portal: string = deps.config.publicUrl,
): Promise<Outcome<StartPayment>> {
  const task = await taskToPay(deps, actor, taskId);
  const publicUrl = portal;
  return openPayment(deps, gateway, actor, task, {
    userId: actor.user.id,
    // an API token pays from the balance only: a card payment needs the person at the bank's page
    balanceOnly: actor.user.token !== undefined,
    urlOk: `${publicUrl}/tasks/ok/${taskId}`,
    urlKo: `${publicUrl}/tasks/ko/${taskId}`,
  });
}

/** GET /task/temporal/{token}/pay: a guest pays its temporary task by card (no balance). */
export async function startGuestPayment(
  deps: Deps,
  gateway: PaymentGateway,
  guest: Anonymous,
  token: string,
  portal: string = deps.config.publicUrl,
): Promise<Outcome<StartPayment>> {
  const task = await guestTaskByToken(deps, token);
  if (!task) throw notFound();
  policy.assertCan(null, 'pay', task);
  const publicUrl = portal;
  return openPayment(deps, gateway, guest, task, {
    userId: null,
    urlOk: `${publicUrl}/guest-task/ok/${encodeURIComponent(token)}/`,
    urlKo: `${publicUrl}/guest-task/ko/`,
  });
}

async function openPayment(
  deps: Deps,
  gateway: PaymentGateway,
  caller: Anonymous,
  task: TaskRow,
  who: { userId: number | null; balanceOnly?: boolean; urlOk: string; urlKo: string },
): Promise<Outcome<StartPayment>> {
  const taskId = task.id;
  await assertPayable(deps.db, task);
  const now = new Date();
  const result = await deps.db.transaction(async (tx) => {
    const fresh = await lockTask(tx, taskId);
    if (!fresh || !PAYABLE_STATES.includes(fresh.state))
      return { kind: 'moved' as const, state: fresh?.state ?? 'unknown' };
    if (await repo.otherAuthorisedPayment(tx, taskId)) return { kind: 'paid' as const };
    const amount = fresh.amount_to_pay;
    if (fresh.customer_id) await lockCustomerBalance(tx, fresh.customer_id);
    await repo.cancelStaleOrders(tx, taskId, fresh.price_version);
    await repo.releaseTaskHolds(tx, taskId);
    const balance = fresh.customer_id
      ? await balanceAvailableFor(tx, fresh.customer_id, taskId, now)
      : '0.00';
    const { balanceUsed, card } = splitPayment(amount, balance);
    if (who.balanceOnly && compareMoney(card, '0') > 0) return { kind: 'card_needed' as const };
    const base = {
      task_id: taskId,
      customer_id: fresh.customer_id,
      order_number: await newOrderNumber(tx),
      amount,
      balance_used: balanceUsed,
      card_amount: card,
      created_by: who.userId,
      // bound to this price: any change of it cancels the order (PRICE_CHANGED_JOB)
      price_version: fresh.price_version,
    };
    if (compareMoney(card, '0') === 0) {
      const payment = await repo.insertPayment(tx, {
        ...base,
        status: 'AUTHORISED',
        gateway: 'balance',
        completed_at: now,
      });
      const approved = await approveWithPayment(tx, fresh, who.userId, now, 'paid_with_balance', payment);
      if (!approved) throw new Error('a locked draft could not be approved');
      return { kind: 'balance' as const, payment };
    }
    const payment = await repo.insertPayment(tx, {
      ...base,
      status: 'PENDING',
      gateway: gateway.name,
      balance_held_until:
        compareMoney(balanceUsed, '0') > 0 ? new Date(now.getTime() + BALANCE_HOLD_MS) : null,
    });
    return { kind: 'card' as const, payment };
  });

  if (result.kind === 'paid')
    throw new PaymentRefused(
      {
        action: 'payments.refused',
        key: 'payments.already_paid',
        params: { code: task.code },
        customerId: task.customer_id,
      },
      'payments.already_paid',
    );
  if (result.kind === 'card_needed') throw new AppError(422, 'payments.card_in_browser');
  if (result.kind === 'moved')
    throw new AppError(422, 'payments.not_payable', { values: { state: result.state } });
  const p = result.payment;
  if (result.kind === 'balance') {
    await notifyApproval(deps, taskId, 'approved');
    return outcome(
      {
        paymentDone: true,
        form: null,
        message: caller.t('payments.paid_with_balance'),
        task: { id: taskId, state: 'APPROVED' },
        payment: summary(p),
      },
      {
        action: 'payments.balance',
        key: 'payments.paid_with_balance',
        params: { code: task.code, amount: p.amount, order: p.order_number },
        customerId: task.customer_id,
      },
    );
  }
  const form = gateway.createForm({
    orderNumber: p.order_number,
    amountCents: eurosToCents(p.card_amount),
    notificationUrl: `${deps.config.publicUrl}/api/payments/notification`,
    urlOk: who.urlOk,
    urlKo: who.urlKo,
    locale: caller.locale,
  });
  return outcome(
    { paymentDone: false, form, payment: summary(p) },
    {
      action: 'payments.form',
      key: 'payments.card_form',
      params: {
        code: task.code,
        order: p.order_number,
        card: p.card_amount,
        balance: p.balance_used,
        amount: p.amount,
        gateway: gateway.name,
      },
      customerId: task.customer_id,
    },
  );
}

/**
 * POST /tasks/{id}/update/deferred: a DEFERRED-scheme customer's draft goes to production
 * (client or staff; the tasks module moves it). An ON_DEMAND customer pays first: its client gets
 * the card form (or a balance approval), staff are refused.
 */
export async function sendDeferred(
  deps: Deps,
  gateway: PaymentGateway,
  actor: Actor,
  taskId: number,
  portal: string = deps.config.publicUrl,
): Promise<Outcome<SendDeferred>> {
  const task = await findTaskSeenBy(deps, actor.user, taskId);
  if (!task) throw notFound();
  const customer = task.customer_id ? await findCustomer(deps.db, task.customer_id) : undefined;
  if (customer?.payment_scheme !== 'DEFERRED') {
    if (!policy.can(actor.user, 'pay', task)) throw new AppError(403, 'payments.staff_cannot_pay');
    return startPayment(deps, gateway, actor, taskId, portal);
  }
  policy.assertCan(actor.user, 'send-deferred', {
    customer_id: task.customer_id,
    payment_scheme: customer.payment_scheme,
  });
  await assertPayable(deps.db, task);
  const sent = await sendToProduction(deps, actor, taskId);
  await notifyApproval(deps, taskId, 'deferred');
  return {
    data: {
      paymentDone: false,
      form: null,
      message: actor.t('payments.sent_to_production'),
      task: sent.data,
    },
    log: sent.log,
  };
}
