import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  countries,
  customers,
  holidays,
  otherConcepts,
  sourceFiles,
  taskTargetLanguages,
  tasks,
  translationTypes,
  wordCounts,
} from '../../../db/schema/index.ts';
import type { TaskRow, Tx } from './tasks.ts';

/** What a quote is computed from, besides the rates: read in one place, no writes. */
export async function quoteInputs(db: Db, task: TaskRow) {
  const targets = await db
    .select({ id: taskTargetLanguages.language_id })
    .from(taskTargetLanguages)
    .where(eq(taskTargetLanguages.task_id, task.id));
  const files = await db
    .select({ id: sourceFiles.id })
    .from(sourceFiles)
    .where(eq(sourceFiles.task_id, task.id));
  const counts = files.length
    ? await db
        .select()
        .from(wordCounts)
        .where(
          inArray(
            wordCounts.source_file_id,
            files.map((f) => f.id),
          ),
        )
    : [];
  const [type] = await db
    .select()
    .from(translationTypes)
    .where(eq(translationTypes.id, task.translation_type_id));
  const customerId = task.customer_id;
  const [customer] = customerId ? await db.select().from(customers).where(eq(customers.id, customerId)) : [];
  const [country] = customer
    ? await db.select().from(countries).where(eq(countries.id, customer.country_id))
    : [];
  const concepts = await db.select().from(otherConcepts).where(eq(otherConcepts.task_id, task.id));
  return { targets, counts, type, customer, country, concepts };
}

export async function holidayDates(db: Db) {
  const rows = await db.select({ date: holidays.date }).from(holidays);
  return rows.map((h) => h.date);
}

/** A quote's totals on the task row, and each language's price summary. */
export async function storeQuoteRows(
  tx: Tx | Db,
  taskId: number,
  totals: Omit<Partial<TaskRow>, 'state'>,
  summaries: Array<{ languageId: number; summary: Record<string, unknown> }>,
) {
  await tx.update(tasks).set(totals).where(eq(tasks.id, taskId));
  for (const { languageId, summary } of summaries) {
    await tx
      .update(taskTargetLanguages)
      .set({ price_summary: summary })
      .where(and(eq(taskTargetLanguages.task_id, taskId), eq(taskTargetLanguages.language_id, languageId)));
  }
}
