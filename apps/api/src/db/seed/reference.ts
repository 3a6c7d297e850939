import type { Db } from '../client.ts';
import { DEFAULT_PAYABLE_GRID, SPAIN_CATALONIA_HOLIDAYS } from '@verba/contracts/pricing';
import { countries, holidays, languages, payableGrids, settings, translationTypes } from '../schema/index.ts';
import { COUNTRIES } from './reference-countries.ts';
import { LANGUAGES } from './reference-data.ts';
import { TRANSLATION_TYPES } from './translation-types.ts';
import { isNull } from 'drizzle-orm';

export const NEXT_TASK_ID_KEY = 'next_task_id';

/** Idempotent: inserts the reference rows that are missing and leaves edited ones alone. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.insert(languages).values(LANGUAGES).onConflictDoNothing();
  await db.insert(countries).values(COUNTRIES).onConflictDoNothing();
  await db.insert(translationTypes).values(TRANSLATION_TYPES).onConflictDoNothing();
  await db.insert(settings).values({ key: NEXT_TASK_ID_KEY, value: '1' }).onConflictDoNothing();
  await db
    .insert(holidays)
    .values(SPAIN_CATALONIA_HOLIDAYS.map((h) => ({ ...h })))
    .onConflictDoNothing();
  const [grid] = await db
    .select({ id: payableGrids.id })
    .from(payableGrids)
    .where(isNull(payableGrids.customer_id));
  if (!grid) await db.insert(payableGrids).values({ customer_id: null, ...DEFAULT_PAYABLE_GRID });
}
