import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale, Paginated, PayableGridInput, RateDto } from '@verba/contracts';
import { BAND_KEYS, DEFAULT_PAYABLE_GRID, type PayableGrid } from '@verba/contracts/pricing';
import type { Db } from '../../db/client.ts';
import { toPage } from '../../lib/paging.ts';
import {
  customerEnabledRates,
  customers,
  holidays,
  languages,
  minimumRates,
  payableGrids,
  rates,
  translationTypes,
  users,
} from '../../db/schema/index.ts';

export type RateRow = typeof rates.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

const sourceLanguage = alias(languages, 'source_language');
const targetLanguage = alias(languages, 'target_language');
const updater = alias(users, 'rate_updater');

export interface Page {
  page: number;
  per_page: number;
}

// ---------------------------------------------------------------- effective rates

/** The customer's own enabled rate, or a general one enabled for it when it has none of its own. */
function effectiveWhere(customerId: number): SQL {
  const own = alias(rates, 'own_rate');
  return sql`${rates.enabled} and (
    ${rates.customer_id} = ${customerId}
    or (
      ${rates.default_group}
      and exists (select 1 from ${customerEnabledRates}
        where ${customerEnabledRates.customer_id} = ${customerId}
          and ${customerEnabledRates.rate_id} = ${rates.id})
      and not exists (select 1 from ${rates} ${sql.identifier('own_rate')} where ${own.customer_id} = ${customerId} and ${own.enabled}
          and ${own.source_lang} = ${rates.source_lang} and ${own.target_lang} = ${rates.target_lang})
    )
  )`;
}

export interface EffectiveRate {
  id: number;
  r1: string;
  r2: string;
  from: 'general' | 'customer';
}

/**
 * The price a customer pays for a language pair (for the tasks module): its own enabled rate,
 * else a general enabled rate enabled for it; null when there is none.
 */
export async function effectiveRate(
  db: Conn,
  customerId: number,
  sourceLangId: number,
  targetLangId: number,
): Promise<EffectiveRate | null> {
  const [row] = await db
    .select({ id: rates.id, r1: rates.r1, r2: rates.r2, customer_id: rates.customer_id })
    .from(rates)
    .where(
      and(
        effectiveWhere(customerId),
        eq(rates.source_lang, sourceLangId),
        eq(rates.target_lang, targetLangId),
      ),
    )
    .orderBy(sql`${rates.customer_id} nulls last`)
    .limit(1);
  if (!row) return null;
  return { id: row.id, r1: row.r1, r2: row.r2, from: row.customer_id === null ? 'general' : 'customer' };
}

// ---------------------------------------------------------------- lists

function rateSelection(locale: Locale) {
  return {
    rate: rates,
    source_iso: sourceLanguage.iso_code,
    source_name: sourceLanguage[`name_${locale}`],
    target_iso: targetLanguage.iso_code,
    target_name: targetLanguage[`name_${locale}`],
    user_name: updater.name,
    user_lastname: updater.lastname,
  };
}

type SelectedRate = {
  rate: RateRow;
  source_iso: string;
  source_name: string;
  target_iso: string;
  target_name: string;
  user_name: string | null;
  user_lastname: string | null;
};

/** A rate as the API shows it; `updated_at` and `user` only when `withAudit` (VERBA_ADMIN). */
function toDto(row: SelectedRate, withAudit: boolean): RateDto {
  const r = row.rate;
  const dto: RateDto = {
    id: r.id,
    source_lang: r.source_lang,
    target_lang: r.target_lang,
    source_language: { id: r.source_lang, iso_code: row.source_iso, name: row.source_name },
    target_language: { id: r.target_lang, iso_code: row.target_iso, name: row.target_name },
    r1: r.r1,
    r2: r.r2,
    customer_id: r.customer_id,
    default_group: r.default_group,
    from: r.customer_id === null ? 'general' : 'customer',
    enabled: r.enabled,
  };
  if (withAudit) {
    dto.updated_at = r.updated_at.toISOString();
    dto.user = row.user_name === null ? null : { name: row.user_name, lastname: row.user_lastname ?? '' };
  }
  return dto;
}

async function selectRates(
  db: Conn,
  where: SQL | undefined,
  opts: { locale: Locale; withAudit: boolean; page?: Page },
): Promise<RateDto[]> {
  const query = db
    .select(rateSelection(opts.locale))
    .from(rates)
    .innerJoin(sourceLanguage, eq(sourceLanguage.id, rates.source_lang))
    .innerJoin(targetLanguage, eq(targetLanguage.id, rates.target_lang))
    .leftJoin(updater, eq(updater.id, rates.updated_by))
    .where(where)
    .orderBy(asc(sourceLanguage.iso_code), asc(targetLanguage.iso_code), asc(rates.id));
  const rows = opts.page
    ? await query.limit(opts.page.per_page).offset((opts.page.page - 1) * opts.page.per_page)
    : await query;
  return rows.map((row) => toDto(row, opts.withAudit));
}

