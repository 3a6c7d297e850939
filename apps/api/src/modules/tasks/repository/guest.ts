import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Locale } from '@verba/contracts';
import type { Db } from '../../../db/client.ts';
import { tokenMatches } from '../../../db/token-lookup.ts';
import {
  languages,
  quoteRequests,
  sourceFiles,
  taskTargetLanguages,
  tasks,
  translatedFiles,
  wordCounts,
} from '../../../db/schema/index.ts';
import type { Tx } from './tasks.ts';

/** The SQL of guest tasks (no customer, reached by their link token). */

/** A guest's task by its link token; none once it has a customer. */
export async function findGuestTaskByToken(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(tokenMatches(tasks.guest_token, token), isNull(tasks.customer_id)));
  return row;
}

export async function languageNames(db: Db, ids: number[], locale: Locale) {
  if (!ids.length) return [];
  return db
    .select({ id: languages.id, iso_code: languages.iso_code, name: languages[`name_${locale}`] })
    .from(languages)
    .where(inArray(languages.id, ids));
}

export async function targetLanguageIds(db: Db, taskId: number): Promise<number[]> {
  const rows = await db
    .select({ id: taskTargetLanguages.language_id })
    .from(taskTargetLanguages)
    .where(eq(taskTargetLanguages.task_id, taskId));
  return rows.map((r) => r.id);
}

/** Each source file with its words per target language. */
export async function filesWithWords(db: Db, taskId: number) {
  const files = await db
    .select({ id: sourceFiles.id, file_name: sourceFiles.file_name, error_key: sourceFiles.error_key })
    .from(sourceFiles)
    .where(eq(sourceFiles.task_id, taskId))
    .orderBy(sourceFiles.id);
  const counts = files.length
    ? await db
        .select({
          source_file_id: wordCounts.source_file_id,
          language_id: wordCounts.target_language_id,
          total_words: wordCounts.total_words,
        })
        .from(wordCounts)
        .where(
          inArray(
            wordCounts.source_file_id,
            files.map((f) => f.id),
          ),
        )
    : [];
  return files.map((f) => ({
    file_name: f.file_name,
    error_key: f.error_key,
    words: counts
      .filter((c) => c.source_file_id === f.id)
      .map(({ language_id, total_words }) => ({ language_id, total_words })),
  }));
}

/** The delivered translations of a task, each with its source file's name (the guest's page). */
export async function translationsWithSources(db: Db, taskId: number) {
  return db
    .select({
      id: translatedFiles.id,
      language_id: translatedFiles.language_id,
      file_name: translatedFiles.file_name,
      source_file_name: sourceFiles.file_name,
    })
    .from(translatedFiles)
    .innerJoin(sourceFiles, eq(sourceFiles.id, translatedFiles.source_file_id))
    .where(eq(translatedFiles.task_id, taskId))
    .orderBy(translatedFiles.language_id, sourceFiles.file_name, translatedFiles.id);
}

/** Unpaid guest tasks (TEMPORAL or still CALCULATING) created before `before`. */
export async function unpaidGuestTasksBefore(db: Db, before: Date) {
  return db
    .select({ id: tasks.id, code: tasks.code })
    .from(tasks)
    .where(
      and(
        isNull(tasks.customer_id),
        inArray(tasks.state, ['TEMPORAL', 'CALCULATING']),
        lt(tasks.created_at, before),
      ),
    );
}

/** Deletes the task if it is still an unpaid guest task (a payment meanwhile keeps it). */
export async function deleteUnpaidGuestTask(tx: Tx, taskId: number): Promise<boolean> {
  const rows = await tx
    .delete(tasks)
    .where(
      and(eq(tasks.id, taskId), isNull(tasks.customer_id), inArray(tasks.state, ['TEMPORAL', 'CALCULATING'])),
    )
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** Who asked for a guest task (the public quote form): told when it is in course and done. */
export async function guestRequester(db: Db, taskId: number) {
  const [row] = await db
    .select({ email: quoteRequests.email, name: quoteRequests.first_name, language: quoteRequests.lang })
    .from(quoteRequests)
    .where(eq(quoteRequests.task_id, taskId));
  return row;
}
