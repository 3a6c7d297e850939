import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { announcePairsDeleted } from '../../db/memory-pairs.ts';
import { languages, settings, tmImports, tmUnits, users } from '../../db/schema/index.ts';

export type TmImportRow = typeof tmImports.$inferSelect;
export interface Pair {
  customerId: number;
  source: string;
  target: string;
}

const ofPair = (p: Pair) =>
  and(
    eq(tmUnits.customer_id, p.customerId),
    eq(tmUnits.source_lang, p.source),
    eq(tmUnits.target_lang, p.target),
  );

export async function languagesByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(languages).where(inArray(languages.id, ids));
}

export async function languagesByCodes(db: Db, codes: string[]) {
  if (!codes.length) return [];
  return db.select().from(languages).where(inArray(languages.iso_code, codes));
}

/** Units per language pair of a customer's memory. */
export async function unitCounts(db: Db, customerId: number) {
  return db
    .select({
      source: tmUnits.source_lang,
      target: tmUnits.target_lang,
      units: sql<number>`count(*)::int`,
    })
    .from(tmUnits)
    .where(eq(tmUnits.customer_id, customerId))
    .groupBy(tmUnits.source_lang, tmUnits.target_lang)
    .orderBy(tmUnits.source_lang, tmUnits.target_lang);
}

/** The latest feed of each pair of a customer's memory, with who made it. */
export async function latestFeeds(db: Db, customerId: number) {
  return db
    .selectDistinctOn([tmImports.source_lang, tmImports.target_lang], {
      source: tmImports.source_lang,
      target: tmImports.target_lang,
      file_name: tmImports.file_name,
      origin: tmImports.origin,
      units: tmImports.units,
      at: tmImports.created_at,
      name: users.name,
      lastname: users.lastname,
    })
    .from(tmImports)
    .leftJoin(users, eq(users.id, tmImports.imported_by))
    .where(eq(tmImports.customer_id, customerId))
    .orderBy(tmImports.source_lang, tmImports.target_lang, desc(tmImports.created_at), desc(tmImports.id));
}

/** The `count` pairs that still hold units and were fed (imported, delivered) last, latest first. */
export async function recentlyFedPairs(db: Db, count: number) {
  const fedAt = sql<Date>`max(${tmImports.created_at})`;
  return db
    .select({
      customerId: tmImports.customer_id,
      source: tmImports.source_lang,
      target: tmImports.target_lang,
    })
    .from(tmImports)
    .where(
      sql`exists (select 1 from ${tmUnits} where ${tmUnits.customer_id} = ${tmImports.customer_id} and ${tmUnits.source_lang} = ${tmImports.source_lang} and ${tmUnits.target_lang} = ${tmImports.target_lang})`,
    )
    .groupBy(tmImports.customer_id, tmImports.source_lang, tmImports.target_lang)
    .orderBy(desc(fedAt))
    .limit(count);
}

export async function insertFeed(db: Db, values: typeof tmImports.$inferInsert): Promise<TmImportRow> {
  const [row] = await db.insert(tmImports).values(values).returning();
  if (!row) throw new Error('tm_imports insert returned nothing');
  return row;
}

export async function setFeedUnits(db: Db, id: number, units: number) {
  await db.update(tmImports).set({ units }).where(eq(tmImports.id, id));
}

/** Undoes a feed that failed half-way: its units and its row. */
export async function removeFeed(db: Db, id: number) {
  await db.delete(tmUnits).where(eq(tmUnits.import_id, id));
  await db.delete(tmImports).where(eq(tmImports.id, id));
}

/** Columns of a batch of units, one array each (sent as five array parameters). */
export interface UnitBatch {
  source: string[];
  target: string[];
  hash: string[];
  prev: (string | null)[];
  next: (string | null)[];
}
export const emptyBatch = (): UnitBatch => ({ source: [], target: [], hash: [], prev: [], next: [] });
export interface UnitBatchTarget extends Pair {
  importId: number;
}

/**
 * Inserts a batch of units in one statement: `unnest` of five arrays, so the statement is the same
 * text (and plan) whatever the batch size, with no per-row parameters to build; in file order.
 */
export async function insertUnitBatch(db: Db, into: UnitBatchTarget, rows: UnitBatch): Promise<void> {
  if (!rows.source.length) return;
  await db.execute(sql`
    insert into tm_units
      (customer_id, source_lang, target_lang, import_id, source_text, target_text, source_hash, prev_hash, next_hash)
    select ${into.customerId}::integer, ${into.source}::varchar, ${into.target}::varchar, ${into.importId}::integer,
      u.source_text, u.target_text, u.source_hash, u.prev_hash, u.next_hash
    from unnest(${sql.param(rows.source)}::text[], ${sql.param(rows.target)}::text[], ${sql.param(rows.hash)}::text[],
      ${sql.param(rows.prev)}::text[], ${sql.param(rows.next)}::text[])
      with ordinality as u(source_text, target_text, source_hash, prev_hash, next_hash, n)
    order by u.n`);
}

/**
 * Refreshes the planner's statistics of tm_units, so that right after a large import the pair's
 * lookups keep using the btrees. PostgreSQL's autovacuum would get there a minute later; PGlite
 * has none.
 */
export async function analyzeUnits(db: Db): Promise<void> {
  await db.execute(sql`analyze tm_units`);
}