async function pagedRates(
  db: Conn,
  where: SQL | undefined,
  opts: { locale: Locale; withAudit: boolean; page: Page },
): Promise<Paginated<RateDto>> {
  const [total] = await db.select({ n: count() }).from(rates).where(where);
  const n = total?.n ?? 0;
  return toPage(await selectRates(db, where, opts), n, opts.page);
}

type ListOptions = { locale: Locale; withAudit: boolean; page: Page };

export const listGeneralRates = (db: Db, opts: ListOptions) =>
  pagedRates(db, eq(rates.default_group, true), opts);

export const listCustomerRates = (db: Db, customerId: number, opts: ListOptions) =>
  pagedRates(db, eq(rates.customer_id, customerId), opts);

export const listEffectiveRates = (db: Db, customerId: number, opts: ListOptions) =>
  pagedRates(db, effectiveWhere(customerId), opts);

/** The general rates enabled for a customer (whether or not its own rate overrides them). */
export const listEnabledGeneralRates = (
  db: Db,
  customerId: number,
  opts: { locale: Locale; withAudit: boolean },
) =>
  selectRates(
    db,
    and(
      eq(rates.default_group, true),
      inArray(
        rates.id,
        db
          .select({ id: customerEnabledRates.rate_id })
          .from(customerEnabledRates)
          .where(eq(customerEnabledRates.customer_id, customerId)),
      ),
    ),
    opts,
  );

export async function findRateDto(db: Db, id: number, locale: Locale, withAudit: boolean) {
  const [row] = await selectRates(db, eq(rates.id, id), { locale, withAudit });
  return row;
}

/** The rows of an owner's list: a customer's own rates, or with `null` the general ones. */
const ownedBy = (customerId: number | null) =>
  customerId === null ? eq(rates.default_group, true) : eq(rates.customer_id, customerId);

/** Every rate of a list, for the Excel export (ISO codes, r1, r2). */
export async function exportRates(db: Db, customerId: number | null) {
  return db
    .select({
      source: sourceLanguage.iso_code,
      target: targetLanguage.iso_code,
      r1: rates.r1,
      r2: rates.r2,
    })
    .from(rates)
    .innerJoin(sourceLanguage, eq(sourceLanguage.id, rates.source_lang))
    .innerJoin(targetLanguage, eq(targetLanguage.id, rates.target_lang))
    .where(ownedBy(customerId))
    .orderBy(asc(sourceLanguage.iso_code), asc(targetLanguage.iso_code));
}

// ---------------------------------------------------------------- languages with rates

/** Rates a scope can price with: a customer's effective rates, or the enabled general ones. */
const scopeWhere = (customerId: number | null) =>
  customerId === null
    ? and(eq(rates.default_group, true), eq(rates.enabled, true))
    : effectiveWhere(customerId);

export async function rateSourceLanguages(db: Db, customerId: number | null, locale: Locale) {
  return db
    .selectDistinct({ id: languages.id, iso_code: languages.iso_code, name: languages[`name_${locale}`] })
    .from(rates)
    .innerJoin(languages, eq(languages.id, rates.source_lang))
    .where(scopeWhere(customerId))
    .orderBy(languages[`name_${locale}`], languages.id);
}

export async function rateTargetLanguages(
  db: Db,
  customerId: number | null,
  sourceId: number,
  locale: Locale,
) {
  return db
    .selectDistinct({ id: languages.id, iso_code: languages.iso_code, name: languages[`name_${locale}`] })
    .from(rates)
    .innerJoin(languages, eq(languages.id, rates.target_lang))
    .where(and(scopeWhere(customerId), eq(rates.source_lang, sourceId)))
    .orderBy(languages[`name_${locale}`], languages.id);
}

// ---------------------------------------------------------------- writes

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
        owner.customerId === null ? eq(rates.default_group, true) : eq(rates.customer_id, owner.customerId),
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

// ---------------------------------------------------------------- reference look-ups

export async function findCustomer(db: Db, id: number) {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      show_rates: customers.show_rates,
      minimum_rates: customers.minimum_rates,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return row;
}

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

export async function listTranslationTypes(db: Db) {
  return db.select().from(translationTypes).orderBy(translationTypes.id);
}

// ---------------------------------------------------------------- minimum rates

