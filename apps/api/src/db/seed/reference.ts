import type { Db } from '../client.ts';
import { countries, languages, payableGrids, settings, translationTypes } from '../schema/index.ts';
import { COUNTRIES, LANGUAGES } from './reference-data.ts';
import { TRANSLATION_TYPES } from './translation-types.ts';
import { isNull } from 'drizzle-orm';

export const NEXT_TASK_ID_KEY = 'next_task_id';

/** Payable % per match band (DESIGN §7), the global default. */
export const DEFAULT_PAYABLE_GRID = {
  repetitions: '30.00',
  percent101: '30.00',
  percent100: '30.00',
  percent95: '60.00',
  percent85: '60.00',
  percent75: '100.00',
  percent50: '100.00',
  no_match: '100.00',
};

/** Idempotent: inserts the reference rows that are missing and leaves edited ones alone. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.insert(languages).values(LANGUAGES).onConflictDoNothing();
  await db.insert(countries).values(COUNTRIES).onConflictDoNothing();
  await db.insert(translationTypes).values(TRANSLATION_TYPES).onConflictDoNothing();
  await db.insert(settings).values({ key: NEXT_TASK_ID_KEY, value: '1' }).onConflictDoNothing();
  const [grid] = await db
    .select({ id: payableGrids.id })
    .from(payableGrids)
    .where(isNull(payableGrids.customer_id));
  if (!grid) await db.insert(payableGrids).values({ customer_id: null, ...DEFAULT_PAYABLE_GRID });
}
