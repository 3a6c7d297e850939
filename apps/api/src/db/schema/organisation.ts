import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Locale, PaymentScheme, Role } from '@verba/contracts';
import { sql } from 'drizzle-orm';
import { createdAt, money, percent, updatedAt } from './columns.ts';
import { countries } from './reference.ts';

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  customer_number: varchar('customer_number', { length: 255 }),
  address: varchar('address', { length: 255 }),
  address_2: varchar('address_2', { length: 255 }),
  town: varchar('town', { length: 255 }),
  province: varchar('province', { length: 255 }),
  postal_code: varchar('postal_code', { length: 255 }),
  tin: varchar('tin', { length: 255 }),
  country_id: integer('country_id')
    .notNull()
    .references(() => countries.id),
  success_representative: varchar('success_representative', { length: 255 }),
  success_representative_email: varchar('success_representative_email', { length: 255 }),
  payment_scheme: varchar('payment_scheme', { length: 16 })
    .$type<PaymentScheme>()
    .notNull()
    .default('ON_DEMAND'),
  is_active: boolean('is_active').notNull().default(true),
  show_rates: boolean('show_rates').notNull().default(false),
  /** Null: the default of its payment scheme (DESIGN §7). */
  discount_percentage: percent('discount_percentage'),
  minimum_rates: boolean('minimum_rates').notNull().default(false),
  /** Its tasks cannot be ordered without a purchase order number. */
  po_required: boolean('po_required').notNull().default(false),
  memoq_project_id: varchar('memoq_project_id', { length: 255 }),
  idcp_project_id: varchar('idcp_project_id', { length: 255 }),
  last_login_at: timestamp('last_login_at', { withTimezone: true }),
  last_login_user_id: integer('last_login_user_id'),
  last_project_approved_at: timestamp('last_project_approved_at', { withTimezone: true }),
  last_project_approved_task_id: integer('last_project_approved_task_id'),
  /** Its users must sign in with a second factor (set by its client admin). */
  require_2fa: boolean('require_2fa').notNull().default(false),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    lastname: varchar('lastname', { length: 255 }).notNull(),
    /** Always stored lower-cased. */
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 50 }),
    type: varchar('type', { length: 16 }).$type<Role>().notNull(),
    language: varchar('language', { length: 2 }).$type<Locale>().notNull().default('en'),
    /** Null until the user sets a password from the welcome mail. */
    password_hash: text('password_hash'),
    is_active: boolean('is_active').notNull().default(true),
    customer_id: integer('customer_id').references(() => customers.id),
    bonus: money('bonus'),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    /**
     * The TOTP key (RFC 6238), encrypted (lib/secret-box.ts); set at setup, in use once
     * `totp_enabled_at` is. Rows from before encryption hold the Base32 key until the next start.
     */
    totp_secret: text('totp_secret'),
    totp_enabled_at: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last time step whose code was accepted: a code is never accepted twice. */
    totp_last_step: bigint('totp_last_step', { mode: 'number' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_customer_idx').on(t.customer_id)],
);

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    title: varchar('title', { length: 255 }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('departments_customer_idx').on(t.customer_id)],
);

export const departmentUsers = pgTable(
  'department_users',
  {
    department_id: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.department_id, t.user_id] }),
    index('department_users_user_idx').on(t.user_id),
  ],
);

/** Each access token is a row: logout, password change and deactivation revoke it at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    user_agent: text('user_agent'),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** Written at most once a minute per process (session-activity plugin). */
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }),
    /** A session that may only enrol a second factor (its user must, and has not yet). */
    enrolment_only: boolean('enrolment_only').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.user_id)],
);

export const bonuses = pgTable(
  'bonuses',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    amount: money('amount').notNull(),
    description: varchar('description', { length: 255 }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('bonuses_customer_idx').on(t.customer_id)],
);

export const bonusUsers = pgTable(
  'bonus_users',
  {
    bonus_id: integer('bonus_id')
      .notNull()
      .references(() => bonuses.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bonus_id, t.user_id] })],
);

export const actionLogs = pgTable(
  'action_logs',
  {
    id: serial('id').primaryKey(),
    action: varchar('action', { length: 100 }).notNull(),
    /** The English text; what old rows (and rows without a key) show. */
    description: text('description').notNull(),
    /** The description as a message key (`logs.descriptions.<key>`) and its values, rendered in the reader's language. */
    description_key: varchar('description_key', { length: 100 }),
    params: jsonb('params').$type<Record<string, string | number>>(),
    ip: varchar('ip', { length: 64 }),
    user_id: integer('user_id'),
    user_email: varchar('user_email', { length: 255 }),
    customer_id: integer('customer_id'),
    customer_name: varchar('customer_name', { length: 255 }),
    created_at: createdAt(),
  },
  (t) => [
    index('action_logs_created_idx').on(t.created_at),
    index('action_logs_action_idx').on(t.action, t.created_at),
    index('action_logs_email_idx').on(sql`lower(${t.user_email})`),
  ],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: varchar('to', { length: 255 }).notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  attachments: text('attachments'),
  /** `outbox` (kept here, embedded default), `sent` or `failed` (SMTP). */
  status: varchar('status', { length: 16 }).notNull(),
  error: text('error'),
  created_at: createdAt(),
});

export const uiErrors = pgTable('ui_errors', {
  id: serial('id').primaryKey(),
  message: text('message').notNull(),
  name: varchar('name', { length: 255 }),
  detail: text('detail'),
  stack: text('stack'),
  url: text('url'),
  user_id: integer('user_id'),
  user_agent: text('user_agent'),
  created_at: createdAt(),
});

/** Durable job queue of the embedded default (PostgreSQL deployments use pg-boss). */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    payload: text('payload').notNull(),
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    run_after: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    locked_at: timestamp('locked_at', { withTimezone: true }),
    created_at: createdAt(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('jobs_pending_idx').on(t.state, t.run_after)],
);
