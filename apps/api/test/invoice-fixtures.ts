import { eq } from 'drizzle-orm';
import { madridDateOf } from '@verba/contracts/pricing';
import type { TaskState } from '@verba/contracts';
import { customers, languages, taskTargetLanguages, tasks } from '../src/db/schema/index.ts';
import { call, type TestApp } from './harness.ts';
import { taskForm, type Fixtures } from './demo-fixtures.ts';

/**
 * One issued invoice per tenant, for the rows about an invoice. Each customer orders a task of its
 * own through the API; only its state is set in the database (approving an ON_DEMAND task takes a
 * bank round trip that the payments tests cover), then the admin issues the invoice through the API.
 */
export async function invoiceFixtures(t: TestApp, f: Fixtures): Promise<{ acme: number; globex: number }> {
  const issueFor = async (token: string, department: number, customer: number) => {
    const form = await taskForm(department, f.languages);
    const order = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
      token,
      body: form.payload,
      headers: form.headers,
    });
    if (order.status !== 201) throw new Error(`invoice fixture task: ${order.status}`);
    await t.app.jobs.idle();
    const taskId = order.json.data.id as number;
    await t.database.db.update(tasks).set({ state: 'APPROVED' }).where(eq(tasks.id, taskId));
    const draft = await call(t.app, 'GET', '/api/invoices/draft', {
      token: f.tokens.admin,
      query: { customer_id: String(customer) },
    });
    const task = draft.json.data.tasks.find((row: { id: number }) => row.id === taskId);
    const iva = draft.json.data.default_tax === 'IVA';
    const cents = Math.round(Number(task.amount) * 100);
    const total = iva ? cents + Math.round((cents * 21) / 100) : cents;
    const issued = await call(t.app, 'POST', '/api/invoices', {
      token: f.tokens.admin,
      body: {
        customer_id: draft.json.data.customer.id,
        task_ids: [taskId],
        tax: draft.json.data.default_tax,
        amount: (total / 100).toFixed(2),
        issued_at: madridDateOf(new Date()),
        ...draft.json.data.information,
      },
    });
    if (issued.status !== 201) throw new Error(`invoice fixture: ${issued.status} ${issued.raw.body}`);
    return issued.json.data.id as number;
  };
  return {
    acme: await issueFor(f.tokens.acmeUser, f.acme.department, f.acme.customer),
    globex: await issueFor(f.tokens.globexAdmin, f.globex.department, f.globex.customer),
  };
}

/**
 * What the invoice tests share: the two tenants, a task made straight in the database with the
 * fields an invoice reads (state, customer, prices, languages, words), the form's draft and the
 * body the form sends, and the issue call.
 */
export async function invoiceScenario(t: TestApp, tokens: { admin: string }) {
  const db = t.database.db;
  const rows = await db.select().from(customers);
  const acme = rows.find((c) => c.name === 'Acme')!.id;
  const globex = rows.find((c) => c.name === 'Globex')!.id;
  const lang = Object.fromEntries((await db.select().from(languages)).map((l) => [l.iso_code, l.id]));
  const today = madridDateOf(new Date());
  let seq = 0;

  async function makeTask(customerId: number, state: TaskState, base: string, other = '0.00') {
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
    if (res.status !== 200) throw new Error(`invoice draft: ${res.status}`);
    return res.json.data;
  }

  /** The body the form sends: the customer's information as pre-filled. */
  async function body(customerId: number, taskIds: number[], amount: string, tax = 'IVA') {
    const d = await draft(customerId);
    return { customer_id: customerId, task_ids: taskIds, tax, amount, issued_at: today, ...d.information };
  }

  const issue = (payload: unknown, token = tokens.admin) =>
    call(t.app, 'POST', '/api/invoices', { token, body: payload });

  return { acme, globex, lang, today, year: today.slice(0, 4), makeTask, draft, body, issue };
}
