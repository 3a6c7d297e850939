import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { customerEnabledRates, languages, rates } from '../../../db/schema/index.ts';
import { ownedBy, type Conn, type RateRow } from './rates.ts';

/** Writing rates: one at a time, enabling general ones for a customer, and the Excel import. */

export async function findRate(db: Conn, id: number): Promise<RateRow | undefined> {
  const [row] = await db.select().from(rates).where(eq(rates.id, id));
  return row;
}

/** Whether the pair already has a rate in the same list (the customer's, or the general one). */
export async function pairTaken(
  db: Conn,
  owner: { customerId: number | null },
  sourceLang: number,
  targetLang: number,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: rates.id })
    .from(rates)
    .where(
      and(
        ownedBy(owner.customerId),
        eq(rates.source_lang, sourceLang),
        eq(rates.target_lang, targetLang),
        exceptId === undefined ? undefined : ne(rates.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertRate(
  db: Conn,
  values: {
    customer_id: number | null;
    source_lang: number;
    target_lang: number;
    r1: string;
    r2: string;
    enabled: boolean;
    updated_by: number | null;
  },
): Promise<RateRow> {
  const [row] = await db
    .insert(rates)
    .values({ ...values, default_group: values.customer_id === null })
    .returning();
  if (!row) throw new Error('rate insert returned nothing');
  return row;
}

export async function updateRate(
  db: Conn,
  id: number,
  values: {
    source_lang: number;
    target_lang: number;
    r1: string;
    r2: string;
    enabled?: boolean | undefined;
    updated_by: number | null;
  },
): Promise<void> {
  const { enabled, ...rest } = values;
  await db
    .update(rates)
    .set({ ...rest, ...(enabled === undefined ? {} : { enabled }), updated_at: new Date() })
    .where(eq(rates.id, id));
}

export async function deleteRate(db: Conn, id: number): Promise<void> {
  await db.delete(rates).where(eq(rates.id, id));
}

/** Returns false when it was already enabled. */
export async function enableRate(db: Db, customerId: number, rateId: number): Promise<boolean> {
  const rows = await db
    .insert(customerEnabledRates)
    .values({ customer_id: customerId, rate_id: rateId })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

/** Returns false when it was not enabled. */
export async function disableRate(db: Db, customerId: number, rateId: number): Promise<boolean> {
  const rows = await db
    .delete(customerEnabledRates)
    .where(and(eq(customerEnabledRates.customer_id, customerId), eq(customerEnabledRates.rate_id, rateId)))
    .returning();
  return rows.length > 0;
}

export interface ImportRow {
  source_lang: number;
  target_lang: number;
  r1: string;
  r2: string;
}

/** Creates or updates the rate of every row, all or nothing: a customer's, or with `null` general ones. */
export async function importRates(
  db: Db,
  customerId: number | null,
  rows: ImportRow[],
  userId: number | null,
): Promise<{ created: number; updated: number }> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: rates.id, source_lang: rates.source_lang, target_lang: rates.target_lang })
      .from(rates)
      .where(ownedBy(customerId));
    const byPair = new Map(existing.map((r) => [`${r.source_lang}:${r.target_lang}`, r.id]));
    let created = 0;
    let updated = 0;
    const now = new Date();
    for (const row of rows) {
      const id = byPair.get(`${row.source_lang}:${row.target_lang}`);
      if (id === undefined) {
        await tx.insert(rates).values({
          customer_id: customerId,
          default_group: customerId === null,
          ...row,
          enabled: true,
          updated_by: userId,
        });
        created++;
      } else {
        await tx
          .update(rates)
          .set({ r1: row.r1, r2: row.r2, updated_by: userId, updated_at: now })
          .where(eq(rates.id, id));
        updated++;
      }
    }
    return { created, updated };
  });
}

// ---------------------------------------------------------------- languages

export async function languagesByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: languages.id, iso_code: languages.iso_code })
    .from(languages)
    .where(inArray(languages.id, ids));
}

export async function languagesByIsoCode(db: Db) {
  const rows = await db.select({ id: languages.id, iso_code: languages.iso_code }).from(languages);
  return new Map(rows.map((r) => [r.iso_code.toLowerCase(), r.id]));
}
