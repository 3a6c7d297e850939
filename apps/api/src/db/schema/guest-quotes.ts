import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Locale } from '@verba/contracts';
import { createdAt, money } from './columns.ts';
import { countries, languages, translationTypes } from './reference.ts';
import { tasks } from './tasks.ts';

/**
 * A guest's quote request from the public form (spec part 2 §7 POST /register). It outlives its
 * TEMPORAL task: when the unpaid task expires, `link_token` still answers "this quote expired".
 */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: serial('id').primaryKey(),
    company_name: varchar('company_name', { length: 40 }),
    country_id: integer('country_id').references(() => countries.id),
    first_name: varchar('first_name', { length: 25 }).notNull(),
    last_name: varchar('last_name', { length: 25 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phone_number: varchar('phone_number', { length: 16 }).notNull(),
    source_language_id: integer('source_language_id').references(() => languages.id),
    target_languages: jsonb('target_languages').notNull(),
    comments: varchar('comments', { length: 255 }),
    privacy_policy: boolean('privacy_policy').notNull(),
    review_originals: boolean('review_originals').notNull().default(false),
    lang: varchar('lang', { length: 2 }).$type<Locale>(),
    task_id: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** The guest link's token (also on the task while it exists). */
    link_token: varchar('link_token', { length: 64 }).unique(),
    ip: varchar('ip', { length: 64 }),
    /** Set when housekeeping deleted the unpaid task and its files. */
    expired_at: timestamp('expired_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('quote_requests_email_idx').on(t.email, t.created_at),
    index('quote_requests_task_idx').on(t.task_id),
    // Looked up by the hash of the link token (db/token-lookup.ts), like the task.
    index('quote_requests_link_token_sha256_idx').on(sql`sha256((${t.link_token})::bytea)`),
  ],
);

/** Bot-check solutions already accepted: each ALTCHA solution works once (kept until it expires). */
export const usedBotSolutions = pgTable('used_bot_solutions', {
  signature: varchar('signature', { length: 128 }).primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The general minimum charge per translation type, for tasks without a customer (guest quotes). */
export const generalMinimumRates = pgTable(
  'general_minimum_rates',
  {
    translation_type_id: integer('translation_type_id')
      .notNull()
      .references(() => translationTypes.id),
    hour: money('hour').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.translation_type_id] })],
);
