import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../../test/harness.ts';
import { tokensByRole, type RoleName } from '../../../../test/roles.ts';
import { invoiceScenario } from '../../../../test/invoice-fixtures.ts';
import { otherConcepts, tasks } from '../../../db/schema/index.ts';
import { recalculateQuotes } from './requote.ts';

// What an issued invoice bills never changes under it (ADR 0026): every call that would change a
// task's amounts is refused until a corrective invoice releases the task.

let t: TestApp;
let tokens: Record<RoleName, string>;
let s: Awaited<ReturnType<typeof invoiceScenario>>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  s = await invoiceScenario(t, tokens);
});
afterAll(() => t?.close());

const REFUSAL = {
  en: 'This task is on an issued invoice, so what it bills can no longer change. To change it, issue a corrective invoice first.',
  es: 'Esta tarea figura en una factura emitida, así que lo que factura ya no puede cambiar. Para cambiarlo, emite antes una factura rectificativa.',
  ca: 'Aquesta tasca figura en una factura emesa, així que el que factura ja no pot canviar. Per canviar-ho, emeti abans una factura rectificativa.',
} as const;

/** An APPROVED task of Acme with one other concept (€10 on top of €40), invoiced and paid. */
async function invoicedTask() {
  const task = await s.makeTask(s.acme, 'APPROVED', '40.00', '10.00');
  await t.database.db.update(tasks).set({ amount_to_pay: '60.50' }).where(eq(tasks.id, task.id));
  const [concept] = await t.database.db
    .insert(otherConcepts)
    .values({ task_id: task.id, concept: 'Layout', quantity: '1.00', price: '10.00' })
    .returning();
  const issued = await s.issue(await s.body(s.acme, [task.id], '60.50'));
  expect(issued.status).toBe(201);
  // An ON_DEMAND customer's approved task was paid before: its invoice is issued paid.
  expect(issued.json.data.payment_status).toBe('paid');
  return { task, concept: concept!, invoice: issued.json.data as { id: number; folio: string } };
}

/** What the task bills, as stored: its amounts, price version and concepts. */
async function billed(taskId: number) {
  const [row] = await t.database.db.select().from(tasks).where(eq(tasks.id, taskId));
  const concepts = await t.database.db.select().from(otherConcepts).where(eq(otherConcepts.task_id, taskId));
  return {
    base_price: row!.base_price,
    other_prices: row!.other_prices,
    taxed_price: row!.taxed_price,
    amount_to_pay: row!.amount_to_pay,
    price_version: row!.price_version,
    concepts: concepts.map((c) => ({ id: c.id, concept: c.concept, quantity: c.quantity, price: c.price })),
  };
}

const conceptBody = (taskId: number) => ({
  task_id: taskId,
  concept: 'Rush fee',
  description: null,
  unit: null,
  quantity: '2',
  price: '15.00',
});

describe('amounts of an invoiced task', () => {
  it('refuses, for every staff role and in every language, each call that changes what the invoice bills', async () => {
    const { task, concept } = await invoicedTask();
    const before = await billed(task.id);
    const changes = [
      ['PUT', `/api/tasks/${task.id}/updateAmountToPay`, { amount_to_pay: '1.00' }],
      ['POST', '/api/other-concepts', conceptBody(task.id)],
      ['PUT', `/api/other-concepts/${concept.id}`, conceptBody(task.id)],
      ['DELETE', `/api/other-concepts/${concept.id}`, undefined],
    ] as const;
    for (const token of [tokens.admin, tokens.pm])
      for (const [method, url, body] of changes)
        for (const lang of ['en', 'es', 'ca'] as const) {
          const res = await call(t.app, method, url, { token, body, query: { lang } });
          expect([method, url, lang, res.status]).toEqual([method, url, lang, 422]);
          expect(res.json.message).toBe(REFUSAL[lang]);
          // On the field the staff's form shows it on (none for a delete: a notice shows the message).
          const field = { PUT: url.endsWith('updateAmountToPay') ? 'amount_to_pay' : 'price', POST: 'price' }[
            method as 'PUT'
          ];
          if (field)
            expect(res.json.errors?.[field], `${method} ${url} ${JSON.stringify(res.json)}`).toEqual([
              REFUSAL[lang],
            ]);
        }
    expect(await billed(task.id)).toEqual(before);
  });

  it('refuses a recalculation, and leaves it out of the re-pricing that follows a change of rates', async () => {
    const { task } = await invoicedTask();
    // A draft again (as if cancelled and reactivated): recalculable by state, but invoiced.
    await t.database.db.update(tasks).set({ state: 'DRAFT' }).where(eq(tasks.id, task.id));
    const before = await billed(task.id);
    const res = await call(t.app, 'POST', `/api/tasks/${task.id}/recalculate`, {
      token: tokens.pm,
      query: { lang: 'es' },
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(REFUSAL.es);
    await recalculateQuotes(t.app, s.acme, 'general rate en→es');
    expect(await billed(task.id)).toEqual(before);
  });

  it('shows the client the total its invoice bills', async () => {
    const { task, invoice } = await invoicedTask();
    await call(t.app, 'PUT', `/api/tasks/${task.id}/updateAmountToPay`, {
      token: tokens.admin,
      body: { amount_to_pay: '1.00' },
    });
    const detail = (await call(t.app, 'GET', `/api/task/${task.id}`, { token: tokens.acmeAdmin })).json.data;
    const issued = (await call(t.app, 'GET', `/api/invoices/${invoice.id}`, { token: tokens.admin })).json
      .data;
    expect(detail.invoice.folio).toBe(invoice.folio);
    expect(detail.amount_to_pay).toBe(issued.amount);
    expect(detail.other_concepts).toHaveLength(1);
  });

  it('lets staff change the amounts again once a corrective invoice releases the task', async () => {
    const { task, invoice } = await invoicedTask();
    const rectified = await call(t.app, 'POST', `/api/invoices/${invoice.id}/rectify`, {
      token: tokens.admin,
      body: { reason: 'Wrong amount' },
    });
    expect(rectified.status).toBe(201);
    const res = await call(t.app, 'PUT', `/api/tasks/${task.id}/updateAmountToPay`, {
      token: tokens.pm,
      body: { amount_to_pay: '55.00' },
    });
    expect(res.status).toBe(200);
    expect((await billed(task.id)).amount_to_pay).toBe('55.00');
  });
});
