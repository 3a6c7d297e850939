import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  countries,
  customers,
  quoteRequests,
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
  // A guest's task is taxed by the country of its quote request.
  const [request] = customer
    ? []
    : await db
        .select({ country_id: quoteRequests.country_id })
        .from(quoteRequests)
        .where(eq(quoteRequests.task_id, task.id));
  const countryId = customer?.country_id ?? request?.country_id;
  const [country] = countryId ? await db.select().from(countries).where(eq(countries.id, countryId)) : [];
  const concepts = await db.select().from(otherConcepts).where(eq(otherConcepts.task_id, task.id));
  return { targets, counts, type, customer, country, concepts };
}

export async function holidayDates(db: Db) {
  const rows = await db.select({ date: holidays.date }).from(holidays);
  return rows.map((h) => h.date);
}

/** A quote's totals on the task row, and each language's price summary; the price version goes up. */
export async function storeQuoteRows(
  tx: Tx | Db,
  taskId: number,
  totals: Omit<Partial<TaskRow>, 'state' | 'price_version'>,
  summaries: Array<{ languageId: number; summary: Record<string, unknown> }>,
) {
  await tx
    .update(tasks)
    .set({ ...totals, price_version: sql`${tasks.price_version} + 1` })
    .where(eq(tasks.id, taskId));
  for (const { languageId, summary } of summaries) {
    await tx
      .update(taskTargetLanguages)
      .set({ price_summary: summary })
      .where(and(eq(taskTargetLanguages.task_id, taskId), eq(taskTargetLanguages.language_id, languageId)));
  }
}

/** Columns that change what the task costs or when it is due, written with a new price version. */
export async function updatePrice(
  tx: Tx | Db,
  taskId: number,
  set: Pick<Partial<TaskRow>, 'amount_to_pay' | 'days_to_add' | 'due_date' | 'updated_user_id'>,
) {
  await tx
    .update(tasks)
    .set({ ...set, price_version: sql`${tasks.price_version} + 1` })
    .where(eq(tasks.id, taskId));
}

/** States whose quote follows the rates: a draft and a guest's temporary task (approved ones keep their price). */
export const REQUOTABLE_STATES = ['DRAFT', 'TEMPORAL'] as const;

/** The DRAFT and TEMPORAL tasks to price again: one customer's, or all of them. */
export async function requotableTaskIds(db: Db, customerId: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        inArray(tasks.state, [...REQUOTABLE_STATES]),
        customerId === null ? undefined : eq(tasks.customer_id, customerId),
      ),
    )
    .orderBy(tasks.id);
  return rows.map((r) => r.id);
}

/** A translation type's percent of the rate (100 when the type is unknown). */
export async function translationTypePercent(db: Db, typeId: number): Promise<string> {
  const [row] = await db
    .select({ percent: translationTypes.percent })
    .from(translationTypes)
    .where(eq(translationTypes.id, typeId));
  return row?.percent ?? '100';
}

/** Every service level (translation type), by id: the levels a task can be quoted at. */
export async function translationTypeIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: translationTypes.id })
    .from(translationTypes)
    .orderBy(translationTypes.id);
  return rows.map((r) => r.id);
}
