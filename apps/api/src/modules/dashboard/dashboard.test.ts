import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import {
  customers,
  departments,
  languages,
  sourceFiles,
  taskTargetLanguages,
  tasks,
} from '../../db/schema/index.ts';
import { lastTwelveMonths } from './service.ts';

/** Known tasks → known figures. Prices: taxed_price = untaxed + price_taxes (+ other taxes, 0 here). */
let t: TestApp;
const month = lastTwelveMonths();
const thisMonth = month[11]!;
const lastMonth = month[10]!;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.delete(tasks);
  const id = async (table: typeof customers, name: string) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]!.id;
  const acme = await id(customers, 'Acme');
  const globex = await id(customers, 'Globex');
  const [marketing] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(eq(departments.title, 'Marketing'));
  const lang = async (iso: string) =>
    (await db.select({ id: languages.id }).from(languages).where(eq(languages.iso_code, iso)))[0]!.id;
  const [en, es, ca, fr] = [await lang('en'), await lang('es'), await lang('ca'), await lang('fr')];
  const now = sql`now() - interval '1 minute'`;
  const previousMonth = sql`(date_trunc('month', now() at time zone 'Europe/Madrid') - interval '20 days') at time zone 'Europe/Madrid'`;
  let n = 0;
  /** Timestamps may be SQL expressions (the database's clock). */
  const task = async (values: Record<string, unknown>, targets: number[] = []) => {
    n += 1;
    const [row] = await db
      .insert(tasks)
      .values({
        code: `D${n}`,
        description: `Dashboard task ${n}`,
        source_language_id: en,
        translation_type_id: 1,
        state: 'DRAFT',
        ...values,
      } as typeof tasks.$inferInsert)
      .returning({ id: tasks.id });
    for (const language_id of targets)
      await db.insert(taskTargetLanguages).values({ task_id: row!.id, language_id });
    return row!.id;
  };
  const money = (untaxed: string, taxes: string, total: string) => ({
    taxed_price: total,
    price_taxes: taxes,
    amount_to_pay: total,
    base_price: untaxed,
  });
  // Acme, Marketing, approved this month, due tomorrow.
  await task(
    {
      customer_id: acme,
      department_id: marketing!.id,
      state: 'APPROVED',
      approved_at: now,
      word_count: 1000,
      due_date: sql`now() + interval '1 day'`,
      ...money('100.00', '21.00', '121.00'),
    },
    [es, ca],
  );
  // Acme, no department, done last month (late, but done: not listed as due).
  await task(
    {
      customer_id: acme,
      state: 'DONE',
      approved_at: previousMonth,
      word_count: 500,
      due_date: sql`now() - interval '2 days'`,
      ...money('50.00', '10.50', '60.50'),
    },
    [es],
  );
  // Globex, deferred this month, overdue.
  await task(
    {
      customer_id: globex,
      state: 'DEFERRED',
      approved_at: now,
      word_count: 2000,
      due_date: sql`now() - interval '1 day'`,
      ...money('300.00', '0', '300.00'),
    },
    [fr],
  );
  // Cancelled, a draft, and work older than 12 months: none counts as work.
  await task(
    {
      customer_id: acme,
      state: 'CANCELLED',
      approved_at: now,
      word_count: 9999,
      ...money('999', '0', '999'),
    },
    [es],
  );
  await task({ customer_id: acme, state: 'DRAFT' });
  await task(
    {
      customer_id: acme,
      state: 'DONE',
      approved_at: sql`now() - interval '13 months'`,
      word_count: 7,
      ...money('7', '0', '7'),
    },
    [es],
  );
  // Globex, its files in the analysis.
  const queued = await task({ customer_id: globex, state: 'CALCULATING' });
  await db
    .insert(sourceFiles)
    .values({ task_id: queued, file_name: 'a.docx', file_path: 'x/a.docx', size: 10 });
});
afterAll(() => t.close());