/** Removes the feeds a crash left unfinished (no unit count yet) and their units; how many. */
export async function removeUnfinishedFeeds(db: Db): Promise<number> {
  const rows = await db.select({ id: tmImports.id }).from(tmImports).where(eq(tmImports.units, 0));
  for (const row of rows) await removeFeed(db, row.id);
  return rows.length;
}

export async function countPair(db: Db, pair: Pair): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tmUnits)
    .where(ofPair(pair));
  return row?.n ?? 0;
}

/** One page of a pair's units in insertion order, after the unit `afterId` (keyset paging). */
export async function unitsAfter(db: Db, pair: Pair, afterId: number, limit: number) {
  return db
    .select({ id: tmUnits.id, source: tmUnits.source_text, target: tmUnits.target_text })
    .from(tmUnits)
    .where(and(ofPair(pair), gt(tmUnits.id, afterId)))
    .orderBy(asc(tmUnits.id))
    .limit(limit);
}

/** Forgets a pair: its units and the record of its feeds, together, announced at commit. */
export async function deletePair(db: Db, pair: Pair): Promise<void> {
  await db.transaction(async (tx) => {
    await announcePairsDeleted(tx, pair.customerId, pair);
    await tx.delete(tmUnits).where(ofPair(pair));
    await tx
      .delete(tmImports)
      .where(
        and(
          eq(tmImports.customer_id, pair.customerId),
          eq(tmImports.source_lang, pair.source),
          eq(tmImports.target_lang, pair.target),
        ),
      );
  });
}

/** Settings key recording that stored sources were read again the way imports now read them. */
const SOURCES_READ_KEY = 'tm_unit_sources_read';
const DATABASE_NAME_KEY = 'tm_index_snapshots_database';

/**
 * A random name of this database, made by the first server that asks: the analysis's index
 * snapshots of another database's pairs (a database restored or made again) are never read.
 */
export async function databaseName(db: Db): Promise<string> {
  await db.insert(settings).values({ key: DATABASE_NAME_KEY, value: randomUUID() }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, DATABASE_NAME_KEY));
  return row!.value;
}

export async function sourcesReadAgain(db: Db): Promise<boolean> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SOURCES_READ_KEY));
  return row !== undefined;
}

/** Held until the transaction ends: one server at a time reads old sources again. */
export async function lockSourcesReading(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${SOURCES_READ_KEY}, 0))`);
}

export async function markSourcesReadAgain(db: Db, version: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key: SOURCES_READ_KEY, value: version })
    .onConflictDoUpdate({ target: settings.key, set: { value: version } });
}

/**
 * The groups of units fed together whose sources came from TMX files: TMX imports, deliveries of a
 * `.tmx`, and units older than the record of feeds (`import_id` null). Delivered XLIFF keeps its codes.
 */
export async function tmxFeeds(db: Db): Promise<(number | null)[]> {
  const feeds = await db
    .select({ id: tmImports.id })
    .from(tmImports)
    .where(or(eq(tmImports.origin, 'TMX'), sql`${tmImports.file_name} ~* '[.]tmx$'`))
    .orderBy(asc(tmImports.id));
  const [unrecorded] = await db
    .select({ id: tmUnits.id })
    .from(tmUnits)
    .where(isNull(tmUnits.import_id))
    .limit(1);
  return [...feeds.map((f) => f.id), ...(unrecorded ? [null] : [])];
}

/** A page of all units in id order, after `afterId`: what reading a source again needs. */
export async function unitsPage(db: Db, afterId: number, limit: number) {
  return db
    .select({
      id: tmUnits.id,
      feed: tmUnits.import_id,
      source: tmUnits.source_text,
      hash: tmUnits.source_hash,
    })
    .from(tmUnits)
    .where(gt(tmUnits.id, afterId))
    .orderBy(asc(tmUnits.id))
    .limit(limit);
}

/**
 * Rewrites sources of a feed, and the context hashes its units hold of them: a neighbour's hash is
 * the hash of its text, so each old hash becomes the new one among the units of the same feed fed
 * beside them (a unit's neighbours were inserted at most one unit away from it, `from`–`to` holds them).
 */
export async function rewriteSources(
  db: Db,
  feed: number | null,
  span: { from: number; to: number },
  rows: { id: number; source: string; oldHash: string; hash: string }[],
): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`
    update tm_units t set source_text = u.source, source_hash = u.hash
    from unnest(${sql.param(rows.map((r) => r.id))}::bigint[], ${sql.param(rows.map((r) => r.source))}::text[],
      ${sql.param(rows.map((r) => r.hash))}::text[]) as u(id, source, hash)
    where t.id = u.id`);
  const ofFeed = feed === null ? sql`t.import_id is null` : sql`t.import_id = ${feed}`;
  const olds = sql.param(rows.map((r) => r.oldHash));
  const news = sql.param(rows.map((r) => r.hash));
  for (const column of [sql.raw('prev_hash'), sql.raw('next_hash')])
    await db.execute(sql`
      update tm_units t set ${column} = m.new
      from (select distinct on (old) old, new from unnest(${olds}::text[], ${news}::text[]) as x(old, new)) m
      where t.id between ${span.from} and ${span.to} and ${ofFeed} and t.${column} = m.old`);
}
