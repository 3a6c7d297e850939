import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { orderDraft, ownGeneralRate, pricingIds } from '../../../test/pricing-fixtures.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { actionLogs, bonuses, mailOutbox, payments, tasks } from '../../db/schema/index.ts';
import { SANDBOX_MERCHANT_CODE, SANDBOX_MERCHANT_KEY } from './gateway/index.ts';
import { decodeParameters, signResponse } from './gateway/redsys-protocol.ts';

/**
 * An order is bound to the price it was issued for, the outstanding balance is counted
 * with taxes like the total, an unpriced or zero quote is refused clearly, and the client sees
 * the balance and card parts before leaving for the bank. Rates are this file's own (de→…), so
 * demo rates never change its figures.
 */
let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let acmeId: number;
let marketing: number;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  ({ lang, acmeId, marketing } = await pricingIds(t));
  await ownGeneralRate(t, { source: lang.de!, target: lang.en! }, [acmeId]);
  await t.app.jobs.start();
});
afterAll(() => t.close());

/** A German brochure ordered by Acme's user, analysed and priced: a DRAFT. */
const draft = (targets: string[] = ['en']) =>
  orderDraft(t, {
    token: tokens.acmeUser,
    department: marketing,
    source: lang.de!,
    targets: targets.map((iso) => lang[iso]!),
    description: 'Broschüre',
    file: {
      name: 'broschuere.txt',
      content: 'Unser Portal übersetzt Ihre Dokumente schnell. Fragen Sie uns.',
    },
  });

const taskRow = async (id: number) => (await db().select().from(tasks).where(eq(tasks.id, id)))[0]!;
const orders = async (taskId: number) =>
  db().select().from(payments).where(eq(payments.task_id, taskId)).orderBy(asc(payments.id));

async function payForm(taskId: number) {
  const res = await call(t.app, 'POST', '/api/tasks/paymentGateway', {
    token: tokens.acmeUser,
    body: { taskId },
  });
  expect(res.status).toBe(200);
  const params = decodeParameters(res.json.data.form.fields.Ds_MerchantParameters)!;
  return { order: params.DS_MERCHANT_ORDER!, cents: params.DS_MERCHANT_AMOUNT! };
}

/** The sandbox bank authorises an order for `cents` (Ds_Amount, in cents, as issued). */
const authorise = (order: string, cents: string) =>
  call(t.app, 'POST', '/api/payments/notification', {
    body: signResponse(SANDBOX_MERCHANT_KEY, {
      Ds_Date: '24%2F11%2F2026',
      Ds_Hour: '10%3A00',
      Ds_Amount: cents,
      Ds_Currency: '978',
      Ds_Order: order,
      Ds_MerchantCode: SANDBOX_MERCHANT_CODE,
      Ds_Terminal: '001',
      Ds_Response: '0000',
      Ds_TransactionType: '0',
      Ds_AuthorisationCode: '123456',
    }),
  });

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

const staffPut = (path: string, body: unknown) => call(t.app, 'PUT', path, { token: tokens.pm, body });

/** Every way staff change a draft's price. */
const priceChanges: Array<[string, (taskId: number) => Promise<unknown>]> = [
  ['the amount to pay', (id) => staffPut(`/api/tasks/${id}/updateAmountToPay`, { amount_to_pay: '6965.97' })],
  ['the days to add', (id) => staffPut(`/api/tasks/${id}/updateDaysToAdd`, { days_to_add: 3 })],
  [
    'another concept',
    (id) =>
      call(t.app, 'POST', '/api/other-concepts', {
        token: tokens.pm,
        body: { task_id: id, concept: 'DTP', quantity: '1', price: '50.00' },
      }),
  ],
];

