import { and, eq } from 'drizzle-orm';
import { publishEvent } from '../../events/service.ts';
import type { Db } from '../../../db/client.ts';
import { languages, sourceFiles, taskTargetLanguages, translatedFiles } from '../../../db/schema/index.ts';
import type { Tx } from './tasks.ts';

export type TranslatedFileRow = typeof translatedFiles.$inferSelect;

export async function findTargetLanguage(db: Db, taskId: number, languageId: number) {
  const [row] = await db
    .select()
    .from(taskTargetLanguages)
    .where(and(eq(taskTargetLanguages.task_id, taskId), eq(taskTargetLanguages.language_id, languageId)));
  return row;
}

export async function translationsOf(db: Db, sourceFileId: number, languageId: number) {
  return db
    .select()
    .from(translatedFiles)
    .where(
      and(eq(translatedFiles.source_file_id, sourceFileId), eq(translatedFiles.language_id, languageId)),
    );
}

/** The one translation of a source file into a language: the new row replaces any earlier one. */
export async function replaceTranslation(
  db: Db,
  values: typeof translatedFiles.$inferInsert,
  customerId: number | null,
) {
  return db.transaction(async (tx: Tx) => {
    await tx
      .delete(translatedFiles)
      .where(
        and(
          eq(translatedFiles.source_file_id, values.source_file_id),
          eq(translatedFiles.language_id, values.language_id),
        ),
      );
    const [row] = await tx.insert(translatedFiles).values(values).returning();
    if (!row) throw new Error('translated file insert returned nothing');
    await publishDelivery(tx, [row], customerId);
    return row;
  });
}

/** The (source file, language) pairs of a task that already have their translation. */
export async function deliveredPairs(db: Db, taskId: number) {
  return db
    .select({ source_file_id: translatedFiles.source_file_id, language_id: translatedFiles.language_id })
    .from(translatedFiles)
    .where(eq(translatedFiles.task_id, taskId));
}

/**
 * A batch of translations in one transaction: each replaces any earlier one of its file and
 * language. Returns the new rows and the storage keys of the replaced ones (removed after commit).
 */
export async function replaceTranslations(
  db: Db,
  values: Array<typeof translatedFiles.$inferInsert>,
  customerId: number | null,
) {
  return db.transaction(async (tx: Tx) => {
    const replaced: string[] = [];
    const rows: TranslatedFileRow[] = [];
    for (const value of values) {
      const gone = await tx
        .delete(translatedFiles)
        .where(
          and(
            eq(translatedFiles.source_file_id, value.source_file_id),
            eq(translatedFiles.language_id, value.language_id),
          ),
        )
        .returning({ key: translatedFiles.file_path });
      replaced.push(...gone.map((g) => g.key));
      const [row] = await tx.insert(translatedFiles).values(value).returning();
      if (!row) throw new Error('translated file insert returned nothing');
      rows.push(row);
    }
    await publishDelivery(tx, rows, customerId);
    return { rows, replaced };
  });
}

/** Translated files added: the `task.delivered` event, in the transaction that stores them. */
async function publishDelivery(tx: Tx, rows: TranslatedFileRow[], customerId: number | null) {
  const [first] = rows;
  if (!first) return;
  await publishEvent(tx, {
    type: 'task.delivered',
    task_id: first.task_id,
    invoice_id: null,
    customer_id: customerId,
    actor_user_id: first.uploaded_by,
    data: { files: rows.map((r) => ({ id: r.id, name: r.file_name, language_id: r.language_id })) },
  });
}

export async function findTranslation(db: Db, taskId: number, fileId: number) {
  const [file] = await db
    .select()
    .from(translatedFiles)
    .where(and(eq(translatedFiles.id, fileId), eq(translatedFiles.task_id, taskId)));
  return file;
}

export async function deleteTranslation(db: Db, fileId: number) {
  await db.delete(translatedFiles).where(eq(translatedFiles.id, fileId));
}

/** The task's translations for its zip, each with its language's ISO code and its source file's name. */
export async function translationsForZip(db: Db, taskId: number) {
  return db
    .select({
      name: translatedFiles.file_name,
      key: translatedFiles.file_path,
      iso: languages.iso_code,
      source: sourceFiles.file_name,
    })
    .from(translatedFiles)
    .innerJoin(languages, eq(languages.id, translatedFiles.language_id))
    .innerJoin(sourceFiles, eq(sourceFiles.id, translatedFiles.source_file_id))
    .where(eq(translatedFiles.task_id, taskId))
    .orderBy(languages.iso_code, sourceFiles.file_name, translatedFiles.id);
}

export async function allLanguages(db: Db) {
  return db.select().from(languages);
}

/** Marks a target language's delivery final or partial, with the note the client reads. */
export async function markDelivery(
  db: Db,
  taskId: number,
  languageId: number,
  final: boolean,
  note: string | null,
) {
  const [row] = await db
    .update(taskTargetLanguages)
    .set({ delivery_final: final, delivery_note: note, delivery_marked_at: new Date() })
    .where(and(eq(taskTargetLanguages.task_id, taskId), eq(taskTargetLanguages.language_id, languageId)))
    .returning();
  return row!;
}
