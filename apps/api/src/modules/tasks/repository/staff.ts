import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  otherConcepts,
  payTaskHistories,
  sourceFiles,
  taskTargetLanguages,
  translatedFiles,
} from '../../../db/schema/index.ts';

export type OtherConceptRow = typeof otherConcepts.$inferSelect;
export type OtherConceptFields = Pick<
  typeof otherConcepts.$inferInsert,
  'concept' | 'description' | 'unit' | 'quantity' | 'price'
>;

/** How many (source file, target language) pairs still lack their translated file. */
export async function missingTranslations(db: Db, taskId: number): Promise<number> {
  const files = await db
    .select({ id: sourceFiles.id })
    .from(sourceFiles)
    .where(eq(sourceFiles.task_id, taskId));
  const targets = await db
    .select({ id: taskTargetLanguages.language_id })
    .from(taskTargetLanguages)
    .where(eq(taskTargetLanguages.task_id, taskId));
  const done = await db
    .select({ source_file_id: translatedFiles.source_file_id, language_id: translatedFiles.language_id })
    .from(translatedFiles)
    .where(eq(translatedFiles.task_id, taskId));
  let missing = 0;
  for (const f of files)
    for (const t of targets)
      if (!done.some((d) => d.source_file_id === f.id && d.language_id === t.id)) missing++;
  return missing;
}

export async function findOtherConcept(db: Db, id: number): Promise<OtherConceptRow | undefined> {
  const [row] = await db.select().from(otherConcepts).where(eq(otherConcepts.id, id));
  return row;
}

export async function insertOtherConcept(
  db: Db,
  values: OtherConceptFields & { task_id: number; lang: string | null },
) {
  const [row] = await db.insert(otherConcepts).values(values).returning();
  if (!row) throw new Error('other concept insert returned nothing');
  return row;
}

export async function updateOtherConcept(db: Db, id: number, values: OtherConceptFields) {
  const [row] = await db.update(otherConcepts).set(values).where(eq(otherConcepts.id, id)).returning();
  if (!row) throw new Error('other concept update returned nothing');
  return row;
}

export async function deleteOtherConcept(db: Db, id: number) {
  await db.delete(otherConcepts).where(eq(otherConcepts.id, id));
}

export async function insertPayTaskHistory(db: Db, values: typeof payTaskHistories.$inferInsert) {
  const [row] = await db.insert(payTaskHistories).values(values).returning();
  if (!row) throw new Error('payment line insert returned nothing');
  return row;
}
