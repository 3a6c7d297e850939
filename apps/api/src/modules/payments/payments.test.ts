import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gt, like } from 'drizzle-orm';
import { sumMoney } from '@verba/contracts/pricing';
import type { TaskState } from '@verba/contracts';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { orderDraft, pricingIds } from '../../../test/pricing-fixtures.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import {
  actionLogs,
  bonuses,
  customerEnabledRates,
  customers,
  departments,
  mailOutbox,
  payments,
  quoteRequests,
  rates,
  taskStateChanges,
  tasks,
  users,
} from '../../db/schema/index.ts';
import { systemActor } from '../../lib/service.ts';
import { customerBalance } from '../customers/service.ts';
import { SANDBOX_MERCHANT_CODE, SANDBOX_MERCHANT_KEY, createSandboxGateway } from './gateway/index.ts';
import { decodeParameters, encodeParameters, eurosToCents, signResponse } from './gateway/redsys-protocol.ts';
import { handleBankResponse, startPayment } from './service.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let acmeId: number;
let globexId: number;
let marketing: number;
let globexOps: number;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  ({ lang, acmeId, globexId, marketing } = await pricingIds(t));
  globexOps = (await db().insert(departments).values({ customer_id: globexId, title: 'Ops' }).returning())[0]!
    .id;
  const general = await db()
    .insert(rates)
    .values([
      { default_group: true, source_lang: lang.en!, target_lang: lang.es!, r1: '0.1000', r2: '30.00' },
    ])
    .returning();
  await db()
    .insert(customerEnabledRates)
    .values([
      { customer_id: acmeId, rate_id: general[0]!.id },
      { customer_id: globexId, rate_id: general[0]!.id },
    ]);
  await t.app.jobs.start();
});
afterAll(() => t.close());

/** Orders a task through the tasks API and waits for its analysis: a priced DRAFT. */
const draft = (token: string, department: number, targets: string[] = ['es']) =>
  orderDraft(t, {
    token,
    department,
    source: lang.en!,
    targets: targets.map((iso) => lang[iso]!),
    description: 'Brochure',
    file: {
      name: 'brochure.txt',
      content: 'Our portal translates your documents quickly. Ask us for a quote.',
    },
  });

const taskRow = async (id: number) => (await db().select().from(tasks).where(eq(tasks.id, id)))[0]!;
const paymentsOf = async (taskId: number) =>
  db().select().from(payments).where(eq(payments.task_id, taskId)).orderBy(asc(payments.id));
const changesTo = async (taskId: number, to: TaskState) =>
  (
    await db()
      .select({ n: count() })
      .from(taskStateChanges)
      .where(and(eq(taskStateChanges.task_id, taskId), eq(taskStateChanges.to_state, to)))
  )[0]!.n;
/** The task's history rows: why the system moved it, and the note kept with the move. */
const history = async (taskId: number) =>
  db()
    .select({
      from: taskStateChanges.from_state,
      to: taskStateChanges.to_state,
      reason: taskStateChanges.reason,
      note: taskStateChanges.note,
    })
    .from(taskStateChanges)
    .where(eq(taskStateChanges.task_id, taskId))
    .orderBy(asc(taskStateChanges.id));
const userId = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0]!.id;

