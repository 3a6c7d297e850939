import { eq } from 'drizzle-orm';
import { customerEnabledRates, customers, departments, languages, rates } from '../src/db/schema/index.ts';
import { call, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';

/** The demo ids the pricing and payment tests start from. */
export async function pricingIds(t: TestApp) {
  const db = t.database.db;
  const lang: Record<string, number> = Object.fromEntries(
    (await db.select().from(languages)).map((l) => [l.iso_code, l.id]),
  );
  const customerId = async (name: string) =>
    (await db.select().from(customers).where(eq(customers.name, name)))[0]!.id;
  const marketing = (await db.select().from(departments).where(eq(departments.title, 'Marketing')))[0]!.id;
  return { lang, acmeId: await customerId('Acme'), globexId: await customerId('Globex'), marketing };
}

/**
 * A general rate of the test's own (r1 a word, r2 an hour), switched on for the customers given: a
 * pair the demo rates do not price, so they never change the test's figures.
 */
export async function ownGeneralRate(
  t: TestApp,
  pair: { source: number; target: number; r1?: string; r2?: string },
  customerIds: number[],
): Promise<number> {
  const db = t.database.db;
  const [rate] = await db
    .insert(rates)
    .values({
      default_group: true,
      source_lang: pair.source,
      target_lang: pair.target,
      r1: pair.r1 ?? '0.1000',
      r2: pair.r2 ?? '30.00',
    })
    .returning();
  if (customerIds.length) {
    await db
      .insert(customerEnabledRates)
      .values(customerIds.map((customer_id) => ({ customer_id, rate_id: rate!.id })));
  }
  return rate!.id;
}

export interface DraftOrder {
  token: string;
  department: number;
  source: number;
  targets: number[];
  description: string;
  file: { name: string; content: string };
}

/** Orders a task through the tasks API and waits for its analysis: a priced DRAFT's id. */
export async function orderDraft(t: TestApp, order: DraftOrder): Promise<number> {
  const body = await multipart(
    {
      description: order.description,
      department: String(order.department),
      source_language: String(order.source),
      'target_languages[]': order.targets.map(String),
      translation_type: '1',
      review: 'false',
      custom_quote: 'false',
    },
    [order.file],
  );
  const res = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
    token: order.token,
    body: body.payload,
    headers: body.headers,
  });
  if (res.status !== 201) throw new Error(`order refused: ${res.status} ${res.raw.body}`);
  await t.app.jobs.idle();
  return res.json.data.id as number;
}
