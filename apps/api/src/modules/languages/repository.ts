import { asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Locale } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { countries, languages, translationTypes } from '../../db/schema/index.ts';
import { escapeLike } from '../../lib/sql-like.ts';

export type LanguageRow = typeof languages.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;
export type TranslationTypeRow = typeof translationTypes.$inferSelect;
export type TranslationTypeValues = Omit<TranslationTypeRow, 'id'>;

/** Which languages a list shows. */
export type LanguageFilter = { isoPrefix: string } | 'sources' | 'active' | 'all';

function languageWhere(filter: LanguageFilter): SQL | undefined {
  if (filter === 'sources') return eq(languages.is_source, true);
  if (filter === 'active') return eq(languages.is_active, true);
  if (filter === 'all') return undefined;
  return ilike(languages.iso_code, `${escapeLike(filter.isoPrefix)}%`);
}

/** Languages sorted by their name in `locale`. */
export function listLanguages(db: Db, filter: LanguageFilter, locale: Locale): Promise<LanguageRow[]> {
  return db
    .select()
    .from(languages)
    .where(languageWhere(filter))
    .orderBy(asc(languages[`name_${locale}`]));
}

export async function setLanguageSource(
  db: Db,
  id: number,
  isSource: boolean,
): Promise<LanguageRow | undefined> {
  const [row] = await db
    .update(languages)
    .set({ is_source: isSource })
    .where(eq(languages.id, id))
    .returning();
  return row;
}

export function listCountries(db: Db, locale: Locale): Promise<CountryRow[]> {
  return db
    .select()
    .from(countries)
    .orderBy(asc(countries[`name_${locale}`]));
}

export function listTranslationTypes(db: Db): Promise<TranslationTypeRow[]> {
  return db.select().from(translationTypes).orderBy(translationTypes.id);
}

export async function updateTranslationType(
  db: Db,
  id: number,
  values: TranslationTypeValues,
): Promise<TranslationTypeRow | undefined> {
  const [row] = await db.update(translationTypes).set(values).where(eq(translationTypes.id, id)).returning();
  return row;
}

export async function findCountry(db: Db, id: number): Promise<CountryRow | undefined> {
  const [row] = await db.select().from(countries).where(eq(countries.id, id));
  return row;
}