/** The action log is written after the reply: wait for the row (PostgreSQL runs it on another connection). */
async function waitForLog(action: string, contains: string) {
  for (let i = 0; i < 50; i++) {
    const rows = await db()
      .select()
      .from(actionLogs)
      .where(and(eq(actionLogs.action, action), like(actionLogs.description, `%${contains}%`)));
    if (rows.length) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${action} log containing ${contains}`);
}

async function payForm(token: string, taskId: number) {
  const res = await call(t.app, 'POST', '/api/tasks/paymentGateway', { token, body: { taskId } });
  expect(res.status).toBe(200);
  return res.json.data;
}

/** What the bank would answer for an order, signed with the sandbox bank's key (or another). */
function bankAnswer(
  order: string,
  cents: string,
  code = '0000',
  overrides: Record<string, string> = {},
  key = SANDBOX_MERCHANT_KEY,
) {
  return signResponse(key, {
    Ds_Date: '22%2F11%2F2026',
    Ds_Hour: '10%3A00',
    Ds_Amount: cents,
    Ds_Currency: '978',
    Ds_Order: order,
    Ds_MerchantCode: SANDBOX_MERCHANT_CODE,
    Ds_Terminal: '001',
    Ds_Response: code,
    Ds_TransactionType: '0',
    Ds_AuthorisationCode: code === '0000' ? '123456' : '',
    ...overrides,
  });
}

const notify = (body: unknown, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/payments/notification', { body, headers });

/** The task's payments table and outstanding balance, as its detail shows them to Acme's admin. */
async function paymentLines(taskId: number) {
  const res = await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens.acmeAdmin });
  expect(res.status).toBe(200);
  return res.json.data as {
    payments: Array<{ type: string; amount: string; taxes: string }>;
    outstanding_balance: string;
  };
}

const quotedTaxes = (task: { price_taxes: string; other_prices_taxes: string }) =>
  sumMoney(task.price_taxes, task.other_prices_taxes);

describe('who may ask for a payment form', () => {
  let taskId: number;
  beforeAll(async () => {
    taskId = await draft(tokens.acmeUser, marketing);
  });

  it('clients of the customer get a signed form for the exact amount; a PENDING payment is stored', async () => {
    const task = await taskRow(taskId);
    expect(Number(task.amount_to_pay)).toBeGreaterThan(0);
    for (const role of ['acmeUser', 'acmeAdmin'] as const) {
      const data = await payForm(tokens[role], taskId);
      expect(data.paymentDone).toBe(false);
      expect(data.form.action).toBe('/api/sandbox-bank');
      expect(data.form.method).toBe('POST');
      expect(data.form.fields.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
      const params = decodeParameters(data.form.fields.Ds_MerchantParameters)!;
      expect(params.DS_MERCHANT_AMOUNT).toBe(task.amount_to_pay.replace('.', '').replace(/^0+/, ''));
      expect(params.DS_MERCHANT_ORDER).toMatch(/^\d{4}[0-9A-Z]{8}$/);
      expect(params).toMatchObject({
        DS_MERCHANT_CURRENCY: '978',
        DS_MERCHANT_TRANSACTIONTYPE: '0',
        DS_MERCHANT_MERCHANTURL: 'http://portal.test/api/payments/notification',
        DS_MERCHANT_URLOK: `http://portal.test/tasks/ok/${taskId}`,
        DS_MERCHANT_URLKO: `http://portal.test/tasks/ko/${taskId}`,
      });
      expect(data.payment).toMatchObject({
        order_number: params.DS_MERCHANT_ORDER,
        amount: task.amount_to_pay,
        balance_used: '0.00',
        card_amount: task.amount_to_pay,
        status: 'PENDING',
      });
    }
    const rows = await paymentsOf(taskId);
    expect(rows.map((p) => [p.status, p.gateway])).toEqual([
      ['PENDING', 'sandbox'],
      ['PENDING', 'sandbox'],
    ]);
    await waitForLog('payments.form', `order ${rows[0]!.order_number}`);
  });

  it('payDraft answers the same way', async () => {
    const res = await call(t.app, 'POST', `/api/tasks/payDraft/${taskId}`, { token: tokens.acmeAdmin });
    expect(res.status).toBe(200);
    expect(res.json.data.form.fields.Ds_Signature).toBeTruthy();
  });

  it('staff never get a form (403), another customer gets 404, no session 401', async () => {
    for (const role of ['admin', 'pm'] as const) {
      for (const [url, body] of [
        ['/api/tasks/paymentGateway', { taskId }],
        [`/api/tasks/payDraft/${taskId}`, undefined],
        ['/api/tasks/verifyPayment', { taskId }],
      ] as const) {
        expect((await call(t.app, 'POST', url, { token: tokens[role], body })).status).toBe(403);
      }
    }
    expect(
      (
        await call(t.app, 'POST', '/api/tasks/paymentGateway', {
          token: tokens.globexAdmin,
          body: { taskId },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/tasks/payDraft/${taskId}`, { token: tokens.globexAdmin })).status,
    ).toBe(404);
    expect((await call(t.app, 'POST', '/api/tasks/paymentGateway', { body: { taskId } })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/tasks/paymentGateway', { token: tokens.acmeUser, body: {} })).status,
    ).toBe(422);
    expect(
      (
        await call(t.app, 'POST', '/api/tasks/paymentGateway', {
          token: tokens.acmeUser,
          body: { taskId: 999999 },
        })
      ).status,
    ).toBe(404);
  });

  it('a task still CALCULATING, or priced 0 because a rate is missing, cannot be paid (422)', async () => {
    await db().update(tasks).set({ state: 'CALCULATING' }).where(eq(tasks.id, taskId));
    const calculating = await call(t.app, 'POST', '/api/tasks/paymentGateway', {
      token: tokens.acmeUser,
      body: { taskId, lang: 'es' },
    });
    expect(calculating.status).toBe(422);
    expect(calculating.json.message).toMatch(/analizando/);
    await db().update(tasks).set({ state: 'DRAFT' }).where(eq(tasks.id, taskId));

    const noRate = await draft(tokens.acmeUser, marketing, ['de']);
    const res = await call(t.app, 'POST', '/api/tasks/paymentGateway', {
      token: tokens.acmeUser,
      body: { taskId: noRate },
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/rate is missing/);
    expect(await paymentsOf(noRate)).toHaveLength(0);
  });
});

describe('the bank notification', () => {
  let taskId: number;
  let order: string;
  let cents: string;

  beforeAll(async () => {
    taskId = await draft(tokens.acmeUser, marketing);
    const data = await payForm(tokens.acmeUser, taskId);
    const params = decodeParameters(data.form.fields.Ds_MerchantParameters)!;
    order = params.DS_MERCHANT_ORDER!;
    cents = params.DS_MERCHANT_AMOUNT!;
  });

  it('a wrong signature changes nothing (200 all the same) and is logged', async () => {
    const forged = bankAnswer(
      order,
      cents,
      '0000',
      {},
      Buffer.from('not-the-sandbox-bank-key', 'utf8').toString('base64'),
    );
    const res = await notify(forged);
    expect(res.status).toBe(200);
    expect((await taskRow(taskId)).state).toBe('DRAFT');
    expect((await paymentsOf(taskId))[0]!.status).toBe('PENDING');
    await waitForLog('payments.refused', `claimed order ${order}`);
  });

  it('a tampered amount is refused: re-encoded without the key, or signed for another amount', async () => {
    const genuine = bankAnswer(order, cents);
    const tampered = {
      ...genuine,
      Ds_MerchantParameters: encodeParameters({
        ...decodeParameters(genuine.Ds_MerchantParameters),
        Ds_Amount: '1',
      }),
    };
    expect((await notify(tampered)).status).toBe(200);
    const cheaper = bankAnswer(order, '1');
    expect((await notify(cheaper)).status).toBe(200);
    expect((await notify(bankAnswer(order, cents, '0000', { Ds_Currency: '840' }))).status).toBe(200);
    expect((await notify(bankAnswer(order, cents, '0000', { Ds_MerchantCode: '123456789' }))).status).toBe(
      200,
    );
    await waitForLog('payments.refused', 'answer for another merchant');
    expect((await taskRow(taskId)).state).toBe('DRAFT');
    await waitForLog('payments.refused', 'got 1 cent, expected');
  });

  it('an unknown order, garbage and an empty body are refused with 200', async () => {
    expect((await notify(bankAnswer('9999ZZZZZZZZ', cents))).status).toBe(200);
    await waitForLog('payments.refused', 'unknown order');
    expect((await notify({ Ds_Signature: 'x' })).status).toBe(200);
    expect((await notify('a=b', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(200);
    expect((await taskRow(taskId)).state).toBe('DRAFT');
  });

  it('a valid authorised notification (form-urlencoded) approves the task, once', async () => {
    const before = new Date();
    const answer = bankAnswer(order, cents);
    const body = new URLSearchParams({ ...answer }).toString();
    const res = await notify(body, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(200);
    const task = await taskRow(taskId);
    expect(task.state).toBe('APPROVED');
    expect(task.approved_at!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(task.approved_user_id).toBe(await userId('user@acme.test'));
    expect(task.due_date!.getTime()).toBeGreaterThan(task.approved_at!.getTime() + 24 * 3600 * 1000);
    const [payment] = await paymentsOf(taskId);
    expect(payment).toMatchObject({
      status: 'AUTHORISED',
      response_code: '0000',
      authorisation_code: '123456',
    });
    expect(await changesTo(taskId, 'APPROVED')).toBe(1);
    expect((await history(taskId)).at(-1)).toEqual({
      from: 'DRAFT',
      to: 'APPROVED',
      reason: 'paid_by_card',
      note: order,
    });
    const lines = await paymentLines(taskId);
    expect(lines.payments).toEqual([
      expect.objectContaining({ type: 'card', amount: task.amount_to_pay, taxes: quotedTaxes(task) }),
    ]);
    expect(lines.outstanding_balance).toBe('0.00');
    const [acme] = await db().select().from(customers).where(eq(customers.id, acmeId));
    expect(acme!.last_project_approved_task_id).toBe(taskId);
    await waitForLog('payments.authorised', `order ${order}`);

    await t.app.events.settle();
    const ofThisTask = new RegExp(`(^|\\D)${task.code}(\\D|$)`);
    const mails = (
      await db()
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.subject, `%${task.code}%`))
    ).filter((m) => ofThisTask.test(m.subject) && !/quote|presupuesto|pressupost/.test(m.subject));
    const to = mails.map((m) => m.to).sort();
    // the requester's confirmation; the client admin and staff by their notifications, once each
    expect(to).toEqual(['admin@acme.test', 'admin@verba.test', 'pm@verba.test', 'user@acme.test']);
    // the requester in Spanish, the PM in Catalan
    expect(mails.find((m) => m.to === 'user@acme.test')!.subject).toContain('aprobada');
    expect(mails.find((m) => m.to === 'pm@verba.test')!.subject).toContain('aprovat');

    // replayed (JSON this time): nothing changes
    expect((await notify(answer)).status).toBe(200);
    expect((await notify(body, { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(200);
    expect(await changesTo(taskId, 'APPROVED')).toBe(1);
    expect((await paymentsOf(taskId)).filter((p) => p.status === 'AUTHORISED')).toHaveLength(1);
    expect((await taskRow(taskId)).approved_at!.getTime()).toBe(task.approved_at!.getTime());
    await waitForLog('payments.repeated', `order ${order}`);
    expect((await paymentLines(taskId)).payments).toHaveLength(1);
    // no mail twice: the same ones as after the first notification
    await t.app.events.settle();
    const after = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${task.code}%`));
    expect(
      after.filter((m) => ofThisTask.test(m.subject) && !/quote|presupuesto|pressupost/.test(m.subject)),
    ).toHaveLength(mails.length);
  });

  it('a second payment of a paid task is refused: no new form, and a late second authorisation is not applied', async () => {
    const res = await call(t.app, 'POST', '/api/tasks/paymentGateway', {
      token: tokens.acmeUser,
      body: { taskId },
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/already been paid/);
    await waitForLog('payments.refused', 'already APPROVED');

    // an older form of the same task, paid at the bank afterwards
    const stale = await db()
      .insert(payments)
      .values({
        task_id: taskId,
        customer_id: acmeId,
        order_number: '0001STALE001',
        amount: '10.00',
        card_amount: '10.00',
        status: 'PENDING',
        gateway: 'sandbox',
      })
      .returning();
    expect((await notify(bankAnswer('0001STALE001', '1000'))).status).toBe(200);
    const [row] = await db().select().from(payments).where(eq(payments.id, stale[0]!.id));
    expect(row!.status).toBe('DUPLICATE');
    expect(await changesTo(taskId, 'APPROVED')).toBe(1);
    await waitForLog('payments.refused', 'already paid by order');
  });
});

describe('the sandbox bank round trip', () => {
  async function throughTheBank(taskId: number, card: string, action = 'pay') {
    const data = await payForm(tokens.acmeUser, taskId);
    const page = await call(t.app, 'GET', '/api/sandbox-bank', {
      query: { ...data.form.fields, lang: 'es' },
    });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.raw.body).toContain('<html lang="es">');
    expect(page.raw.body).toContain('<label for="card">Número de tarjeta</label>');
    expect(page.raw.body).toContain('action="/api/sandbox-bank/pay"');
    const form = new URLSearchParams({ ...data.form.fields, card, action, lang: 'es' });
    const paid = await call(t.app, 'POST', '/api/sandbox-bank/pay', {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBe(303);
    const location = new URL(String(paid.headers.location));
    const verify = await call(t.app, 'POST', '/api/tasks/verifyPayment', {
      token: tokens.acmeUser,
      body: {
        taskId,
        Ds_SignatureVersion: location.searchParams.get('Ds_SignatureVersion'),
        Ds_MerchantParameters: location.searchParams.get('Ds_MerchantParameters'),
        Ds_Signature: location.searchParams.get('Ds_Signature'),
        lang: 'en',
      },
    });
    expect(verify.status).toBe(200);
    return {
      location,
      verify: verify.json.data,
      order: decodeParameters(data.form.fields.Ds_MerchantParameters)!,
    };
  }

  it('the page also opens from a posted form; a page with a forged signature says so', async () => {
    const taskId = await draft(tokens.acmeUser, marketing);
    const data = await payForm(tokens.acmeUser, taskId);
    const posted = await call(t.app, 'POST', '/api/sandbox-bank', {
      body: new URLSearchParams({ ...data.form.fields, lang: 'ca' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(200);
    expect(posted.raw.body).toContain('Pagui');
    const forged = await call(t.app, 'GET', '/api/sandbox-bank', {
      query: { ...data.form.fields, Ds_Signature: 'AAAA' },
    });
    expect(forged.status).toBe(400);
    expect(forged.raw.body).toContain('role="alert"');
    const pay = await call(t.app, 'POST', '/api/sandbox-bank/pay', {
      body: new URLSearchParams({
        ...data.form.fields,
        Ds_Signature: 'AAAA',
        card: '4548812049400004',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.status).toBe(400);
    expect((await taskRow(taskId)).state).toBe('DRAFT');
  });

  it('the authorised test card approves the task; the OK page verifies it', async () => {
    const taskId = await draft(tokens.acmeUser, marketing);
    const { location, verify, order } = await throughTheBank(taskId, '4548 8120 4940 0004');
    expect(location.origin + location.pathname).toBe(`http://portal.test/tasks/ok/${taskId}`);
    expect(verify).toEqual({
      paymentDone: true,
      message: 'Payment received: the task is approved.',
      task: { id: taskId, state: 'APPROVED' },
    });
    expect((await taskRow(taskId)).state).toBe('APPROVED');
    expect(await changesTo(taskId, 'APPROVED')).toBe(1);
    await waitForLog('payments.authorised', `order ${order.DS_MERCHANT_ORDER}`);
  });

  it('a declined card keeps the DRAFT and the KO page gets the payment error', async () => {
    const taskId = await draft(tokens.acmeUser, marketing);
    const { location, verify } = await throughTheBank(taskId, '4000000000000002');
    expect(location.pathname).toBe(`/tasks/ko/${taskId}`);
    expect(verify.paymentDone).toBe(false);
    expect(verify.message).toBe(
      'The bank declined the payment (code 0190). The task stays a draft; you can try again with another card.',
    );
    expect(verify.task.state).toBe('DRAFT');
    const [payment] = await paymentsOf(taskId);
    expect(payment).toMatchObject({ status: 'DECLINED', response_code: '0190' });
    await waitForLog('payments.refused', 'response 0190');

    const other = await throughTheBank(taskId, '1111222233334444');
    expect(other.verify.message).toContain('0180');
    const cancelled = await throughTheBank(taskId, '', 'cancel');
    expect(cancelled.verify.message).toBe('The payment was cancelled. The task stays a draft.');
    expect((await taskRow(taskId)).state).toBe('DRAFT');
  });

  it('verifyPayment refuses a return for another task, a forged one, and another customer (404)', async () => {
    const taskId = await draft(tokens.acmeUser, marketing);
    const otherTask = await draft(tokens.acmeUser, marketing);
    const data = await payForm(tokens.acmeUser, taskId);
    const params = decodeParameters(data.form.fields.Ds_MerchantParameters)!;
    const answer = bankAnswer(params.DS_MERCHANT_ORDER!, params.DS_MERCHANT_AMOUNT!);
    const wrongTask = await call(t.app, 'POST', '/api/tasks/verifyPayment', {
      token: tokens.acmeUser,
      body: { taskId: otherTask, ...answer },
    });
    expect(wrongTask.json.data.paymentDone).toBe(false);
    const forged = await call(t.app, 'POST', '/api/tasks/verifyPayment', {
      token: tokens.acmeUser,
      body: { taskId, ...answer, Ds_Signature: answer.Ds_Signature.slice(1) + 'A' },
    });
    expect(forged.json.data).toMatchObject({ paymentDone: false, task: { state: 'DRAFT' } });
    expect(forged.json.data.message).toMatch(/could not verify/);
    const globex = await call(t.app, 'POST', '/api/tasks/verifyPayment', {
      token: tokens.globexAdmin,
      body: { taskId, ...answer },
    });
    expect(globex.status).toBe(404);
    expect((await taskRow(taskId)).state).toBe('DRAFT');
    // the spec's nested shape works too, and a '+' turned into ' ' by a query string is restored
    const nested = await call(t.app, 'POST', '/api/tasks/verifyPayment', {
      token: tokens.acmeAdmin,
      body: {
        taskId,
        merchantParameters: {
          ...answer,
          Ds_MerchantParameters: answer.Ds_MerchantParameters.replace(/\+/g, ' '),
        },
      },
    });
    expect(nested.json.data.paymentDone).toBe(true);
    expect((await taskRow(taskId)).state).toBe('APPROVED');
  });
});

describe('the OK page after the notification, or without the bank’s parameters', () => {
  const logRows = async () => (await db().select({ n: count() }).from(actionLogs))[0]!.n;
  /** Every row the plugin writes is in before the reply: a read after it sees them all. */
  const verify = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/tasks/verifyPayment', { token, body: { ...body, lang: 'es' } });

  it('the notification came first: the return shows the task approved and logs nothing', async () => {
    const taskId = await draft(tokens.acmeUser, marketing);
    const data = await payForm(tokens.acmeUser, taskId);
    const params = decodeParameters(data.form.fields.Ds_MerchantParameters)!;
    const answer = bankAnswer(params.DS_MERCHANT_ORDER!, params.DS_MERCHANT_AMOUNT!);
    expect((await notify(answer)).status).toBe(200);
    await waitForLog('payments.authorised', `order ${params.DS_MERCHANT_ORDER}`);
    const before = await logRows();
    const res = await verify(tokens.acmeUser, { taskId, ...answer });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      paymentDone: true,
      message: 'Pago recibido: la tarea está aprobada.',
      task: { id: taskId, state: 'APPROVED' },
    });
    // a reload of the same return: the same page, still nothing logged
    expect((await verify(tokens.acmeUser, { taskId, ...answer })).json.data.paymentDone).toBe(true);
    expect(await logRows()).toBe(before);
  });

  it('a bookmark or a reload without them: a paid task says so, an unpaid one says it has no answer; nothing logged', async () => {
    const paid = await draft(tokens.acmeUser, marketing);
    const data = await payForm(tokens.acmeUser, paid);
    const params = decodeParameters(data.form.fields.Ds_MerchantParameters)!;
    await notify(bankAnswer(params.DS_MERCHANT_ORDER!, params.DS_MERCHANT_AMOUNT!));
    await waitForLog('payments.authorised', `order ${params.DS_MERCHANT_ORDER}`);
    const unpaid = await draft(tokens.acmeUser, marketing);
    const before = await logRows();

    const bare = await verify(tokens.acmeUser, { taskId: paid });
    expect(bare.status).toBe(200);
    expect(bare.json.data).toMatchObject({ paymentDone: true, task: { id: paid, state: 'APPROVED' } });
    expect(bare.json.data.message).toBe('Pago recibido: la tarea está aprobada.');
    const empty = await verify(tokens.acmeUser, {
      taskId: paid,
      Ds_SignatureVersion: '',
      Ds_MerchantParameters: '',
      Ds_Signature: '',
    });
    expect(empty.json.data.paymentDone).toBe(true);

    const notYet = await verify(tokens.acmeUser, { taskId: unpaid });
    expect(notYet.json.data).toMatchObject({ paymentDone: false, task: { id: unpaid, state: 'DRAFT' } });
    expect(notYet.json.data.message).toMatch(/^El banco aún no ha confirmado/);
    expect(await logRows()).toBe(before);

    // still the task of the caller's customer only
    expect((await verify(tokens.globexAdmin, { taskId: paid })).status).toBe(404);
  });

  it('a guest: the same for its token, and an empty KO page says nothing was answered; nothing logged', async () => {
    const token = 'b1b2c3d4e5f60718293a4b5c6d7e8f91';
    await db().insert(tasks).values({
      code: 'G-2',
      source_language_id: lang.en!,
      translation_type_id: 1,
      description: 'Guest flyer',
      state: 'APPROVED',
      base_price: '50.00',
      taxed_price: '60.50',
      amount_to_pay: '60.50',
      guest_token: token,
    });
    const before = await logRows();
    const guest = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/task/temporal/verifyPayment', { body: { ...body, lang: 'ca' } });
    const ok = await guest({ taskId: token });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toEqual({
      paymentDone: true,
      message: 'Pagament rebut: la tasca està aprovada.',
      task: { state: 'APPROVED' },
    });
    const ko = await guest({});
    expect(ko.json.data).toMatchObject({ paymentDone: false, task: null });
    expect(ko.json.data.message).toMatch(/^El banc encara no ha confirmat/);
    expect((await guest({ taskId: 'f'.repeat(32) })).status).toBe(404);
    expect(await logRows()).toBe(before);
  });
});

describe('the balance', () => {
  it('covering part: the card is charged the rest, the balance is drawn only once authorised', async () => {
    const taskId = await draft(tokens.acmeAdmin, marketing);
    const amount = (await taskRow(taskId)).amount_to_pay;
    const cents = Math.round(Number(amount) * 100);
    await db()
      .insert(bonuses)
      .values({ customer_id: acmeId, amount: (Math.floor(cents / 2) / 100).toFixed(2) });
    const start = await customerBalance(db(), acmeId);
    expect(Number(start)).toBeLessThan(Number(amount));
    expect(Number(start)).toBeGreaterThan(0);
    const data = await payForm(tokens.acmeAdmin, taskId);
    expect(data.payment.balance_used).toBe(start);
    const cardCents = Math.round((Number(amount) - Number(start)) * 100);
    const params = decodeParameters(data.form.fields.Ds_MerchantParameters)!;
    expect(Number(params.DS_MERCHANT_AMOUNT)).toBe(cardCents);
    expect(await customerBalance(db(), acmeId)).toBe(start);
    // the bank charging the whole amount is not what we asked for
    expect((await notify(bankAnswer(params.DS_MERCHANT_ORDER!, amount.replace('.', '')))).status).toBe(200);
    expect((await taskRow(taskId)).state).toBe('DRAFT');
    expect((await notify(bankAnswer(params.DS_MERCHANT_ORDER!, params.DS_MERCHANT_AMOUNT!))).status).toBe(
      200,
    );
    expect((await taskRow(taskId)).state).toBe('APPROVED');
    expect(await customerBalance(db(), acmeId)).toBe('0.00');
    const [payment] = await paymentsOf(taskId);
    expect(payment).toMatchObject({ status: 'AUTHORISED', amount, balance_used: start });
    // Two lines in the payments table; their taxes add up to the quote's, nothing is left to pay.
    const lines = await paymentLines(taskId);
    expect(lines.payments.map((l) => [l.type, l.amount])).toEqual([
      ['balance', start],
      ['card', (cardCents / 100).toFixed(2)],
    ]);
    expect(sumMoney(...lines.payments.map((l) => l.taxes))).toBe(quotedTaxes(await taskRow(taskId)));
    expect(lines.outstanding_balance).toBe('0.00');
  });

  it('with an API token: the balance only; a card payment is refused, nothing held or charged', async () => {
    const made = await call(t.app, 'POST', '/api/tokens', {
      token: tokens.acmeAdmin,
      body: { name: 'ERP', scopes: ['tasks:read', 'tasks:pay'] },
    });
    expect(made.status).toBe(201);
    const apiToken = (made.json.data as { token: string }).token;
    const taskId = await draft(tokens.acmeAdmin, marketing);
    const amount = (await taskRow(taskId)).amount_to_pay;
    const before = await customerBalance(db(), acmeId);
    expect(Number(before)).toBeLessThan(Number(amount));

    const refused = await call(t.app, 'POST', `/api/tasks/payDraft/${taskId}`, {
      token: apiToken,
      headers: { 'accept-language': 'es' },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(
      /^El saldo no cubre esta tarea: los pagos con tarjeta se hacen en el navegador/,
    );
    expect(await paymentsOf(taskId)).toEqual([]);
    expect(await customerBalance(db(), acmeId)).toBe(before);
    expect((await taskRow(taskId)).state).toBe('DRAFT');

    // once the balance covers it, the same token pays
    await db().insert(bonuses).values({ customer_id: acmeId, amount: '5000.00' });
    const paid = await call(t.app, 'POST', `/api/tasks/payDraft/${taskId}`, { token: apiToken });
    expect(paid.status).toBe(200);
    expect(paid.json.data).toMatchObject({ paymentDone: true, form: null, task: { state: 'APPROVED' } });
  });

  it('covering everything: approved at once, no form, no card', async () => {
    const taskId = await draft(tokens.acmeUser, marketing);
    const amount = (await taskRow(taskId)).amount_to_pay;
    await db().insert(bonuses).values({ customer_id: acmeId, amount: '5000.00' });
    const before = await customerBalance(db(), acmeId);
    const res = await call(t.app, 'POST', `/api/tasks/payDraft/${taskId}`, { token: tokens.acmeUser });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      paymentDone: true,
      form: null,
      task: { id: taskId, state: 'APPROVED' },
    });
    expect(res.json.data.payment).toMatchObject({
      amount,
      balance_used: amount,
      card_amount: '0.00',
      status: 'AUTHORISED',
    });
    const task = await taskRow(taskId);
    expect(task.state).toBe('APPROVED');
    expect(task.due_date).not.toBeNull();
    expect(await changesTo(taskId, 'APPROVED')).toBe(1);
    const [payment] = await paymentsOf(taskId);
    expect(payment!.gateway).toBe('balance');
    expect((await history(taskId)).at(-1)).toEqual({
      from: 'DRAFT',
      to: 'APPROVED',
      reason: 'paid_with_balance',
      note: payment!.order_number,
    });
    const lines = await paymentLines(taskId);
    expect(lines.payments).toEqual([
      expect.objectContaining({ type: 'balance', amount, taxes: quotedTaxes(task) }),
    ]);
    expect(lines.outstanding_balance).toBe('0.00');
    const expected = (Math.round(Number(before) * 100) - Math.round(Number(amount) * 100)) / 100;
    expect(await customerBalance(db(), acmeId)).toBe(expected.toFixed(2));
    await waitForLog('payments.balance', `order ${payment!.order_number}`);
    // and paying again is refused
    expect(
      (await call(t.app, 'POST', `/api/tasks/payDraft/${taskId}`, { token: tokens.acmeUser })).status,
    ).toBe(422);
  });
});

describe('drawing the balance: one draw at a time, card orders hold their part', () => {
  let amount: string;
  let half: string;
  let byBalance: number;
  let byCard: number;
  let firstOrder: string;
  let retryOrder: string;

  /** What open orders of Acme hold of its balance right now. */
  const held = async () =>
    (
      await db()
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.customer_id, acmeId),
            eq(payments.status, 'PENDING'),
            gt(payments.balance_held_until, new Date()),
          ),
        )
    ).map((p) => ({ task: p.task_id, order: p.order_number, amount: p.balance_used }));
  const cardParams = (data: { form: { fields: { Ds_MerchantParameters: string } } }) =>
    decodeParameters(data.form.fields.Ds_MerchantParameters)!;

  beforeAll(async () => {
    // start from an empty balance that no earlier order holds
    await db().update(payments).set({ balance_held_until: null }).where(eq(payments.customer_id, acmeId));
    const booked = await customerBalance(db(), acmeId);
    await db()
      .insert(bonuses)
      .values({ customer_id: acmeId, amount: `-${booked}` });
    const first = await draft(tokens.acmeUser, marketing);
    const second = await draft(tokens.acmeUser, marketing);
    amount = (await taskRow(first)).amount_to_pay;
    expect((await taskRow(second)).amount_to_pay).toBe(amount);
    const cents = Math.round(Number(amount) * 100);
    half = (Math.floor(cents / 2) / 100).toFixed(2);
    // enough for one task and half of the other
    await db()
      .insert(bonuses)
      .values({ customer_id: acmeId, amount: ((cents + Math.floor(cents / 2)) / 100).toFixed(2) });

    const [a, b] = await Promise.all(
      [first, second].map((id) =>
        call(t.app, 'POST', `/api/tasks/payDraft/${id}`, { token: tokens.acmeUser }),
      ),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    const winner = [a!, b!].filter((r) => r.json.data.paymentDone);
    expect(winner).toHaveLength(1);
    byBalance = winner[0] === a ? first : second;
    byCard = byBalance === first ? second : first;
    const loser = winner[0] === a ? b! : a!;
    expect(loser.json.data.payment).toMatchObject({
      amount,
      balance_used: half,
      card_amount: (Math.ceil(cents / 2) / 100).toFixed(2),
      status: 'PENDING',
    });
    expect(Number(cardParams(loser.json.data).DS_MERCHANT_AMOUNT)).toBe(Math.ceil(cents / 2));
    firstOrder = loser.json.data.payment.order_number;
  });

  it('two tasks paid at once: exactly one by the balance, the other by card for the rest, its part held', async () => {
    expect((await taskRow(byBalance)).state).toBe('APPROVED');
    expect((await taskRow(byCard)).state).toBe('DRAFT');
    expect((await history(byBalance)).at(-1)).toMatchObject({ to: 'APPROVED', reason: 'paid_with_balance' });
    // the booked balance counts what was drawn; the held half is still in it until the card goes through
    expect(await customerBalance(db(), acmeId)).toBe(half);
    expect(await held()).toEqual([{ task: byCard, order: firstOrder, amount: half }]);
  });

  it('asking again for the same task gives a fresh order that takes over the hold (never two holds)', async () => {
    const again = await payForm(tokens.acmeUser, byCard);
    retryOrder = again.payment.order_number;
    expect(retryOrder).not.toBe(firstOrder);
    expect(again.payment).toMatchObject({ balance_used: half, status: 'PENDING' });
    expect(await held()).toEqual([{ task: byCard, order: retryOrder, amount: half }]);
    expect((await paymentsOf(byCard)).map((p) => p.status)).toEqual(['PENDING', 'PENDING']);
  });

  it('another task cannot draw the held part: it pays everything by card', async () => {
    const other = await draft(tokens.acmeUser, marketing);
    const data = await payForm(tokens.acmeUser, other);
    expect(data.payment).toMatchObject({ balance_used: '0.00', card_amount: amount });
    expect(await held()).toHaveLength(1);
  });

  it('a declined order releases its hold; an expired hold is released too', async () => {
    const retry = (await paymentsOf(byCard)).find((p) => p.order_number === retryOrder)!;
    expect((await notify(bankAnswer(retryOrder, retry.card_amount.replace('.', ''), '0190'))).status).toBe(
      200,
    );
    expect(await held()).toEqual([]);

    const third = await draft(tokens.acmeUser, marketing);
    const data = await payForm(tokens.acmeUser, third);
    expect(data.payment.balance_used).toBe(half);
    await db()
      .update(payments)
      .set({ balance_held_until: new Date(Date.now() - 1000) })
      .where(eq(payments.order_number, data.payment.order_number));
    expect(await held()).toEqual([]);
    const fourth = await draft(tokens.acmeUser, marketing);
    expect((await payForm(tokens.acmeUser, fourth)).payment.balance_used).toBe(half);
  });
});

describe('a card authorised after its held balance went elsewhere', () => {
  it('is not applied: the task stays a draft, the payment UNAPPLIED, the log asks for a refund', async () => {
    await db().update(payments).set({ balance_held_until: null }).where(eq(payments.customer_id, acmeId));
    const booked = await customerBalance(db(), acmeId);
    const late = await draft(tokens.acmeUser, marketing);
    const amount = (await taskRow(late)).amount_to_pay;
    const cents = Math.round(Number(amount) * 100);
    const half = (Math.floor(cents / 2) / 100).toFixed(2);
    await db()
      .insert(bonuses)
      .values({
        customer_id: acmeId,
        amount: ((Math.floor(cents / 2) - Math.round(Number(booked) * 100)) / 100).toFixed(2),
      });
    const form = await payForm(tokens.acmeUser, late);
    expect(form.payment.balance_used).toBe(half);
    const params = decodeParameters(form.form.fields.Ds_MerchantParameters)!;
    // the hold lapses and another task of the customer takes the balance meanwhile
    await db()
      .update(payments)
      .set({ balance_held_until: new Date(Date.now() - 1000) })
      .where(eq(payments.order_number, form.payment.order_number));
    const rival = await draft(tokens.acmeUser, marketing);
    const rivalForm = await payForm(tokens.acmeUser, rival);
    expect(rivalForm.payment.balance_used).toBe(half);
    const rivalParams = decodeParameters(rivalForm.form.fields.Ds_MerchantParameters)!;
    expect(
      (await notify(bankAnswer(rivalParams.DS_MERCHANT_ORDER!, rivalParams.DS_MERCHANT_AMOUNT!))).status,
    ).toBe(200);
    expect((await taskRow(rival)).state).toBe('APPROVED');
    expect(await customerBalance(db(), acmeId)).toBe('0.00');

    expect((await notify(bankAnswer(params.DS_MERCHANT_ORDER!, params.DS_MERCHANT_AMOUNT!))).status).toBe(
      200,
    );
    expect((await taskRow(late)).state).toBe('DRAFT');
    const [payment] = await paymentsOf(late);
    expect(payment).toMatchObject({ status: 'UNAPPLIED', response_code: '0000', balance_held_until: null });
    expect(await customerBalance(db(), acmeId)).toBe('0.00');
    expect(await changesTo(late, 'APPROVED')).toBe(0);
    await waitForLog(
      'payments.refused',
      `Bank notification, order ${params.DS_MERCHANT_ORDER}, task ${late}: authorised (0000)`,
    );
    await waitForLog('payments.refused', 'of balance it counted on is gone');
    // replayed: still nothing
    expect((await notify(bankAnswer(params.DS_MERCHANT_ORDER!, params.DS_MERCHANT_AMOUNT!))).status).toBe(
      200,
    );
    expect((await taskRow(late)).state).toBe('DRAFT');
  });
});

describe('sending to production on deferred terms', () => {
  it('Globex (DEFERRED) sends a draft to production; staff may too; twice is refused', async () => {
    const taskId = await draft(tokens.globexAdmin, globexOps);
    const res = await call(t.app, 'POST', `/api/tasks/${taskId}/update/deferred`, {
      token: tokens.globexAdmin,
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ form: null, task: { id: taskId, state: 'DEFERRED' } });
    const task = await taskRow(taskId);
    expect(task.state).toBe('DEFERRED');
    expect(task.approved_user_id).toBe(await userId('admin@globex.test'));
    expect(task.due_date).not.toBeNull();
    expect(await changesTo(taskId, 'DEFERRED')).toBe(1);
    expect((await history(taskId)).at(-1)).toEqual({
      from: 'DRAFT',
      to: 'DEFERRED',
      reason: 'sent_to_production',
      note: null,
    });
    expect(await paymentsOf(taskId)).toHaveLength(0);
    await waitForLog('payments.deferred', `Task ${task.code}`);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${task.code}%sent to production%`));
    // the requester's confirmation (staff hear it through their notifications)
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@globex.test']);

    const again = await call(t.app, 'POST', `/api/tasks/${taskId}/update/deferred`, {
      token: tokens.globexAdmin,
    });
    expect(again.status).toBe(422);

    const byStaff = await draft(tokens.globexAdmin, globexOps);
    const staff = await call(t.app, 'POST', `/api/tasks/${byStaff}/update/deferred`, { token: tokens.pm });
    expect(staff.status).toBe(200);
    expect((await taskRow(byStaff)).state).toBe('DEFERRED');
    expect((await call(t.app, 'POST', `/api/tasks/${byStaff}/update/deferred`, {})).status).toBe(401);
    expect(
      (await call(t.app, 'POST', `/api/tasks/${byStaff}/update/deferred`, { token: tokens.acmeAdmin }))
        .status,
    ).toBe(404);
  });

  it('Acme (ON_DEMAND) asking for deferred gets the card form; staff are refused for it', async () => {
    const balance = await customerBalance(db(), acmeId);
    await db()
      .insert(bonuses)
      .values({ customer_id: acmeId, amount: `-${balance}` });
    const taskId = await draft(tokens.acmeUser, marketing);
    const res = await call(t.app, 'POST', `/api/tasks/${taskId}/update/deferred`, { token: tokens.acmeUser });
    expect(res.status).toBe(200);
    expect(res.json.data.paymentDone).toBe(false);
    expect(res.json.data.form.action).toBe('/api/sandbox-bank');
    expect((await taskRow(taskId)).state).toBe('DRAFT');
    for (const role of ['admin', 'pm'] as const) {
      expect(
        (await call(t.app, 'POST', `/api/tasks/${taskId}/update/deferred`, { token: tokens[role] })).status,
      ).toBe(403);
    }
    expect((await taskRow(taskId)).state).toBe('DRAFT');
  });
});

describe('configuration', () => {
  it('production refuses to build with the sandbox bank unless ALLOW_SANDBOX_PAYMENTS=true', async () => {
    const config = loadConfig(
      { NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', LOG_LEVEL: 'silent' },
      { webDist: '/nonexistent', filesDir: t.config.filesDir },
    );
    await expect(buildApp(config, t.database)).rejects.toThrow(/ALLOW_SANDBOX_PAYMENTS=true/);
  });

  it('with Redsys the form goes to the configured URL and the CSP allows it', async () => {
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PAYMENT_GATEWAY: 'redsys',
        REDSYS_URL: 'https://sis-t.redsys.es:25443/sis/realizarPago',
        REDSYS_MERCHANT_CODE: '999008881',
        REDSYS_MERCHANT_KEY: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
        PUBLIC_URL: 'http://portal.test',
      },
      { webDist: '/nonexistent', filesDir: t.config.filesDir },
    );
    const app = await buildApp(config, t.database);
    try {
      await app.ready();
      const token = (
        await call(app, 'POST', '/api/auth/login', {
          body: { email: 'user@acme.test', password: 'demo-password' },
        })
      ).json.data.access_token;
      const taskId = await draft(tokens.acmeUser, marketing);
      const res = await call(app, 'POST', '/api/tasks/paymentGateway', { token, body: { taskId } });
      expect(res.status).toBe(200);
      expect(res.json.data.form.action).toBe('https://sis-t.redsys.es:25443/sis/realizarPago');
      expect(res.headers['content-security-policy']).toContain(
        "form-action 'self' https://sis-t.redsys.es:25443",
      );
      expect((await call(app, 'GET', '/api/sandbox-bank')).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('a guest pays its temporary task', () => {
  const token = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  let taskId: number;

  beforeAll(async () => {
    const [task] = await db()
      .insert(tasks)
      .values({
        code: 'G-1',
        source_language_id: lang.en!,
        translation_type_id: 1,
        description: 'Guest leaflet',
        state: 'TEMPORAL',
        base_price: '50.00',
        taxed_price: '60.50',
        amount_to_pay: '60.50',
        guest_token: token,
      })
      .returning();
    taskId = task!.id;
    await db()
      .insert(quoteRequests)
      .values({
        first_name: 'Gina',
        last_name: 'Guest',
        email: 'gina@guest.test',
        phone_number: '600000000',
        target_languages: [lang.es],
        privacy_policy: true,
        lang: 'ca',
        task_id: taskId,
      });
  });

  it('gets a form by its link token only; an unknown token is 404', async () => {
    expect((await call(t.app, 'GET', `/api/task/temporal/${'f'.repeat(32)}/pay`)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/task/temporal/${taskId}/pay`)).status).toBe(422);
    const res = await call(t.app, 'GET', `/api/task/temporal/${token}/pay`);
    expect(res.status).toBe(200);
    const params = decodeParameters(res.json.data.form.fields.Ds_MerchantParameters)!;
    expect(params).toMatchObject({
      DS_MERCHANT_AMOUNT: '6050',
      DS_MERCHANT_URLOK: `http://portal.test/guest-task/ok/${token}/`,
      DS_MERCHANT_URLKO: 'http://portal.test/guest-task/ko/',
    });
  });

  it('a declined card returns to the KO page without the token; the task stays TEMPORAL', async () => {
    const res = await call(t.app, 'GET', `/api/task/temporal/${token}/pay`);
    const paid = await call(t.app, 'POST', '/api/sandbox-bank/pay', {
      body: new URLSearchParams({ ...res.json.data.form.fields, card: '4000000000000002' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const location = new URL(String(paid.headers.location));
    expect(location.pathname).toBe('/guest-task/ko/');
    const verify = await call(t.app, 'POST', '/api/task/temporal/verifyPayment', {
      body: Object.fromEntries(location.searchParams),
    });
    expect(verify.status).toBe(200);
    expect(verify.json.data).toMatchObject({ paymentDone: false, task: { state: 'TEMPORAL' } });
    expect(verify.json.data.message).toContain('0190');
  });

  it('the authorised card approves it and mails the guest; a client order is not verified here', async () => {
    const res = await call(t.app, 'GET', `/api/task/temporal/${token}/pay`);
    const paid = await call(t.app, 'POST', '/api/sandbox-bank/pay', {
      body: new URLSearchParams({ ...res.json.data.form.fields, card: '4548812049400004' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const location = new URL(String(paid.headers.location));
    expect(location.pathname).toBe(`/guest-task/ok/${token}/`);
    const verify = await call(t.app, 'POST', '/api/task/temporal/verifyPayment', {
      body: { taskId: token, ...Object.fromEntries(location.searchParams) },
    });
    expect(verify.json.data).toMatchObject({ paymentDone: true, task: { state: 'APPROVED' } });
    const task = await taskRow(taskId);
    expect(task.state).toBe('APPROVED');
    expect(task.approved_user_id).toBeNull();
    expect(await changesTo(taskId, 'APPROVED')).toBe(1);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'gina@guest.test'));
    expect(mail!.subject).toBe('La tasca G-1 està aprovada');
    expect(mail!.text).toContain(`http://portal.test/guest-task/${token}`);
    expect((await call(t.app, 'GET', `/api/task/temporal/${token}/pay`)).status).toBe(422);

    const clientTask = await draft(tokens.acmeUser, marketing);
    const data = await payForm(tokens.acmeUser, clientTask);
    const params = decodeParameters(data.form.fields.Ds_MerchantParameters)!;
    const answer = bankAnswer(params.DS_MERCHANT_ORDER!, params.DS_MERCHANT_AMOUNT!);
    const refused = await call(t.app, 'POST', '/api/task/temporal/verifyPayment', { body: { ...answer } });
    expect(refused.json.data.paymentDone).toBe(false);
    expect((await taskRow(clientTask)).state).toBe('DRAFT');
  });
});

describe('the services take plain inputs (a job or the CLI can call them)', () => {
  it('start a payment, apply the bank verdict and refuse a paid task, returning their log entries', async () => {
    const balance = await customerBalance(db(), acmeId);
    await db()
      .insert(bonuses)
      .values({ customer_id: acmeId, amount: `-${balance}` });
    const taskId = await draft(tokens.acmeUser, marketing);
    const [row] = await db().select().from(users).where(eq(users.email, 'user@acme.test'));
    const actor = systemActor({
      id: row!.id,
      type: 'CLIENT_USER',
      email: row!.email,
      name: row!.name,
      lastname: row!.lastname,
      language: 'en',
      customer_id: acmeId,
      session_id: 0,
    });
    const gateway = createSandboxGateway();
    const logRows = async () => (await db().select({ n: count() }).from(actionLogs))[0]!.n;
    const before = await logRows();

    const started = await startPayment(t.app, gateway, actor, taskId);
    expect(started.log).toMatchObject({ action: 'payments.form', customerId: acmeId });
    if (started.data.paymentDone) throw new Error('expected a card form');
    const { order_number: order, card_amount: card } = started.data.payment;
    const verdict = gateway.verdict(bankAnswer(order, eurosToCents(card)));
    const approved = await handleBankResponse(t.app, verdict, { via: 'notification' });
    expect(approved).toMatchObject({
      data: { paymentDone: true, messageKey: 'payments.approved', taskId },
      log: { action: 'payments.authorised', customerId: acmeId },
    });
    expect((await taskRow(taskId)).state).toBe('APPROVED');
    const replay = await handleBankResponse(t.app, verdict, { via: 'notification' });
    expect(replay).toMatchObject({ data: { paymentDone: true }, log: { action: 'payments.repeated' } });
    await expect(startPayment(t.app, gateway, actor, taskId)).rejects.toMatchObject({
      status: 422,
      messageKey: 'payments.already_paid',
      log: { key: 'payments.already_state', params: expect.objectContaining({ state: 'APPROVED' }) },
    });
    // the services return their log entries; only the routes write them
    expect(await logRows()).toBe(before);
  });
});