describe('an order is bound to the price it was issued for', () => {
  for (const [change, apply] of priceChanges)
    it(`changing ${change} cancels the open order; its late authorisation is UNAPPLIED and logged for a refund`, async () => {
      const taskId = await draft();
      const { order, cents } = await payForm(taskId);
      expect((await orders(taskId))[0]).toMatchObject({ status: 'PENDING' });

      const changed = (await apply(taskId)) as { status: number };
      expect(changed.status).toBeLessThan(300);
      await t.app.jobs.idle();
      expect((await orders(taskId))[0]).toMatchObject({ order_number: order, status: 'CANCELLED' });

      expect((await authorise(order, cents)).status).toBe(200);
      expect((await taskRow(taskId)).state).toBe('DRAFT');
      expect((await orders(taskId))[0]).toMatchObject({ status: 'UNAPPLIED', response_code: '0000' });
      await waitForLog('payments.refused', `Bank notification, order ${order}, task ${taskId}: authorised`);
      await waitForLog('payments.refused', 'cancelled when the price changed');

      // a new form is for the new price, and approves
      const fresh = await payForm(taskId);
      const task = await taskRow(taskId);
      expect(fresh.cents).toBe(String(Math.round(Number(task.amount_to_pay) * 100)));
      expect((await authorise(fresh.order, fresh.cents)).status).toBe(200);
      expect((await taskRow(taskId)).state).toBe('APPROVED');
    });

  it('re-analysis after an edit cancels the open order too', async () => {
    const taskId = await draft();
    const { order, cents } = await payForm(taskId);
    const body = await multipart(
      {
        description: 'Broschüre, länger',
        department: String(marketing),
        source_language: String(lang.de),
        'target_languages[]': [String(lang.en)],
        translation_type: '1',
        review: 'false',
        custom_quote: 'false',
        source_files: '[]',
      },
      [{ name: 'lang.txt', content: 'Ein viel längerer Text. '.repeat(200) }],
    );
    const edited = await call(t.app, 'POST', `/api/tasks/${taskId}/update`, {
      token: tokens.acmeUser,
      body: body.payload,
      headers: body.headers,
    });
    expect(edited.status).toBe(200);
    await t.app.jobs.idle();
    expect((await taskRow(taskId)).state).toBe('DRAFT');
    expect((await orders(taskId))[0]!.status).toBe('CANCELLED');
    await authorise(order, cents);
    expect((await taskRow(taskId)).state).toBe('DRAFT');
    expect((await orders(taskId))[0]!.status).toBe('UNAPPLIED');
  });

  it('an authorisation arriving before the cancelling job ran never approves at the old price', async () => {
    const taskId = await draft();
    const { order, cents } = await payForm(taskId);
    // the price moved on; the job that cancels the order has not run yet
    await db()
      .update(tasks)
      .set({ price_version: sql`${tasks.price_version} + 1`, amount_to_pay: '6965.97' })
      .where(eq(tasks.id, taskId));
    await authorise(order, cents);
    expect((await taskRow(taskId)).state).toBe('DRAFT');
    expect((await orders(taskId))[0]!.status).toBe('UNAPPLIED');
    await waitForLog('payments.refused', `order ${order}`);
  });
});

describe('the outstanding balance, with taxes like the total', () => {
  const detail = async (taskId: number) =>
    (await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens.acmeAdmin })).json.data as {
      taxed_price: string;
      amount_to_pay: string;
      price_taxes: string;
      outstanding_balance: string;
    };

  it('is the amount to pay before any payment, and 0 after staff record exactly the total', async () => {
    const taskId = await draft();
    const before = await detail(taskId);
    expect(Number(before.price_taxes)).toBeGreaterThan(0); // Acme pays IVA
    expect(before.outstanding_balance).toBe(before.amount_to_pay);
    const paid = await call(t.app, 'POST', '/api/pay-task-histories', {
      token: tokens.admin,
      body: { task_id: taskId, amount: before.taxed_price, type: 'transfer' },
    });
    expect(paid.status).toBe(201);
    expect((await detail(taskId)).outstanding_balance).toBe('0.00');
  });

  it('is 0 once the card paid the quote', async () => {
    const taskId = await draft();
    const { order, cents } = await payForm(taskId);
    await authorise(order, cents);
    expect((await taskRow(taskId)).state).toBe('APPROVED');
    expect((await detail(taskId)).outstanding_balance).toBe('0.00');
  });
});

