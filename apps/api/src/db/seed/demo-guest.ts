import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  countries,
  generalMinimumRates,
  languages,
  quoteRequests,
  settings,
  taskStateChanges,
  taskTargetLanguages,
  tasks,
} from '../schema/index.ts';
import { NEXT_TASK_ID_KEY } from './reference.ts';

/** The demo guest's link: /guest-task/demo-guest-quote-link-0001 (demo data only, never in production). */
export const DEMO_GUEST_TOKEN = 'demo-guest-quote-link-0001';

/**
 * Demo rows of the public quote form (issue 17): general minimum charges, and one guest quote
 * request with its priced TEMPORAL task, as staff see it under the TEMPORAL filter.
 */
export async function seedDemoGuestQuote(db: Db): Promise<void> {
  await db
    .insert(generalMinimumRates)
    .values([
      { translation_type_id: 1, hour: '1.00', amount: '30.00' },
      { translation_type_id: 2, hour: '1.00', amount: '40.00' },
      { translation_type_id: 3, hour: '0.50', amount: '20.00' },
      { translation_type_id: 4, hour: '0', amount: '15.00' },
    ])
    .onConflictDoNothing();
  const iso = async (code: string) =>
    (await db.select({ id: languages.id }).from(languages).where(eq(languages.iso_code, code)))[0]?.id;
  const [en, fr] = [await iso('en'), await iso('fr')];
  const [gb] = await db.select().from(countries).where(eq(countries.code, 'GB'));
  if (!en || !fr || !gb) return;
  const created = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  const [task] = await db
    .insert(tasks)
    .values({
      code: 'Q-DEMO-1',
      source_language_id: en,
      translation_type_id: 1,
      description: 'Quote request: Initech Ltd (Gina Guest)',
      comments: 'Product leaflet for our launch in France.',
      state: 'TEMPORAL',
      word_count: 420,
      base_price: '42.00',
      taxed_price: '42.00',
      amount_to_pay: '42.00',
      due_date: new Date(created.getTime() + 6 * 24 * 3600 * 1000),
      quoted_at: created,
      guest_token: DEMO_GUEST_TOKEN,
      created_at: created,
      updated_at: created,
    })
    .onConflictDoNothing()
    .returning();
  if (!task) return;
  // Inserted here, not through the counter that numbers tasks: keep that counter above its id, so the
  // next task id staff see in /settings stays one they can save.
  await db
    .update(settings)
    .set({ value: sql`greatest(${settings.value}::bigint, ${task.id + 1})::text` })
    .where(eq(settings.key, NEXT_TASK_ID_KEY));
  await db.insert(taskTargetLanguages).values({ task_id: task.id, language_id: fr });
  await db.insert(taskStateChanges).values([
    {
      task_id: task.id,
      from_state: null,
      to_state: 'CALCULATING',
      reason: 'guest_requested',
      created_at: created,
    },
    {
      task_id: task.id,
      from_state: 'CALCULATING',
      to_state: 'TEMPORAL',
      reason: 'analysed',
      created_at: created,
    },
  ]);
  await db.insert(quoteRequests).values({
    company_name: 'Initech Ltd',
    country_id: gb.id,
    first_name: 'Gina',
    last_name: 'Guest',
    email: 'gina@initech.test',
    phone_number: '+44 20 7946 0000',
    source_language_id: en,
    target_languages: [fr],
    comments: task.comments,
    privacy_policy: true,
    lang: 'en',
    task_id: task.id,
    link_token: DEMO_GUEST_TOKEN,
    created_at: created,
  });
}
