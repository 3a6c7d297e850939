import { and, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { payments, payTaskHistories, tasks } from '../../db/schema/index.ts';

/** A card or balance order; its status is one of PAYMENT_STATUSES (the column is free text). */
export type PaymentRow = Omit<typeof payments.$inferSelect, 'status'> & { status: PaymentStatus };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Tx | Db;

const paymentRow = (row: typeof payments.$inferSelect | undefined) => row as PaymentRow | undefined;

/** What open card orders of the customer's other tasks still hold of its balance at `at`. */
export async function balanceHeldByOtherTasks(tx: Conn, customerId: number, taskId: number, at: Date) {
  const [row] = await tx
    .select({ held: sql<string>`coalesce(sum(${payments.balance_used}), 0)::numeric(14, 2)::text` })
    .from(payments)
    .where(
      and(
        eq(payments.customer_id, customerId),
        ne(payments.task_id, taskId),
        eq(payments.status, 'PENDING'),
        gt(payments.balance_held_until, at),
        // an order issued for an older price of its task can no longer approve it: it holds nothing
        sql`${payments.price_version} = (select ${tasks.price_version} from ${tasks} where ${tasks.id} = ${payments.task_id})`,
      ),
    );
  return row?.held ?? '0.00';
}

/** A task's older open orders stop holding the balance: only its newest order may count on it. */
export async function releaseTaskHolds(tx: Tx, taskId: number) {
  await tx
    .update(payments)
    .set({ balance_held_until: null })
    .where(
      and(
        eq(payments.task_id, taskId),
        eq(payments.status, 'PENDING'),
        isNotNull(payments.balance_held_until),
      ),
    );
}

/**
 * The task's open orders issued for another price version than `version` are CANCELLED (they
 * hold nothing); returns their order numbers.
 */
export async function cancelStaleOrders(tx: Tx, taskId: number, version: number): Promise<string[]> {
  const rows = await tx
    .update(payments)
    .set({ status: 'CANCELLED', completed_at: new Date(), balance_held_until: null })
    .where(
      and(eq(payments.task_id, taskId), eq(payments.status, 'PENDING'), ne(payments.price_version, version)),
    )
    .returning({ order: payments.order_number });
  return rows.map((r) => r.order);
}

export async function lockPayment(tx: Tx, id: number) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return paymentRow(row);
}

export async function findPaymentByOrder(db: Conn, orderNumber: string) {
  const [row] = await db.select().from(payments).where(eq(payments.order_number, orderNumber));
  return paymentRow(row);
}

export async function orderNumberTaken(db: Conn, orderNumber: string) {
  return Boolean(await findPaymentByOrder(db, orderNumber));
}

/** Another payment of the task that already went through. */
export async function otherAuthorisedPayment(db: Conn, taskId: number, exceptId = 0) {
  const [row] = await db
    .select({ id: payments.id, order_number: payments.order_number })
    .from(payments)
    .where(and(eq(payments.task_id, taskId), eq(payments.status, 'AUTHORISED'), ne(payments.id, exceptId)));
  return row;
}

export async function insertPayment(
  tx: Conn,
  values: typeof payments.$inferInsert & { status: PaymentStatus },
): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row as PaymentRow;
}

/** A line of the task's payments table (spec: pay task history), written by an approval. */
export async function insertPaymentHistory(tx: Conn, values: typeof payTaskHistories.$inferInsert) {
  await tx.insert(payTaskHistories).values(values);
}

export async function completePayment(
  tx: Conn,
  id: number,
  status: PaymentStatus,
  codes: { response_code?: string | null; authorisation_code?: string | null } = {},
) {
  await tx
    .update(payments)
    .set({
      status,
      response_code: codes.response_code?.slice(0, 8) ?? null,
      authorisation_code: codes.authorisation_code?.slice(0, 16) || null,
      completed_at: new Date(),
      balance_held_until: null,
    })
    .where(eq(payments.id, id));
}
