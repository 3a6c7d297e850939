import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  customers,
  invoiceChain,
  invoiceCounters,
  invoiceLines,
  invoices,
} from '../../../db/schema/index.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceLineInsert = Omit<typeof invoiceLines.$inferInsert, 'invoice_id' | 'position'>;

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
