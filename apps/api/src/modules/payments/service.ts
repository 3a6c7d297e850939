import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { PAYMENT_METHODS, type Locale, type StateChangeReason } from '@verba/contracts';
import { compareMoney, includedTax, sumMoney } from '@verba/contracts/pricing';
import { taskTargetLanguages, tasks } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound, unauthenticated } from '../../lib/app-error.ts';
import { translator } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-templates.ts';
import { formatLongDate } from '../../lib/format.ts';
import { writeActionLog, type ActionLogEntry } from '../../plugins/action-log.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { customerBalance } from '../customers/repository.ts';
import { isStaffUser, visibleTasks } from '../tasks/policy.ts';
import { quoteTask } from '../tasks/pricing.ts';
import { findVisibleTask, moveState, recordStateChange, type TaskRow } from '../tasks/repository.ts';
import type { PaymentForm, PaymentGateway } from './gateway/index.ts';
import { eurosToCents, isAuthorised, type SignedFields } from './gateway/redsys-protocol.ts';
import * as repo from './repository.ts';

const me = (request: FastifyRequest): CurrentUser => {
  if (!request.user) throw unauthenticated();
  return request.user;
};

/** States a payment or a send-to-production moves a task out of. */
const PAYABLE_STATES = ['DRAFT', 'TEMPORAL'] as const;
const ALREADY_PAID_STATES = new Set(['APPROVED', 'DEFERRED', 'IN_COURSE', 'DONE']);
/** How long a card order keeps the part of the balance it counted on (the bank's page expires sooner). */
const BALANCE_HOLD_MS = 60 * 60 * 1000;
/** Redsys: the cardholder cancelled on the bank's page. */
export const RESPONSE_CANCELLED = '9915';

export interface PaymentSummary {
  order_number: string;
  amount: string;
  balance_used: string;
  card_amount: string;
  status: string;
}

export type StartPaymentResult =
  | { paymentDone: false; form: PaymentForm; payment: PaymentSummary }
  | {
      paymentDone: true;
      form: null;
      message: string;
      task: { id: number; state: 'APPROVED' };
      payment: PaymentSummary;
    };

const summary = (p: repo.PaymentRow): PaymentSummary => ({
  order_number: p.order_number,
  amount: p.amount,
  balance_used: p.balance_used,
  card_amount: p.card_amount,
  status: p.status,
});

/** Writes a `payments.refused` row at once (the call itself may answer 4xx, which logs nothing). */
async function logRefusal(app: FastifyInstance, request: FastifyRequest, entry: ActionLogEntry) {
  try {
    await writeActionLog(app.db, request, { ...entry, action: 'payments.refused' });
  } catch (err) {
    request.log.error({ err }, 'could not write the payments.refused log');
  }
}

async function targetsWithoutRate(app: FastifyInstance, taskId: number): Promise<number> {
  const rows = await app.db
    .select({ summary: taskTargetLanguages.price_summary })
    .from(taskTargetLanguages)
    .where(eq(taskTargetLanguages.task_id, taskId));
  return rows.filter((r) => (r.summary as { rateMissing?: boolean } | null)?.rateMissing === true).length;
}

/** A task may be paid (or sent to production) only as a priced draft; otherwise a clear 422. */
async function assertPayable(app: FastifyInstance, request: FastifyRequest, task: TaskRow) {
  if (task.state === 'CALCULATING') throw new AppError(422, 'payments.calculating');
  if (ALREADY_PAID_STATES.has(task.state)) {
    await logRefusal(app, request, {
      description: `Task ${task.code}: payment refused, the task is already ${task.state}`,
      customerId: task.customer_id,
    });
    throw new AppError(422, 'payments.already_paid');
  }
  if (!(PAYABLE_STATES as readonly string[]).includes(task.state))
    throw new AppError(422, 'payments.not_payable', { values: { state: task.state } });
  if (task.custom_quote && !task.source_files_validated)
    throw new AppError(422, 'payments.awaiting_validation');
  if (compareMoney(task.amount_to_pay, '0') <= 0 || (await targetsWithoutRate(app, task.id)) > 0)
    throw new AppError(422, 'payments.no_price');
}

