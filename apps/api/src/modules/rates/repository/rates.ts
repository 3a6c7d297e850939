import { toPage } from '../../../lib/paging.ts';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale, Paginated, RateDto } from '@verba/contracts';
import type { Db } from '../../../db/client.ts';
import { customerEnabledRates, languages, rates, users } from '../../../db/schema/index.ts';

/** Reading rates: what a customer pays, the lists, the Excel export and the language pickers. */

export type RateRow = typeof rates.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction (the tasks module prices inside its own). */
export type Conn = Db | Tx;

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

/** The general enabled rate of a language pair: what a guest (no customer) pays; null when none. */
export async function generalRate(
  db: Conn,
  sourceLangId: number,
  targetLangId: number,
): Promise<EffectiveRate | null> {
  const [row] = await db
    .select({ id: rates.id, r1: rates.r1, r2: rates.r2 })
    .from(rates)
    .where(
      and(
        eq(rates.enabled, true),
        eq(rates.default_group, true),
        sql`${rates.customer_id} is null`,
        eq(rates.source_lang, sourceLangId),
        eq(rates.target_lang, targetLangId),
      ),
    )
    .limit(1);
  return row ? { ...row, from: 'general' } : null;
}

/** Every target a customer can order from one source, with the rate it pays (as `effectiveRate`). */
export async function effectiveRatesFrom(
  db: Conn,
  customerId: number,
  sourceLangId: number,
): Promise<Map<number, EffectiveRate>> {
  const rows = await db
    .select({
      id: rates.id,
      target: rates.target_lang,
      r1: rates.r1,
      r2: rates.r2,
      customer_id: rates.customer_id,
    })
    .from(rates)
    .where(and(effectiveWhere(customerId), eq(rates.source_lang, sourceLangId)))
    .orderBy(sql`${rates.customer_id} nulls last`);
  const byTarget = new Map<number, EffectiveRate>();
  for (const row of rows)
    if (!byTarget.has(row.target))
      byTarget.set(row.target, {
        id: row.id,
        r1: row.r1,
        r2: row.r2,
        from: row.customer_id === null ? 'general' : 'customer',
      });
  return byTarget;
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
export const ownedBy = (customerId: number | null) =>
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
