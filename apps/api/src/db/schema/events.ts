import { index, integer, jsonb, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns.ts';

/**
 * The domain events outbox: a row is written in the transaction of the change it reports, and
 * handed to each subscriber's job once that transaction has committed (`relayed_at`).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 40 }).notNull(),
    created_at: createdAt(),
    task_id: integer('task_id'),
    invoice_id: integer('invoice_id'),
    customer_id: integer('customer_id'),
    actor_user_id: integer('actor_user_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    relayed_at: timestamp('relayed_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_pending_idx')
      .on(t.id)
      .where(sql`relayed_at is null`),
  ],
);

/** Which subscriber has handled which event: a job run again skips what it did. */
export const domainEventDeliveries = pgTable(
  'domain_event_deliveries',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: varchar('subscriber', { length: 60 }).notNull(),
    delivered_at: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.subscriber] })],
);
