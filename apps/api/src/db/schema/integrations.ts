import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customers, users } from './organisation.ts';

/** Personal API tokens: only the SHA-256 of the secret is kept; `prefix` lets a person recognise one. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    scopes: text('scopes').array().notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    last_used_ip: varchar('last_used_ip', { length: 64 }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('api_tokens_user_idx').on(t.user_id)],
);

/** A customer's webhook endpoint. The secret signs deliveries, so it is kept as it is (never shown again). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2000 }).notNull(),
    events: text('events').array().notNull(),
    secret: varchar('secret', { length: 100 }).notNull(),
    is_active: boolean('is_active').notNull().default(true),
    /** First failed attempt since the last success: 24 h of failing disables the endpoint. */
    failing_since: timestamp('failing_since', { withTimezone: true }),
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('webhook_endpoints_customer_idx').on(t.customer_id)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event_id: varchar('event_id', { length: 64 }).notNull(),
    event_type: varchar('event_type', { length: 40 }).notNull(),
    /** The exact body sent (and signed) on every attempt. */
    body: text('body').notNull(),
    /** pending | delivered | failed */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.endpoint_id, t.event_id),
    index('webhook_deliveries_created_idx').on(t.endpoint_id, t.created_at),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    delivery_id: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    duration_ms: integer('duration_ms').notNull(),
    status_code: integer('status_code'),
    error: varchar('error', { length: 500 }),
    /** The first 1 KB of the answer. */
    response: text('response'),
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.delivery_id)],
);
