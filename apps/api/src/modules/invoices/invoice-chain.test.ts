import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, isNull } from 'drizzle-orm';
import { madridDateOf } from '@verba/contracts/pricing';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { customers, invoices, languages, taskTargetLanguages, tasks } from '../../db/schema/index.ts';
import { brokenLink } from './service.ts';
import { seedDemoInvoices } from '../../db/seed/demo-invoices.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let acme: number;
let globex: number;
let lang: Record<string, number>;
let seq = 0;
const today = madridDateOf(new Date());
const year = today.slice(0, 4);

/** A task straight in the database: what the issue reads (state, customer, prices, languages, words). */
async function makeTask(customerId: number, state: string, base: string, other = '0.00') {
  const db = t.database.db;
  seq++;
  const [row] = await db
    .insert(tasks)
    .values({
      code: `INV-${seq}`,
      customer_id: customerId,
      source_language_id: lang.en!,
      translation_type_id: 1,
      description: `Catàleg l·l ${seq}`,
      state,
      word_count: 1000 + seq,
      base_price: base,
      other_prices: other,
      amount_to_pay: base,
    })
    .returning();
  await db.insert(taskTargetLanguages).values([
    { task_id: row!.id, language_id: lang.es! },
    { task_id: row!.id, language_id: lang.fr! },
  ]);
  return row!;
}

async function draft(customerId: number) {
  const res = await call(t.app, 'GET', '/api/invoices/draft', {
    token: tokens.admin,
    query: { customer_id: String(customerId) },
  });
  expect(res.status).toBe(200);
  return res.json.data;
}

/** The body the form sends: the customer's information as pre-filled. */
async function body(customerId: number, taskIds: number[], amount: string, tax = 'IVA') {
  const d = await draft(customerId);
  return { customer_id: customerId, task_ids: taskIds, tax, amount, issued_at: today, ...d.information };
}

const issue = (payload: unknown, token = tokens.admin) =>
  call(t.app, 'POST', '/api/invoices', { token, body: payload });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  const db = t.database.db;
  const rows = await db.select().from(customers);
  acme = rows.find((c) => c.name === 'Acme')!.id;
  globex = rows.find((c) => c.name === 'Globex')!.id;
  lang = Object.fromEntries((await db.select().from(languages)).map((l) => [l.iso_code, l.id]));
});

afterAll(async () => {
  await t?.close();
});

describe('invoice folios and hash chain', () => {
  it('issues concurrently with no duplicate and no missing folio; a task goes on one invoice only', async () => {
    const before = await t.database.db.select().from(invoices).where(eq(invoices.series, year));
    const own = await Promise.all(
      Array.from({ length: 12 }, (_, i) => makeTask(i % 2 ? acme : globex, 'DONE', '10.00')),
    );
    const shared = await makeTask(globex, 'DONE', '20.00');
    const payloads = await Promise.all(
      own.map((task) =>
        body(
          task.customer_id!,
          [task.id],
          task.customer_id === acme ? '12.10' : '10.00',
          task.customer_id === acme ? 'IVA' : 'NONE',
        ),
      ),
    );
    const sharedBody = await body(globex, [shared.id], '20.00', 'NONE');
    const results = await Promise.all([
      ...payloads.map((p) => issue(p)),
      issue(sharedBody),
      issue(sharedBody),
    ]);
    expect(results.slice(0, 12).map((r) => r.status)).toEqual(Array(12).fill(201));
    const sharedStatuses = results
      .slice(12)
      .map((r) => r.status)
      .sort();
    expect(sharedStatuses).toEqual([201, 422]);
    const numbers = (await t.database.db.select().from(invoices).where(eq(invoices.series, year)))
      .map((r) => r.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.length).toBe(before.length + 13);
    expect(await brokenLink(t.app)).toBeNull();
  });
  it('chains each invoice’s SHA-256 to the one before; a changed amount breaks the chain', async () => {
    expect(await brokenLink(t.app)).toBeNull();
    const db = t.database.db;
    const [first] = await db.select().from(invoices).orderBy(invoices.id).limit(1);
    const [second] = await db.select().from(invoices).where(eq(invoices.previous_hash, first!.hash));
    expect(second).toBeDefined();
    await db.update(invoices).set({ amount: '1.00' }).where(eq(invoices.id, first!.id));
    try {
      expect(await brokenLink(t.app)).toBe(first!.id);
    } finally {
      await db.update(invoices).set({ amount: first!.amount }).where(eq(invoices.id, first!.id));
    }
    expect(await brokenLink(t.app)).toBeNull();
  });

  it('the demo invoice: Acme’s paid approved-or-later tasks, or nothing when there are none', async () => {
    const db = t.database.db;
    const count = async () => (await db.select().from(invoices)).length;
    await db.update(tasks).set({ state: 'CANCELLED' }).where(isNull(tasks.invoice_id));
    const before = await count();
    await seedDemoInvoices(db);
    expect(await count()).toBe(before);
    const paid = await makeTask(acme, 'DONE', '90.00');
    const deferred = await makeTask(acme, 'DEFERRED', '10.00');
    await seedDemoInvoices(db);
    expect(await count()).toBe(before + 1);
    const [invoice] = await db.select().from(invoices).orderBy(desc(invoices.id)).limit(1);
    expect(invoice).toMatchObject({ customer_id: acme, amount: '108.90', payment_status: 'paid' });
    const [row] = await db.select().from(tasks).where(eq(tasks.id, paid.id));
    expect(row!.invoice_id).toBe(invoice!.id);
    const [left] = await db.select().from(tasks).where(eq(tasks.id, deferred.id));
    expect(left!.invoice_id).toBeNull();
  });
});