describe('GET /api/dashboard/staff', () => {
  it('aggregates every customer: states, 12 months, top customers and pairs, due work, the queue', async () => {
    const token = await login(t.app, DEMO.pm);
    const res = await call(t.app, 'GET', '/api/dashboard/staff', { token });
    expect(res.status).toBe(200);
    const d = res.json.data;
    expect(d.by_state).toEqual([
      { state: 'APPROVED', count: 1 },
      { state: 'CALCULATING', count: 1 },
      { state: 'CANCELLED', count: 1 },
      { state: 'DEFERRED', count: 1 },
      { state: 'DONE', count: 2 },
      { state: 'DRAFT', count: 1 },
    ]);
    expect(d.months.map((m: { month: string }) => m.month)).toEqual(month);
    expect(d.months[11]).toEqual({ month: thisMonth, tasks: 2, words: 3000, amount: '400.00' });
    expect(d.months[10]).toEqual({ month: lastMonth, tasks: 1, words: 500, amount: '50.00' });
    expect(d.months.slice(0, 10).every((m: { tasks: number }) => m.tasks === 0)).toBe(true);
    expect(d.top_customers).toEqual([
      expect.objectContaining({ name: 'Globex', tasks: 1, words: 2000, amount: '300.00' }),
      expect.objectContaining({ name: 'Acme', tasks: 2, words: 1500, amount: '150.00' }),
    ]);
    expect(d.language_pairs).toEqual([
      { source: 'en', target: 'es', tasks: 2, words: 1500 },
      { source: 'en', target: 'fr', tasks: 1, words: 2000 },
      { source: 'en', target: 'ca', tasks: 1, words: 1000 },
    ]);
    expect(d.due.overdue).toBe(1);
    expect(d.due.due_soon).toBe(1);
    expect(d.due.tasks.map((x: { code: string; overdue: boolean }) => [x.code, x.overdue])).toEqual([
      ['D3', true],
      ['D1', false],
    ]);
    expect(d.analysis_queue).toMatchObject({
      total: 1,
      tasks: [{ code: 'D7', files: 1, customer_name: 'Globex' }],
    });
  });

  it.each([
    [DEMO.acmeAdmin, 403],
    [DEMO.acmeUser, 403],
  ])('refuses %s with %i', async (email, status) => {
    const token = await login(t.app, email);
    expect((await call(t.app, 'GET', '/api/dashboard/staff', { token })).status).toBe(status);
  });
});

describe('GET /api/dashboard/client', () => {
  it("shows the client admin its own customer's spend (taxes included), departments, open tasks and balance", async () => {
    const token = await login(t.app, DEMO.acmeAdmin);
    const res = await call(t.app, 'GET', '/api/dashboard/client', { token });
    expect(res.status).toBe(200);
    const d = res.json.data;
    const me = await call(t.app, 'GET', '/api/auth/me', { token });
    expect(d.balance).toMatch(/^-?\d+\.\d{2}$/);
    expect(d.balance).toBe(me.json.data.customer.balance);
    expect(d.months).toHaveLength(12);
    expect(d.months[11]).toEqual({ month: thisMonth, tasks: 1, words: 1000, amount: '121.00' });
    expect(d.months[10]).toEqual({ month: lastMonth, tasks: 1, words: 500, amount: '60.50' });
    expect(d.departments).toEqual([
      expect.objectContaining({ title: 'Marketing', tasks: 1, words: 1000, amount: '121.00' }),
      { department_id: null, title: null, tasks: 1, words: 500, amount: '60.50' },
    ]);
    expect(d.open_tasks).toEqual({
      total: 2,
      by_state: [
        { state: 'APPROVED', count: 1 },
        { state: 'DRAFT', count: 1 },
      ],
    });
  });

  it("never mixes in another customer's work", async () => {
    const token = await login(t.app, DEMO.globexAdmin);
    const d = (await call(t.app, 'GET', '/api/dashboard/client', { token })).json.data;
    expect(d.months[11]).toEqual({ month: thisMonth, tasks: 1, words: 2000, amount: '300.00' });
    expect(d.departments).toEqual([
      { department_id: null, title: null, tasks: 1, words: 2000, amount: '300.00' },
    ]);
    expect(d.open_tasks.by_state).toEqual([
      { state: 'CALCULATING', count: 1 },
      { state: 'DEFERRED', count: 1 },
    ]);
  });

  it.each([
    [DEMO.admin, 403],
    [DEMO.pm, 403],
    [DEMO.acmeUser, 403],
  ])('refuses %s with %i', async (email, status) => {
    const token = await login(t.app, email);
    expect((await call(t.app, 'GET', '/api/dashboard/client', { token })).status).toBe(status);
  });

  it('asks for a session', async () => {
    expect((await call(t.app, 'GET', '/api/dashboard/client')).status).toBe(401);
  });
});
