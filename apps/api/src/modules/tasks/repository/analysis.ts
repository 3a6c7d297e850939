import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { languages, sourceFiles, taskTargetLanguages, wordCounts } from '../../../db/schema/index.ts';
import type { Tx } from './tasks.ts';

export type WordCountInsert = typeof wordCounts.$inferInsert;

export async function isoCodeOf(db: Db, languageId: number): Promise<string | undefined> {
  const [row] = await db.select().from(languages).where(eq(languages.id, languageId));
  return row?.iso_code;
}

export async function targetsWithIso(db: Db, taskId: number) {
  return db
    .select({ id: languages.id, iso: languages.iso_code })
    .from(taskTargetLanguages)
    .innerJoin(languages, eq(languages.id, taskTargetLanguages.language_id))
    .where(eq(taskTargetLanguages.task_id, taskId));
}

export async function clearWordCounts(tx: Tx, fileIds: number[]) {
  if (fileIds.length) await tx.delete(wordCounts).where(inArray(wordCounts.source_file_id, fileIds));
}

/** A counted file: the type found, its error if any, and its counts per target language. */
export async function storeFileCounts(
  tx: Tx,
  taskId: number,
  fileId: number,
  file: { filter: string | null; error_key: string | null },
  rows: WordCountInsert[],
) {
  await tx
    .update(sourceFiles)
    .set(file)
    .where(and(eq(sourceFiles.id, fileId), eq(sourceFiles.task_id, taskId)));
  if (rows.length) await tx.insert(wordCounts).values(rows);
}
