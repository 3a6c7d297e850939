import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TaskState } from '@verba/contracts';
import type { Db } from '../../../db/client.ts';
import { languages, taskTargetLanguages, tasks } from '../../../db/schema/index.ts';
import type { Tx } from './tasks.ts';

/** What invoices read and write of tasks: the lines to invoice, and which invoice a task is on. */

/** Amount without taxes of a task: the discounted base plus other concepts (as the task list shows it). */
const untaxed = sql<string>`(${tasks.base_price} - ${tasks.discount_amount} + ${tasks.other_prices})::numeric(14,2)::text`;

/**
 * "en → es, fr": the task's languages by ISO code (the same in every language of the PDF). The
 * outer task is named in the SQL text: drizzle writes a lone table's columns unqualified, and a
 * bare "id" would be the language's inside the subquery.
 */
const languagePair = sql<string>`(select sl.iso_code from ${languages} sl where sl.id = "tasks"."source_language_id")
  || ' → ' || coalesce((select string_agg(tl.iso_code, ', ' order by tl.iso_code)
    from ${taskTargetLanguages} ttl join ${languages} tl on tl.id = ttl.language_id
    where ttl.task_id = "tasks"."id"), '')`;

const taskLineColumns = {
  id: tasks.id,
  code: tasks.code,
  description: tasks.description,
  po_number: tasks.po_number,
  client_reference: tasks.client_reference,
  state: tasks.state,
  customer_id: tasks.customer_id,
  invoice_id: tasks.invoice_id,
  languages: languagePair,
  words: tasks.word_count,
  amount: untaxed,
  created_at: tasks.created_at,
};

/** Tasks of a customer that can be invoiced: in `states`, not on an invoice yet; oldest first. */
export function invoiceableTasks(db: Db, customerId: number, states: readonly TaskState[]) {
  return db
    .select(taskLineColumns)
    .from(tasks)
    .where(
      and(eq(tasks.customer_id, customerId), inArray(tasks.state, [...states]), isNull(tasks.invoice_id)),
    )
    .orderBy(asc(tasks.id));
}

/** The tasks to invoice, locked until the transaction ends (two issues cannot take the same task). */
export function lockTasksToInvoice(tx: Tx, ids: number[]) {
  return tx
    .select(taskLineColumns)
    .from(tasks)
    .where(inArray(tasks.id, ids))
    .orderBy(asc(tasks.id))
    .for('update');
}

/** Puts the tasks on the invoice; false when one was invoiced meanwhile. */
export async function attachTasksToInvoice(tx: Tx, invoiceId: number, ids: number[]): Promise<boolean> {
  const done = await tx
    .update(tasks)
    .set({ invoice_id: invoiceId })
    .where(and(inArray(tasks.id, ids), isNull(tasks.invoice_id)))
    .returning({ id: tasks.id });
  return done.length === ids.length;
}

/** A corrected invoice lets its tasks be invoiced again. */
export async function releaseInvoicedTasks(tx: Tx, invoiceId: number): Promise<void> {
  await tx.update(tasks).set({ invoice_id: null }).where(eq(tasks.invoice_id, invoiceId));
}