describe('a quote that cannot be paid says why', () => {
  const pay = (taskId: number) =>
    call(t.app, 'POST', '/api/tasks/paymentGateway', {
      token: tokens.acmeUser,
      body: { taskId, lang: 'es' },
    });

  it('a language without a rate: a custom quote, staff are told, payment is refused with the reason', async () => {
    const taskId = await draft(['en', 'ja']);
    const row = await taskRow(taskId);
    expect(row).toMatchObject({ custom_quote: true, source_files_validation_requested: true });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'pm@verba.test'));
    // in the staff member's language
    expect(
      mails.some((m) => m.subject.includes(`${row.code}:`) && /custom quote|a medida|a mida/.test(m.subject)),
    ).toBe(true);
    const detail = (await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens.acmeUser })).json.data;
    expect(detail.quote_readiness).toEqual({
      fully_priced: false,
      unpriced_language_ids: [lang.ja],
      reason: 'unpriced_languages',
    });
    const res = await pay(taskId);
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/falta una tarifa/);
    expect(await orders(taskId)).toHaveLength(0);
  });

  it('a total of 0: refused with its own message', async () => {
    const taskId = await draft();
    await db().update(tasks).set({ amount_to_pay: '0.00' }).where(eq(tasks.id, taskId));
    const detail = (await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens.acmeUser })).json.data;
    expect(detail.quote_readiness.reason).toBe('zero_total');
    const res = await pay(taskId);
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/total es 0/);
  });

  it('a priced quote is ready', async () => {
    const taskId = await draft();
    const detail = (await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens.acmeUser })).json.data;
    expect(detail.quote_readiness).toEqual({ fully_priced: true, unpriced_language_ids: [], reason: null });
  });
});

describe("the order form's target picker", () => {
  it('lists the price per word of each priced target; an unpriced one is left out (price on request)', async () => {
    const res = await call(t.app, 'GET', `/api/tasks/target-prices?source_language=${lang.de}`, {
      token: tokens.acmeUser,
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toContainEqual({ language_id: lang.en, price_per_word: '0.1000' });
    expect(res.json.data.some((p: { language_id: number }) => p.language_id === lang.ja)).toBe(false);
    const globex = await call(t.app, 'GET', `/api/tasks/target-prices?source_language=${lang.de}`, {
      token: tokens.globexAdmin,
    });
    expect(globex.json.data).toEqual([]);
  });
});

describe('before the bank: what comes from the balance and what from the card', () => {
  it('previews the split as the order will make it, holding nothing', async () => {
    const taskId = await draft();
    const amount = (await taskRow(taskId)).amount_to_pay;
    const preview = async () =>
      call(t.app, 'GET', `/api/tasks/${taskId}/payment-preview`, { token: tokens.acmeUser });
    const none = await preview();
    expect(none.status).toBe(200);
    expect(none.json.data).toEqual({ amount, balance_used: '0.00', card_amount: amount });

    await db().insert(bonuses).values({ customer_id: acmeId, amount: '1.00' });
    const part = (await preview()).json.data;
    expect(part.balance_used).toBe('1.00');
    expect(Number(part.balance_used) + Number(part.card_amount)).toBeCloseTo(Number(amount), 2);
    expect(await orders(taskId)).toHaveLength(0);

    const opened = await call(t.app, 'POST', '/api/tasks/paymentGateway', {
      token: tokens.acmeUser,
      body: { taskId },
    });
    expect(opened.json.data.payment).toMatchObject({
      balance_used: part.balance_used,
      card_amount: part.card_amount,
    });
  });

  it('staff are refused (403), another customer gets 404', async () => {
    const taskId = await draft();
    const as = (role: RoleName) =>
      call(t.app, 'GET', `/api/tasks/${taskId}/payment-preview`, { token: tokens[role] });
    expect((await as('pm')).status).toBe(403);
    expect((await as('globexAdmin')).status).toBe(404);
  });
});