export async function listMinimumRates(db: Db, customerId: number) {
  return db
    .select({
      translation_type_id: minimumRates.translation_type_id,
      hour: minimumRates.hour,
      amount: minimumRates.amount,
    })
    .from(minimumRates)
    .where(eq(minimumRates.customer_id, customerId))
    .orderBy(minimumRates.translation_type_id);
}

/** Replaces the customer's minimum rates and sets its `minimum_rates` flag, together. */
export async function saveMinimumRates(
  db: Db,
  customerId: number,
  flag: boolean,
  items: Array<{ translation_type_id: number; hour: string; amount: string }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ minimum_rates: flag, updated_at: new Date() })
      .where(eq(customers.id, customerId));
    await tx.delete(minimumRates).where(eq(minimumRates.customer_id, customerId));
    if (items.length)
      await tx.insert(minimumRates).values(items.map((item) => ({ customer_id: customerId, ...item })));
  });
}

/**
 * The minimum charge of a customer for a translation type (for the tasks module), or null when
 * the customer's `minimum_rates` flag is off or it has none for that type.
 */
export async function minimumRateFor(
  db: Conn,
  customerId: number,
  translationTypeId: number,
): Promise<{ hour: string; amount: string } | null> {
  const [row] = await db
    .select({ hour: minimumRates.hour, amount: minimumRates.amount })
    .from(minimumRates)
    .innerJoin(customers, eq(customers.id, minimumRates.customer_id))
    .where(
      and(
        eq(minimumRates.customer_id, customerId),
        eq(minimumRates.translation_type_id, translationTypeId),
        eq(customers.minimum_rates, true),
      ),
    );
  return row ?? null;
}

// ---------------------------------------------------------------- payable grids

const gridOf = (row: typeof payableGrids.$inferSelect): Record<(typeof BAND_KEYS)[number], string> =>
  Object.fromEntries(BAND_KEYS.map((band) => [band, row[band]])) as Record<
    (typeof BAND_KEYS)[number],
    string
  >;

export async function globalGrid(db: Conn): Promise<Record<(typeof BAND_KEYS)[number], string>> {
  const [row] = await db.select().from(payableGrids).where(isNull(payableGrids.customer_id));
  return row ? gridOf(row) : { ...DEFAULT_PAYABLE_GRID };
}

export async function customerGrid(db: Conn, customerId: number) {
  const [row] = await db.select().from(payableGrids).where(eq(payableGrids.customer_id, customerId));
  return row ? gridOf(row) : null;
}

/** The grid that prices a customer's tasks (for the tasks module): its own, else the global one. */
export async function payableGridFor(db: Conn, customerId: number): Promise<PayableGrid> {
  return (await customerGrid(db, customerId)) ?? (await globalGrid(db));
}

const gridValues = (input: PayableGridInput) =>
  Object.fromEntries(BAND_KEYS.map((band) => [band, input[band]])) as Record<
    (typeof BAND_KEYS)[number],
    string
  >;

export async function saveGlobalGrid(db: Db, input: PayableGridInput): Promise<void> {
  const values = gridValues(input);
  const updated = await db
    .update(payableGrids)
    .set(values)
    .where(isNull(payableGrids.customer_id))
    .returning({ id: payableGrids.id });
  if (!updated.length) await db.insert(payableGrids).values({ customer_id: null, ...values });
}

export async function saveCustomerGrid(db: Db, customerId: number, input: PayableGridInput): Promise<void> {
  const values = gridValues(input);
  await db
    .insert(payableGrids)
    .values({ customer_id: customerId, ...values })
    .onConflictDoUpdate({ target: payableGrids.customer_id, set: values });
}

export async function deleteCustomerGrid(db: Db, customerId: number): Promise<boolean> {
  const rows = await db
    .delete(payableGrids)
    .where(eq(payableGrids.customer_id, customerId))
    .returning({ id: payableGrids.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- holidays

export async function listHolidays(
  db: Db,
  filter: { year?: number | undefined; region?: string | undefined },
) {
  return db
    .select()
    .from(holidays)
    .where(
      and(
        filter.year === undefined
          ? undefined
          : sql`${holidays.date} between ${`${filter.year}-01-01`} and ${`${filter.year}-12-31`}`,
        filter.region === undefined ? undefined : eq(holidays.region, filter.region.toUpperCase()),
      ),
    )
    .orderBy(holidays.date, holidays.region);
}

/** Returns false when that date and region already had a holiday. */
export async function insertHoliday(db: Db, values: typeof holidays.$inferInsert): Promise<boolean> {
  const rows = await db.insert(holidays).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function deleteHoliday(db: Db, date: string, region: string) {
  const [row] = await db
    .delete(holidays)
    .where(and(eq(holidays.date, date), eq(holidays.region, region)))
    .returning();
  return row;
}
