import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, payments, quoteRequests, tasks, users } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Tx | Db;

export type PaymentStatus = 'PENDING' | 'AUTHORISED' | 'DECLINED' | 'DUPLICATE' | 'UNAPPLIED';

export async function lockTask(tx: Tx, taskId: number) {
  const [row] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
  return row;
}

export async function lockPayment(tx: Tx, id: number) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function findPaymentByOrder(db: Conn, orderNumber: string) {
  const [row] = await db.select().from(payments).where(eq(payments.order_number, orderNumber));
  return row;
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

export async function insertPayment(tx: Conn, values: typeof payments.$inferInsert) {
  const [row] = await tx.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
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
    })
    .where(eq(payments.id, id));
}

export async function markCustomerApproval(tx: Conn, customerId: number, taskId: number, at: Date) {
  await tx
    .update(customers)
    .set({ last_project_approved_at: at, last_project_approved_task_id: taskId })
    .where(eq(customers.id, customerId));
}

export async function findCustomerRow(db: Conn, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

export async function findUser(db: Conn, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Active provider staff who hear about approvals (VERBA_ADMIN and VERBA_PM). */
export async function activeStaff(db: Conn) {
  return db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(eq(users.is_active, true), inArray(users.type, ['VERBA_ADMIN', 'VERBA_PM'])));
}

/** A guest's temporary task, found only by its unguessable link token. */
export async function findGuestTask(db: Conn, token: string) {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.guest_token, token), isNull(tasks.customer_id)));
  return row;
}

/** Who asked for a guest task (the public quote form). */
export async function guestRequester(db: Conn, taskId: number) {
  const [row] = await db
    .select({ email: quoteRequests.email, name: quoteRequests.first_name, language: quoteRequests.lang })
    .from(quoteRequests)
    .where(eq(quoteRequests.task_id, taskId));
  return row;
}