async function visiblePayableTask(app: FastifyInstance, request: FastifyRequest, taskId: number) {
  const task = await findVisibleTask(app.db, visibleTasks(me(request)), taskId);
  if (!task) throw notFound();
  return task;
}

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

/**
 * The approval's lines in the task's payments table: the balance part and the card part, each
 * with the tax it includes (the two add up to the tax of the whole amount), so the outstanding
 * balance, which is counted before taxes, comes to zero when the quote is paid.
 */
async function recordPaymentLines(
  tx: repo.Tx,
  task: TaskRow,
  userId: number | null,
  payment: Pick<repo.PaymentRow, 'amount' | 'balance_used' | 'card_amount'>,
) {
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
 * DRAFT/TEMPORAL -> APPROVED inside the caller's transaction: approval time and user, the due
 * date recomputed from now (business days, holidays table), the history row (why, and the order
 * number as its note), the customer's last approved project. False when the task is no longer
 * payable.
 */
async function approveTask(
  tx: repo.Tx,
  task: TaskRow,
  userId: number | null,
  at: Date,
  reason: Extract<StateChangeReason, 'paid_with_balance' | 'paid_by_card'>,
  payment: Pick<repo.PaymentRow, 'order_number' | 'amount' | 'balance_used' | 'card_amount'>,
) {
  const quote = await quoteTask(tx, task, at);
  const moved = await moveState(tx, task.id, PAYABLE_STATES, 'APPROVED', userId, {
    approved_at: at,
    approved_user_id: userId,
    ...(quote.dueDate ? { due_date: new Date(quote.dueDate) } : {}),
  });
  if (!moved) return false;
  await recordStateChange(tx, task.id, task.state, 'APPROVED', userId, payment.order_number, reason);
  await recordPaymentLines(tx, task, userId, payment);
  if (task.customer_id) await repo.markCustomerApproval(tx, task.customer_id, task.id, at);
  return true;
}

/**
 * What the customer's balance still offers a task: its booked balance minus what the open card
 * orders of its other tasks hold. Only meaningful with the customer row locked.
 */
async function balanceAvailableFor(tx: repo.Tx, customerId: number, taskId: number, at: Date) {
  const booked = await customerBalance(tx, customerId);
  const held = await repo.balanceHeldByOtherTasks(tx, customerId, taskId, at);
  return sumMoney(booked, `-${held}`);
}

/**
 * POST /tasks/paymentGateway and /tasks/payDraft/{id}: the balance first, the card for the rest.
 * A balance covering everything approves at once (no form); otherwise a PENDING payment row is
 * stored with the exact order and card amount, holding the balance part for BALANCE_HOLD_MS, and
 * the signed form returned. A new order of the same task takes over the hold of its older ones.
 */
export async function startPayment(
  app: FastifyInstance,
  gateway: PaymentGateway,
  request: FastifyRequest,
  taskId: number,
): Promise<StartPaymentResult> {
  const user = me(request);
  if (isStaffUser(user)) throw forbidden();
  const task = await visiblePayableTask(app, request, taskId);
  const publicUrl = app.config.publicUrl;
  return openPayment(app, gateway, request, task, {
    userId: user.id,
    urlOk: `${publicUrl}/tasks/ok/${taskId}`,
    urlKo: `${publicUrl}/tasks/ko/${taskId}`,
  });
}

/** GET /task/temporal/{token}/pay: a guest pays its temporary task by card (no balance). */
export async function startGuestPayment(
  app: FastifyInstance,
  gateway: PaymentGateway,
  request: FastifyRequest,
  token: string,
): Promise<StartPaymentResult> {
  const task = await repo.findGuestTask(app.db, token);
  if (!task) throw notFound();
  const publicUrl = app.config.publicUrl;
  return openPayment(app, gateway, request, task, {
    userId: null,
    urlOk: `${publicUrl}/guest-task/ok/${encodeURIComponent(token)}/`,
    urlKo: `${publicUrl}/guest-task/ko/`,
  });
}

async function openPayment(
  app: FastifyInstance,
  gateway: PaymentGateway,
  request: FastifyRequest,
  task: TaskRow,
  who: { userId: number | null; urlOk: string; urlKo: string },
): Promise<StartPaymentResult> {
  const taskId = task.id;
  await assertPayable(app, request, task);
  const now = new Date();
  const result = await app.db.transaction(async (tx) => {
    const fresh = await repo.lockTask(tx, taskId);
    if (!fresh || !(PAYABLE_STATES as readonly string[]).includes(fresh.state))
      return { kind: 'moved' as const, state: fresh?.state ?? 'unknown' };
    if (await repo.otherAuthorisedPayment(tx, taskId)) return { kind: 'paid' as const };
    const amount = fresh.amount_to_pay;
    if (fresh.customer_id) await repo.lockCustomer(tx, fresh.customer_id);
    await repo.releaseTaskHolds(tx, taskId);
    const balance = fresh.customer_id
      ? await balanceAvailableFor(tx, fresh.customer_id, taskId, now)
      : '0.00';
    const balanceUsed =
      compareMoney(balance, '0') <= 0 ? '0.00' : compareMoney(balance, amount) >= 0 ? amount : balance;
    const card = sumMoney(amount, `-${balanceUsed}`);
    const base = {
      task_id: taskId,
      customer_id: fresh.customer_id,
      order_number: await newOrderNumber(tx),
      amount,
      balance_used: balanceUsed,
      card_amount: card,
      created_by: who.userId,
    };
    if (compareMoney(card, '0') === 0) {
      const payment = await repo.insertPayment(tx, {
        ...base,
        status: 'AUTHORISED',
        gateway: 'balance',
        completed_at: now,
      });
      const approved = await approveTask(tx, fresh, who.userId, now, 'paid_with_balance', payment);
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

  if (result.kind === 'paid') {
    await logRefusal(app, request, {
      description: `Task ${task.code}: payment refused, the task is already paid`,
      customerId: task.customer_id,
    });
    throw new AppError(422, 'payments.already_paid');
  }
  if (result.kind === 'moved')
    throw new AppError(422, 'payments.not_payable', { values: { state: result.state } });
  const p = result.payment;
  if (result.kind === 'balance') {
    request.actionLog = {
      action: 'payments.balance',
      description: `Task ${task.code} paid with the balance: ${p.amount} EUR (order ${p.order_number}), approved`,
      customerId: task.customer_id,
    };
    await notifyApproval(app, taskId, 'approved');
    return {
      paymentDone: true,
      form: null,
      message: request.t('payments.paid_with_balance'),
      task: { id: taskId, state: 'APPROVED' },
      payment: summary(p),
    };
  }
  const form = gateway.createForm({
    orderNumber: p.order_number,
    amountCents: eurosToCents(p.card_amount),
    notificationUrl: `${app.config.publicUrl}/api/payments/notification`,
    urlOk: who.urlOk,
    urlKo: who.urlKo,
    locale: request.locale,
  });
  request.actionLog = {
    action: 'payments.form',
    description: `Task ${task.code}: card payment form, order ${p.order_number}, card ${p.card_amount} EUR + balance ${p.balance_used} EUR = ${p.amount} EUR (${gateway.name})`,
    customerId: task.customer_id,
  };
  return { paymentDone: false, form, payment: summary(p) };
}

export interface BankOutcome {
  paymentDone: boolean;
  /** translation key of the message for the OK/KO page */
  messageKey: string;
  messageValues?: Record<string, unknown>;
  taskId: number | null;
  /** what the action log row of the call says */
  log: ActionLogEntry;
}

/** Reads the three protocol fields from a body or query, restoring '+' a query string turned into ' '. */
export function signedFieldsOf(source: unknown): Partial<SignedFields> {
  const record = (source && typeof source === 'object' ? source : {}) as Record<string, unknown>;
  const nested = record.merchantParameters;
  const from =
    nested && typeof nested === 'object' && !Array.isArray(nested)
      ? (nested as Record<string, unknown>)
      : record;
  const text = (key: string) => {
    const value = from[key];
    return typeof value === 'string' ? value.trim().replace(/ /g, '+') : undefined;
  };
  const out: Partial<SignedFields> = {};
  const version = text('Ds_SignatureVersion');
  const parameters = text('Ds_MerchantParameters');
  const signature = text('Ds_Signature');
  if (version !== undefined) out.Ds_SignatureVersion = version;
  if (parameters !== undefined) out.Ds_MerchantParameters = parameters;
  if (signature !== undefined) out.Ds_Signature = signature;
  return out;
}

const refused = (
  reason: string,
  description: string,
  customerId: number | null,
  taskId: number | null,
  messageKey = 'payments.verification_failed',
  messageValues?: Record<string, unknown>,
): BankOutcome => ({
  paymentDone: false,
  messageKey,
  ...(messageValues ? { messageValues } : {}),
  taskId,
  log: { action: 'payments.refused', description: `${reason}: ${description}`, customerId },
});

/**
 * The bank's answer, from the server-to-server notification or the browser's return: only a
 * valid signature, for an order we stored, with the exact amount, merchant and currency, and an
 * authorised code approves. Idempotent: an order already AUTHORISED changes nothing.
 */
export async function handleBankResponse(
  app: FastifyInstance,
  gateway: PaymentGateway,
  fields: Partial<SignedFields>,
  via: 'notification' | 'return' | 'sandbox',
  expectedTaskId?: number,
  guestOnly = false,
): Promise<BankOutcome> {
  const check = gateway.verify(fields);
  if (!check.ok) {
    return refused(
      check.reason === 'bad_signature' ? 'wrong signature' : 'malformed response',
      `${via}${check.order ? `, claimed order ${check.order.slice(0, 12)}` : ''}`,
      null,
      null,
    );
  }
  const r = check.parameters;
  const payment = await repo.findPaymentByOrder(app.db, r.Ds_Order);
  if (!payment) return refused('unknown order', `${via}, order ${r.Ds_Order}`, null, null);
  const where = `${via}, order ${payment.order_number}, task ${payment.task_id}`;
  if (
    (expectedTaskId !== undefined && payment.task_id !== expectedTaskId) ||
    (guestOnly && payment.customer_id)
  )
    return refused(
      'task mismatch',
      `${where}, returned for task ${expectedTaskId}`,
      payment.customer_id,
      null,
    );
  if (
    r.Ds_MerchantCode !== gateway.merchantCode ||
    Number(r.Ds_Terminal) !== Number(gateway.terminal) ||
    r.Ds_Currency !== '978'
  )
    return refused('merchant mismatch', where, payment.customer_id, payment.task_id);
  const expectedCents = eurosToCents(payment.card_amount);
  if (!/^\d+$/.test(r.Ds_Amount) || BigInt(r.Ds_Amount) !== BigInt(expectedCents))
    return refused(
      'amount mismatch',
      `${where}: got ${r.Ds_Amount} cents, expected ${expectedCents}`,
      payment.customer_id,
      payment.task_id,
    );

  const code = r.Ds_Response;
  const authorised = isAuthorised(code);
  const now = new Date();
  /** The customer whose balance this order draws from, if it draws any. */
  const drawsFrom = compareMoney(payment.balance_used, '0') > 0 ? payment.customer_id : null;
  const result = await app.db.transaction(async (tx) => {
    // task, customer, payment: the order openPayment locks in, so the two never deadlock
    const task = await repo.lockTask(tx, payment.task_id);
    if (drawsFrom) await repo.lockCustomer(tx, drawsFrom);
    const locked = await repo.lockPayment(tx, payment.id);
    if (!locked) return { kind: 'gone' as const };
    if (locked.status !== 'PENDING')
      return { kind: 'repeat' as const, status: locked.status, stored: locked.response_code ?? '' };
    if (!authorised) {
      await repo.completePayment(tx, locked.id, 'DECLINED', { response_code: code });
      return { kind: 'declined' as const };
    }
    const codes = { response_code: code, authorisation_code: r.Ds_AuthorisationCode ?? null };
    const other = await repo.otherAuthorisedPayment(tx, locked.task_id, locked.id);
    if (other) {
      await repo.completePayment(tx, locked.id, 'DUPLICATE', codes);
      return { kind: 'duplicate' as const, other: other.order_number };
    }
    if (!task || !(PAYABLE_STATES as readonly string[]).includes(task.state)) {
      await repo.completePayment(tx, locked.id, 'UNAPPLIED', codes);
      return { kind: 'unapplied' as const, state: task?.state ?? 'deleted' };
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
    await approveTask(tx, task, locked.created_by, now, 'paid_by_card', locked);
    return { kind: 'approved' as const, code: task.code };
  });

  const customerId = payment.customer_id;
  const taskId = payment.task_id;
  switch (result.kind) {
    case 'gone':
      return refused('unknown order', where, customerId, null);
    case 'repeat': {
      const done = result.status === 'AUTHORISED';
      const messageKey = done
        ? 'payments.approved'
        : result.status === 'DECLINED'
          ? result.stored === RESPONSE_CANCELLED
            ? 'payments.cancelled'
            : 'payments.declined'
          : result.status === 'DUPLICATE'
            ? 'payments.already_paid'
            : 'payments.verification_failed';
      return {
        paymentDone: done,
        messageKey,
        messageValues: { code: result.stored, state: result.status },
        taskId,
        log: {
          action: 'payments.repeated',
          description: `${where}: already ${result.status}, nothing changed (response ${code})`,
          customerId,
        },
      };
    }
    case 'declined':
      return refused(
        code === RESPONSE_CANCELLED ? 'cancelled' : 'declined',
        `${where}, response ${code}`,
        customerId,
        taskId,
        code === RESPONSE_CANCELLED ? 'payments.cancelled' : 'payments.declined',
        { code },
      );
    case 'duplicate':
      return refused(
        'already paid',
        `${where}: authorised (${code}) but the task was already paid by order ${result.other}; refund it`,
        customerId,
        taskId,
        'payments.already_paid',
      );
    case 'unapplied':
      return refused(
        'task not payable',
        `${where}: authorised (${code}) but the task is ${result.state}; refund it`,
        customerId,
        taskId,
        'payments.not_payable',
        { state: result.state },
      );
    case 'balance_spent':
      return refused(
        'balance spent',
        `${where}: authorised (${code}) for ${payment.card_amount} EUR, but the ${payment.balance_used} EUR of balance it counted on is gone (${result.available} EUR left); task not approved, refund it`,
        customerId,
        taskId,
        'payments.balance_spent',
      );
    case 'approved':
      await notifyApproval(app, taskId, 'approved');
      return {
        paymentDone: true,
        messageKey: 'payments.approved',
        taskId,
        log: {
          action: 'payments.authorised',
          description: `${where}: ${payment.card_amount} EUR by card + ${payment.balance_used} EUR balance authorised (${code}); task ${result.code} approved`,
          customerId,
        },
      };
  }
}

/** POST /tasks/verifyPayment: the browser's return from the bank (OK or KO page). */
export async function verifyReturn(
  app: FastifyInstance,
  gateway: PaymentGateway,
  request: FastifyRequest,
  taskId: number,
  body: unknown,
) {
  const task = await visiblePayableTask(app, request, taskId);
  const outcome = await handleBankResponse(app, gateway, signedFieldsOf(body), 'return', task.id);
  request.actionLog = { ...outcome.log, customerId: outcome.log.customerId ?? task.customer_id };
  const [fresh] = await app.db.select({ state: tasks.state }).from(tasks).where(eq(tasks.id, taskId));
  return {
    paymentDone: outcome.paymentDone,
    message: request.t(outcome.messageKey, outcome.messageValues),
    task: { id: taskId, state: fresh?.state ?? task.state },
  };
}

/** POST /task/temporal/verifyPayment: a guest's return from the bank (its link token when known). */
export async function verifyGuestReturn(
  app: FastifyInstance,
  gateway: PaymentGateway,
  request: FastifyRequest,
  token: string | undefined,
  body: unknown,
) {
  const task = token ? await repo.findGuestTask(app.db, token) : undefined;
  if (token && !task) throw notFound();
  const outcome = await handleBankResponse(app, gateway, signedFieldsOf(body), 'return', task?.id, true);
  request.actionLog = outcome.log;
  const taskId = task?.id ?? outcome.taskId;
  const [fresh] = taskId
    ? await app.db.select({ state: tasks.state }).from(tasks).where(eq(tasks.id, taskId))
    : [];
  return {
    paymentDone: outcome.paymentDone,
    message: request.t(outcome.messageKey, outcome.messageValues),
    task: fresh ? { state: fresh.state } : null,
  };
}

/**
 * POST /tasks/{id}/update/deferred: a DEFERRED-scheme customer's draft goes to production
 * (client or staff). An ON_DEMAND customer pays first: its client gets the card form (or a
 * balance approval), staff are refused.
 */
export async function sendDeferred(
  app: FastifyInstance,
  gateway: PaymentGateway,
  request: FastifyRequest,
  taskId: number,
) {
  const user = me(request);
  const task = await visiblePayableTask(app, request, taskId);
  const customer = task.customer_id ? await repo.findCustomerRow(app.db, task.customer_id) : undefined;
  if (customer?.payment_scheme !== 'DEFERRED') {
    if (isStaffUser(user)) throw new AppError(403, 'payments.staff_cannot_pay');
    return startPayment(app, gateway, request, taskId);
  }
  await assertPayable(app, request, task);
  const now = new Date();
  const moved = await app.db.transaction(async (tx) => {
    const fresh = await repo.lockTask(tx, taskId);
    if (fresh?.state !== 'DRAFT') return false;
    const quote = await quoteTask(tx, fresh, now);
    const ok = await moveState(tx, taskId, ['DRAFT'], 'DEFERRED', user.id, {
      approved_at: now,
      approved_user_id: user.id,
      ...(quote.dueDate ? { due_date: new Date(quote.dueDate) } : {}),
    });
    if (!ok) return false;
    await recordStateChange(tx, taskId, 'DRAFT', 'DEFERRED', user.id, undefined, 'sent_to_production');
    await repo.markCustomerApproval(tx, customer.id, taskId, now);
    return true;
  });
  if (!moved) throw new AppError(422, 'payments.not_payable', { values: { state: task.state } });
  request.actionLog = {
    action: 'payments.deferred',
    description: `Task ${task.code} sent to production on deferred terms (${task.amount_to_pay} EUR)`,
    customerId: task.customer_id,
  };
  await notifyApproval(app, taskId, 'deferred');
  return {
    paymentDone: false,
    form: null,
    message: request.t('payments.sent_to_production'),
    task: { id: taskId, state: 'DEFERRED' as const },
  };
}

const formatDue = (due: Date | null, locale: Locale) => (due ? formatLongDate(due, locale) : '-');

/** Mails the requester (its language) and every active VERBA_ADMIN/VERBA_PM; never fails the call. */
export async function notifyApproval(app: FastifyInstance, taskId: number, kind: 'approved' | 'deferred') {
  try {
    const [task] = await app.db.select().from(tasks).where(eq(tasks.id, taskId));
    if (!task) return;
    const link =
      task.guest_token && !task.customer_id
        ? `${app.config.publicUrl}/guest-task/${task.guest_token}`
        : `${app.config.publicUrl}/tasks/${task.id}`;
    const customer = task.customer_id ? await repo.findCustomerRow(app.db, task.customer_id) : undefined;
    const values = { code: task.code, description: task.description, brand: app.config.brand.name };
    const user = task.user_id ? await repo.findUser(app.db, task.user_id) : undefined;
    const guest = !task.user_id && !task.customer_id ? await repo.guestRequester(app.db, task.id) : undefined;
    const requester = user?.is_active
      ? user
      : guest
        ? { ...guest, language: guest.language ?? 'en' }
        : undefined;
    if (requester) {
      const locale = requester.language as Locale;
      const t = translator(locale);
      await app.mailer.send({
        to: requester.email,
        subject: t(`payments.mail.${kind}.subject`, values),
        ...composeMail(t, app.config.brand.name, requester.name, [
          t(`payments.mail.${kind}.intro`, values),
          t('payments.mail.due', { date: formatDue(task.due_date, locale) }),
          t('payments.mail.link', { link }),
        ]),
      });
    }
    for (const staff of await repo.activeStaff(app.db)) {
      const locale = staff.language as Locale;
      const t = translator(locale);
      const staffValues = { ...values, customer: customer?.name ?? '-', amount: task.amount_to_pay };
      await app.mailer.send({
        to: staff.email,
        subject: t(`payments.mail.staff_${kind}.subject`, staffValues),
        ...composeMail(t, app.config.brand.name, staff.name, [
          t(`payments.mail.staff_${kind}.intro`, staffValues),
          t('payments.mail.due', { date: formatDue(task.due_date, locale) }),
          t('payments.mail.link', { link }),
        ]),
      });
    }
  } catch (err) {
    app.log.error({ err, taskId }, 'could not send the approval mails');
  }
}
