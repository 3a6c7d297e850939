import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function listEndpoints(db: Db, customerId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.customer_id, customerId))
    .orderBy(asc(webhookEndpoints.id));
}

export async function findEndpoint(db: Db, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function insertEndpoint(
  db: Db,
  values: { customer_id: number; url: string; events: WebhookEvent[]; secret: string; created_by: number },
) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  db: Db,
  id: number,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updated_at: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

export async function deleteEndpoint(db: Db, id: number) {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** The active endpoints of a customer that listen to `type`. */
export async function endpointsListening(db: Db, customerId: number, type: WebhookEvent) {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.customer_id, customerId),
        eq(webhookEndpoints.is_active, true),
        sql`${type} = any(${webhookEndpoints.events})`,
      ),
    );
}

/** One delivery per endpoint and event: a second announcement of the same event adds nothing. */
export async function insertDeliveries(
  db: Db,
  rows: Array<{ endpoint_id: number; event_id: string; event_type: string; body: string }>,
) {
  if (!rows.length) return [];
  return db
    .insert(webhookDeliveries)
    .values(rows.map((r) => ({ ...r, next_attempt_at: new Date() })))
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
}

export async function deliveryWithEndpoint(db: Db, id: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpoint_id))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

export async function listDeliveries(db: Db, endpointId: number, limit = 50) {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpoint_id, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  const attempts = deliveries.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.delivery_id,
            deliveries.map((d) => d.id),
          ),
        )
        .orderBy(asc(webhookAttempts.id))
    : [];
  return deliveries.map((d) => ({ ...d, attempts: attempts.filter((a) => a.delivery_id === d.id) }));
}

export async function recordAttempt(db: Db, values: typeof webhookAttempts.$inferInsert) {
  await db.insert(webhookAttempts).values(values);
}

export async function updateDelivery(
  db: Db,
  id: number,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
) {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** Who hears that an endpoint was turned off: the customer's active client admins. */
export async function clientAdminsOf(db: Db, customerId: number) {
  return db
    .select({
      id: users.id,
      type: users.type,
      email: users.email,
      name: users.name,
      lastname: users.lastname,
      language: users.language,
      customer_id: users.customer_id,
    })
    .from(users)
    .where(and(eq(users.customer_id, customerId), eq(users.type, 'CLIENT_ADMIN'), eq(users.is_active, true)))
    .orderBy(asc(users.id));
}
