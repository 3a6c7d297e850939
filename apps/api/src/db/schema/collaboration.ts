import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './organisation.ts';
import { tasks } from './tasks.ts';

/** A task's thread: clients and staff; `internal` notes are staff only. */
export const taskMessages = pgTable(
  'task_messages',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    author_user_id: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** staff, client or guest (the guest of a TEMPORAL task, from its link) */
    author_side: varchar('author_side', { length: 10 }).notNull(),
    author_name: varchar('author_name', { length: 255 }).notNull(),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index('task_messages_task_idx').on(t.task_id, t.id)],
);

export const taskMessageFiles = pgTable(
  'task_message_files',
  {
    id: serial('id').primaryKey(),
    message_id: integer('message_id')
      .notNull()
      .references(() => taskMessages.id, { onDelete: 'cascade' }),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    file_path: varchar('file_path', { length: 255 }).notNull(),
    size: integer('size').notNull(),
  },
  (t) => [index('task_message_files_message_idx').on(t.message_id)],
);

/** The last message of a task's thread each user has read. */
export const taskMessageReads = pgTable(
  'task_message_reads',
  {
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    last_read_id: integer('last_read_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.task_id, t.user_id] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event_id: integer('event_id').notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    task_id: integer('task_id'),
    invoice_id: integer('invoice_id'),
    values: jsonb('values').$type<Record<string, string | number | null>>().notNull(),
    read_at: timestamp('read_at', { withTimezone: true }),
    /** set when the user takes this kind in a daily digest, until the digest is sent */
    digest_pending: boolean('digest_pending').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    unique('notifications_event_user_unique').on(t.event_id, t.user_id),
    index('notifications_user_idx').on(t.user_id, t.id),
    index('notifications_digest_idx')
      .on(t.user_id)
      .where(sql`digest_pending`),
  ],
);

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 30 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind] })],
);

/** When each user's last digest went out (a digest is sent at most once a day). */
export const notificationDigests = pgTable('notification_digests', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
});
