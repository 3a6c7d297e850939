import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { TaskState } from '@verba/contracts';
import type { Db } from '../../../db/client.ts';
import {
  customers,
  invoiceChain,
  invoiceCounters,
  invoiceLines,
  invoices,
  languages,
  taskTargetLanguages,
  tasks,
} from '../../../db/schema/index.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceLineInsert = Omit<typeof invoiceLines.$inferInsert, 'invoice_id' | 'position'>;

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
export function lockTasks(tx: Tx, ids: number[]) {
  return tx
    .select(taskLineColumns)
    .from(tasks)
    .where(inArray(tasks.id, ids))
    .orderBy(asc(tasks.id))
    .for('update');
}

/**
 * Locks the head of the hash chain (creating it the first time): every issuing transaction takes
 * this lock first, so invoices are issued one at a time, in one order, with no deadlock.
 */
export async function lockChain(tx: Tx): Promise<{ last_hash: string | null }> {
  await tx.insert(invoiceChain).values({ id: 1 }).onConflictDoNothing();
  const [head] = await tx.select().from(invoiceChain).where(eq(invoiceChain.id, 1)).for('update');
  return { last_hash: head?.last_hash ?? null };
}

export async function advanceChain(tx: Tx, invoiceId: number, hash: string): Promise<void> {
  await tx
    .update(invoiceChain)
    .set({ last_hash: hash, last_invoice_id: invoiceId })
    .where(eq(invoiceChain.id, 1));
}

/** The next number of a series, in the caller's transaction (rolled back with it: no gap). */
export async function nextNumber(tx: Tx, series: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, last_number: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.series,
      set: { last_number: sql`${invoiceCounters.last_number} + 1` },
    })
    .returning({ n: invoiceCounters.last_number });
  return row!.n;
}

/** The latest date of issue in a series (dates never go back within a series). */
export async function lastIssueDate(tx: Tx, series: string): Promise<string | null> {
  const [row] = await tx
    .select({ d: max(invoices.issued_at) })
    .from(invoices)
    .where(eq(invoices.series, series));
  return row?.d ?? null;
}

export async function insertInvoice(tx: Tx, values: InvoiceInsert, lines: InvoiceLineInsert[]) {
  const [row] = await tx.insert(invoices).values(values).returning();
  await tx
    .insert(invoiceLines)
    .values(lines.map((line, i) => ({ ...line, invoice_id: row!.id, position: i + 1 })));
  return row!;
}

/** Puts the tasks on the invoice; false when one was invoiced meanwhile. */
export async function attachTasks(tx: Tx, invoiceId: number, ids: number[]): Promise<boolean> {
  const done = await tx
    .update(tasks)
    .set({ invoice_id: invoiceId })
    .where(and(inArray(tasks.id, ids), isNull(tasks.invoice_id)))
    .returning({ id: tasks.id });
  return done.length === ids.length;
}

/** A corrected invoice lets its tasks be invoiced again. */
export async function releaseTasks(tx: Tx, invoiceId: number): Promise<void> {
  await tx.update(tasks).set({ invoice_id: null }).where(eq(tasks.invoice_id, invoiceId));
}

export async function lockInvoice(tx: Tx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

export async function correctiveOf(
  db: Db | Tx,
  id: number,
): Promise<{ id: number; folio: string } | undefined> {
  const [row] = await db
    .select({ id: invoices.id, folio: invoices.folio })
    .from(invoices)
    .where(eq(invoices.rectifies_id, id));
  return row;
}

export async function setPaid(db: Db, id: number, paidAt: string, method: string) {
  const [row] = await db
    .update(invoices)
    .set({ payment_status: 'paid', paid_at: paidAt, payment_method: method })
    .where(and(eq(invoices.id, id), eq(invoices.payment_status, 'pending')))
    .returning();
  return row;
}

export async function customerForInvoice(db: Db, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/** Every invoice with its lines, in issue order (to verify the hash chain). */
export async function chainInOrder(db: Db) {
  const rows = await db.select().from(invoices).orderBy(asc(invoices.id));
  const lines = await db
    .select()
    .from(invoiceLines)
    .orderBy(asc(invoiceLines.invoice_id), asc(invoiceLines.position));
  return rows.map((row) => ({ row, lines: lines.filter((l) => l.invoice_id === row.id) }));
}

export function linesOf(db: Db | Tx, invoiceId: number): Promise<InvoiceLineRow[]> {
  return db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoice_id, invoiceId))
    .orderBy(asc(invoiceLines.position));
}
