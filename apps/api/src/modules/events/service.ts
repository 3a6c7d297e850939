import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { domainEventDeliveries, domainEvents } from '../../db/schema/index.ts';
import type { Deps } from '../../lib/service.ts';

export type DomainEventType =
  | 'task.quoted'
  | 'task.approved'
  | 'task.paid'
  | 'task.in_course'
  | 'task.delivered'
  | 'task.done'
  | 'task.cancelled'
  | 'task.due_date_changed'
  | 'invoice.issued'
  | 'message.created'
  | 'payment.failed';

export interface DomainEvent {
  id: number;
  type: DomainEventType;
  created_at: string;
  task_id: number | null;
  invoice_id: number | null;
  customer_id: number | null;
  actor_user_id: number | null;
  data: Record<string, unknown>;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type EventHandler = (deps: Deps, event: DomainEvent) => Promise<void>;

/** The channel a committed event is announced on (the outbox table's trigger NOTIFYs it). */
export const DOMAIN_EVENT_CHANNEL = 'verba_domain_event';
const JOB_PREFIX = 'event:';
const RELAY_BATCH = 100;

const subscribers = new Map<string, EventHandler>();

/**
 * Records the event in the caller's transaction; subscribers run after commit, once each across
 * all server processes (through the job queue, plugins/jobs.ts, which can enqueue inside a
 * drizzle transaction).
 */
export async function publishEvent(
  tx: Tx | Db,
  event: Omit<DomainEvent, 'id' | 'created_at'>,
): Promise<void> {
  await tx.insert(domainEvents).values({
    type: event.type,
    task_id: event.task_id,
    invoice_id: event.invoice_id,
    customer_id: event.customer_id,
    actor_user_id: event.actor_user_id,
    data: event.data,
  });
}

/** Registers a subscriber by a stable name; called at start-up by the module that consumes events. */
export function onEvent(subscriber: string, handler: EventHandler): void {
  if (subscribers.has(subscriber) && subscribers.get(subscriber) !== handler) {
    throw new Error(`event subscriber ${subscriber} is registered twice`);
  }
  subscribers.set(subscriber, handler);
}

/** The job that runs `subscriber`'s handler for one event. */
export function subscriberJob(subscriber: string): string {
  return `${JOB_PREFIX}${subscriber}`;
}

export function subscriberNames(): string[] {
  return [...subscribers.keys()];
}

/**
 * Hands committed events to one job per subscriber, in the transaction that marks them relayed:
 * `skip locked` lets several processes relay at once without two taking the same event.
 * Returns how many events it relayed.
 */
export async function relayEvents(deps: Pick<Deps, 'db' | 'jobs'>): Promise<number> {
  if (!(await hasUnrelayedEvents(deps.db))) return 0;
  // pg-boss makes a queue's table on first use: never inside the relay's transaction, which holds
  // a lock on the job table that creating the table would wait for.
  for (const name of subscribers.keys()) await deps.jobs.prepare(subscriberJob(name));
  return deps.db.transaction(async (tx) => {
    const batch = await tx
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(isNull(domainEvents.relayed_at))
      .orderBy(asc(domainEvents.id))
      .limit(RELAY_BATCH)
      .for('update', { skipLocked: true });
    if (!batch.length) return 0;
    for (const { id } of batch) {
      for (const name of subscribers.keys())
        await deps.jobs.enqueue(subscriberJob(name), { event_id: id }, tx);
    }
    await tx
      .update(domainEvents)
      .set({ relayed_at: sql`now()` })
      .where(sql`${domainEvents.id} in ${batch.map((row) => row.id)}`);
    return batch.length;
  });
}

/** Runs `subscriber` for the event of a job, unless it already has (a job can be run again). */
export async function deliverEvent(deps: Deps, subscriber: string, eventId: number): Promise<void> {
  const handler = subscribers.get(subscriber);
  if (!handler) throw new Error(`no event subscriber ${subscriber}`);
  const [done] = await deps.db
    .select({ id: domainEventDeliveries.event_id })
    .from(domainEventDeliveries)
    .where(
      and(eq(domainEventDeliveries.event_id, eventId), eq(domainEventDeliveries.subscriber, subscriber)),
    );
  if (done) return;
  const [row] = await deps.db.select().from(domainEvents).where(eq(domainEvents.id, eventId));
  if (!row) return;
  await handler(deps, {
    id: row.id,
    type: row.type as DomainEventType,
    created_at: row.created_at.toISOString(),
    task_id: row.task_id,
    invoice_id: row.invoice_id,
    customer_id: row.customer_id,
    actor_user_id: row.actor_user_id,
    data: row.data,
  });
  await deps.db.insert(domainEventDeliveries).values({ event_id: eventId, subscriber }).onConflictDoNothing();
}

/** Whether any committed event still waits to be relayed (tests and shutdown). */
export async function hasUnrelayedEvents(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(isNull(domainEvents.relayed_at))
    .limit(1);
  return row !== undefined;
}
