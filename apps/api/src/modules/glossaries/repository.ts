import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, glossaries, glossaryTerms, languages, users } from '../../db/schema/index.ts';
import { pageOffset, type PageRequest } from '../../lib/paging.ts';
import type { GlossaryRow } from './glossary-file.ts';

export type GlossaryRecord = typeof glossaries.$inferSelect;
export type NewGlossary = typeof glossaries.$inferInsert;

// 4 parameters a row: 5,000 rows stay well under PostgreSQL's 65,535 bind parameters.
const INSERT_BATCH = 5000;
const READ_BATCH = 2000;

export const allLanguages = (db: Db) =>
  db
    .select({
      id: languages.id,
      iso_code: languages.iso_code,
      name_en: languages.name_en,
      name_es: languages.name_es,
      name_ca: languages.name_ca,
    })
    .from(languages)
    .orderBy(languages.iso_code);

/** The glossary and its terms, together or not at all. */
export async function insertGlossary(
  db: Db,
  glossary: NewGlossary,
  rows: GlossaryRow[],
): Promise<GlossaryRecord> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(glossaries).values(glossary).returning();
    if (!created) throw new Error('the glossary row was not created');
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await tx.insert(glossaryTerms).values(
        rows.slice(start, start + INSERT_BATCH).map((r) => ({
          glossary_id: created.id,
          row: r.row,
          terms: r.terms,
          note: r.note,
        })),
      );
    }
    return created;
  });
}

const listColumns = {
  glossary: glossaries,
  customer_name: customers.name,
  uploader_name: users.name,
  uploader_lastname: users.lastname,
};

export interface GlossaryFilter {
  customerId?: number;
  languageId?: number;
}

function filterWhere(filter: GlossaryFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.customerId !== undefined) conditions.push(eq(glossaries.customer_id, filter.customerId));
  if (filter.languageId !== undefined)
    conditions.push(sql`${glossaries.languages} @> ${JSON.stringify([filter.languageId])}::jsonb`);
  return conditions.length ? and(...conditions) : undefined;
}

export async function listGlossaries(db: Db, filter: GlossaryFilter, page: PageRequest) {
  const where = filterWhere(filter);
  const [total] = await db.select({ n: count() }).from(glossaries).where(where);
  const rows = await db
    .select(listColumns)
    .from(glossaries)
    .innerJoin(customers, eq(customers.id, glossaries.customer_id))
    .leftJoin(users, eq(users.id, glossaries.uploaded_by))
    .where(where)
    .orderBy(desc(glossaries.created_at), desc(glossaries.id))
    .limit(page.per_page)
    .offset(pageOffset(page));
  return { rows, total: total?.n ?? 0 };
}

export async function findGlossary(db: Db, id: number) {
  const [row] = await db
    .select(listColumns)
    .from(glossaries)
    .innerJoin(customers, eq(customers.id, glossaries.customer_id))
    .leftJoin(users, eq(users.id, glossaries.uploaded_by))
    .where(eq(glossaries.id, id));
  return row;
}

/** The terms of a glossary in file order, a batch at a time. */
export async function* termBatches(db: Db, glossaryId: number) {
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ row: glossaryTerms.row, terms: glossaryTerms.terms, note: glossaryTerms.note })
      .from(glossaryTerms)
      .where(and(eq(glossaryTerms.glossary_id, glossaryId), gt(glossaryTerms.row, after)))
      .orderBy(asc(glossaryTerms.row))
      .limit(READ_BATCH);
    if (!batch.length) return;
    yield batch;
    after = batch[batch.length - 1]!.row;
    if (batch.length < READ_BATCH) return;
  }
}

export async function deleteGlossary(db: Db, id: number): Promise<void> {
  await db.delete(glossaries).where(eq(glossaries.id, id));
}
