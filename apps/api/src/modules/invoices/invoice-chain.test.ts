import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { invoiceScenario } from '../../../test/invoice-fixtures.ts';
import { invoices, tasks } from '../../db/schema/index.ts';
import { brokenLink } from './service.ts';
import { seedDemoInvoices } from '../../db/seed/demo-invoices.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let s: Awaited<ReturnType<typeof invoiceScenario>>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  s = await invoiceScenario(t, tokens);
});

afterAll(async () => {
  await t?.close();
});

describe('invoice folios and hash chain', () => {
  it('issues concurrently with no duplicate and no missing folio; a task goes on one invoice only', async () => {
    const before = await t.database.db.select().from(invoices).where(eq(invoices.series, s.year));
    const own = await Promise.all(
      Array.from({ length: 12 }, (_, i) => s.makeTask(i % 2 ? s.acme : s.globex, 'DONE', '10.00')),
    );
    const shared = await s.makeTask(s.globex, 'DONE', '20.00');
    const payloads = await Promise.all(
      own.map((task) =>
        s.body(
          task.customer_id!,
          [task.id],
          task.customer_id === s.acme ? '12.10' : '10.00',
          task.customer_id === s.acme ? 'IVA' : 'NONE',
        ),
      ),
    );
    const sharedBody = await s.body(s.globex, [shared.id], '20.00', 'NONE');
    const results = await Promise.all([
      ...payloads.map((p) => s.issue(p)),
      s.issue(sharedBody),
      s.issue(sharedBody),
    ]);
    expect(results.slice(0, 12).map((r) => r.status)).toEqual(Array(12).fill(201));
    const sharedStatuses = results
      .slice(12)
      .map((r) => r.status)
      .sort();
    expect(sharedStatuses).toEqual([201, 422]);
    const numbers = (await t.database.db.select().from(invoices).where(eq(invoices.series, s.year)))
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
    const paid = await s.makeTask(s.acme, 'DONE', '90.00');
    const deferred = await s.makeTask(s.acme, 'DEFERRED', '10.00');
    await seedDemoInvoices(db);
    expect(await count()).toBe(before + 1);
    const [invoice] = await db.select().from(invoices).orderBy(desc(invoices.id)).limit(1);
    expect(invoice).toMatchObject({ customer_id: s.acme, amount: '108.90', payment_status: 'paid' });
    const [row] = await db.select().from(tasks).where(eq(tasks.id, paid.id));
    expect(row!.invoice_id).toBe(invoice!.id);
    const [left] = await db.select().from(tasks).where(eq(tasks.id, deferred.id));
    expect(left!.invoice_id).toBeNull();
  });
});
