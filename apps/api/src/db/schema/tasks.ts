import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
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
import type { PaymentStatus, StateChangeReason, TaskState } from '@verba/contracts';
import { createdAt, money, percent, updatedAt } from './columns.ts';
import { languages, translationTypes } from './reference.ts';
import { customers, departments, users } from './organisation.ts';
import { invoices } from './invoices.ts';

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    customer_id: integer('customer_id').references(() => customers.id),
    department_id: integer('department_id').references(() => departments.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    source_language_id: integer('source_language_id')
      .notNull()
      .references(() => languages.id),
    translation_type_id: integer('translation_type_id')
      .notNull()
      .references(() => translationTypes.id),
    description: varchar('description', { length: 255 }).notNull(),
    comments: varchar('comments', { length: 255 }),
    /** The client's purchase order number and its own reference, printed on quotes and invoices. */
    po_number: varchar('po_number', { length: 50 }),
    client_reference: varchar('client_reference', { length: 100 }),
    review: boolean('review').notNull().default(false),
    custom_quote: boolean('custom_quote').notNull().default(false),
    source_files_validated: boolean('source_files_validated').notNull().default(false),
    source_files_validation_requested: boolean('source_files_validation_requested').notNull().default(false),
    state: varchar('state', { length: 16 }).$type<TaskState>().notNull(),
    word_count: integer('word_count').notNull().default(0),
    base_price: money('base_price').notNull().default('0'),
    other_prices: money('other_prices').notNull().default('0'),
    discount_percentage: percent('discount_percentage').notNull().default('0'),
    discount_amount: money('discount_amount').notNull().default('0'),
    price_taxes: money('price_taxes').notNull().default('0'),
    other_prices_taxes: money('other_prices_taxes').notNull().default('0'),
    tax_name: varchar('tax_name', { length: 50 }),
    tax_percentage: percent('tax_percentage').notNull().default('0'),
    taxed_price: money('taxed_price').notNull().default('0'),
    amount_to_pay: money('amount_to_pay').notNull().default('0'),
    days_to_add: integer('days_to_add').notNull().default(0),
    due_date: timestamp('due_date', { withTimezone: true }),
    /** The day the client asked to have it by (optional); staff see it beside the computed due date. */
    requested_date: date('requested_date', { mode: 'string' }),
    /** Goes up at every change of the price (quote, amount to pay, days): a card order is bound to one version. */
    price_version: integer('price_version').notNull().default(0),
    quoted_at: timestamp('quoted_at', { withTimezone: true }),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    approved_user_id: integer('approved_user_id').references(() => users.id, { onDelete: 'set null' }),
    updated_user_id: integer('updated_user_id').references(() => users.id, { onDelete: 'set null' }),
    invoice_id: integer('invoice_id').references(() => invoices.id),
    /** Unguessable link token of a guest's TEMPORAL task. */
    guest_token: varchar('guest_token', { length: 64 }).unique(),
    analysis_error: text('analysis_error'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // A client's list counts its visible tasks (requester, department) from this index alone.
    index('tasks_customer_visible_idx').on(t.customer_id, t.state, t.id, t.user_id, t.department_id),
    index('tasks_state_idx').on(t.state, t.id),
    index('tasks_department_idx').on(t.department_id, t.id),
    index('tasks_user_idx').on(t.user_id, t.id),
    index('tasks_created_idx').on(t.created_at),
    // The dashboards: approved work by month, per customer, and work due soon.
    index('tasks_approved_idx')
      .on(t.approved_at)
      .where(sql`${t.approved_at} is not null`),
    index('tasks_customer_approved_idx').on(t.customer_id, t.approved_at),
    index('tasks_due_idx')
      .on(t.due_date)
      .where(sql`${t.state} in ('APPROVED', 'DEFERRED', 'IN_COURSE')`),
    // The list's text filter matches anywhere in the name or code: trigram indexes, never a scan.
    index('tasks_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('tasks_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
    // A guest's task is looked up by the hash of its link token (db/token-lookup.ts): flat timing.
    index('tasks_guest_token_sha256_idx').on(sql`sha256((${t.guest_token})::bytea)`),
  ],
);

export const taskTargetLanguages = pgTable(
  'task_target_languages',
  {
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    language_id: integer('language_id')
      .notNull()
      .references(() => languages.id),
    /** The price summary of this target language (spec shape), stored when the quote is made. */
    price_summary: jsonb('price_summary'),
    /** Staff mark this language's delivery final (all delivered) or partial, with a note the client reads. */
    delivery_final: boolean('delivery_final').notNull().default(false),
    delivery_note: varchar('delivery_note', { length: 500 }),
    delivery_marked_at: timestamp('delivery_marked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.task_id, t.language_id] })],
);

export const taskStateChanges = pgTable(
  'task_state_changes',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    from_state: varchar('from_state', { length: 16 }).$type<TaskState>(),
    to_state: varchar('to_state', { length: 16 }).$type<TaskState>().notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A StateChangeReason when the system made the move; shown translated. */
    reason: varchar('reason', { length: 32 }).$type<StateChangeReason>(),
    note: text('note'),
    created_at: createdAt(),
  },
  (t) => [index('task_state_changes_task_idx').on(t.task_id, t.created_at)],
);

export const sourceFiles = pgTable(
  'source_files',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    /** Storage key, never a path the client chose. */
    file_path: text('file_path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }),
    /** Detected type ("docx", "html", ...). */
    filter: varchar('filter', { length: 32 }),
    error_key: varchar('error_key', { length: 100 }),
    created_at: createdAt(),
  },
  (t) => [index('source_files_task_idx').on(t.task_id)],
);

/** Files the client gives the translators (style guides, earlier translations): never analysed or priced. */
export const taskReferenceFiles = pgTable(
  'task_reference_files',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    /** Storage key, never a path the client chose. */
    file_path: text('file_path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('task_reference_files_task_idx').on(t.task_id)],
);

export const wordCounts = pgTable(
  'word_counts',
  {
    id: serial('id').primaryKey(),
    source_file_id: integer('source_file_id')
      .notNull()
      .references(() => sourceFiles.id, { onDelete: 'cascade' }),
    target_language_id: integer('target_language_id')
      .notNull()
      .references(() => languages.id),
    total_words: integer('total_words').notNull(),
    percent101: integer('percent101').notNull(),
    percent100: integer('percent100').notNull(),
    percent95: integer('percent95').notNull(),
    percent85: integer('percent85').notNull(),
    percent75: integer('percent75').notNull(),
    percent50: integer('percent50').notNull(),
    no_match: integer('no_match').notNull(),
    repetitions: integer('repetitions').notNull(),
    characters: integer('characters').notNull().default(0),
    internal_word_counts: jsonb('internal_word_counts'),
  },
  (t) => [uniqueIndex('word_counts_file_lang_unique').on(t.source_file_id, t.target_language_id)],
);

export const translatedFiles = pgTable(
  'translated_files',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    source_file_id: integer('source_file_id')
      .notNull()
      .references(() => sourceFiles.id, { onDelete: 'cascade' }),
    language_id: integer('language_id')
      .notNull()
      .references(() => languages.id),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    file_path: text('file_path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('translated_files_task_idx').on(t.task_id)],
);

export const otherConcepts = pgTable(
  'other_concepts',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    concept: varchar('concept', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    unit: varchar('unit', { length: 50 }),
    quantity: money('quantity').notNull(),
    price: money('price').notNull(),
    lang: varchar('lang', { length: 2 }),
    created_at: createdAt(),
  },
  (t) => [index('other_concepts_task_idx').on(t.task_id)],
);

export const payTaskHistories = pgTable(
  'pay_task_histories',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    type: varchar('type', { length: 255 }).notNull(),
    taxes: money('taxes').notNull().default('0'),
    lang: varchar('lang', { length: 2 }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('pay_task_histories_task_idx').on(t.task_id)],
);

/** One row per gateway order; `balance_used` is what the payment took from the customer's balance. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id').references(() => customers.id),
    order_number: varchar('order_number', { length: 12 }).notNull().unique(),
    amount: money('amount').notNull(),
    balance_used: money('balance_used').notNull().default('0'),
    card_amount: money('card_amount').notNull().default('0'),
    status: varchar('status', { length: 16 }).$type<PaymentStatus>().notNull(),
    gateway: varchar('gateway', { length: 16 }).notNull(),
    response_code: varchar('response_code', { length: 8 }),
    authorisation_code: varchar('authorisation_code', { length: 16 }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    /** While PENDING and before this time, `balance_used` is held for this order: nobody else draws it. */
    balance_held_until: timestamp('balance_held_until', { withTimezone: true }),
    /** The task's `price_version` the order was issued for: a later price cancels it. */
    price_version: integer('price_version').notNull().default(0),
  },
  (t) => [
    index('payments_task_idx').on(t.task_id),
    index('payments_customer_idx').on(t.customer_id, t.status),
  ],
);

/** Translation memory units per customer and language pair (fed by TMX imports and deliveries). */
export const tmUnits = pgTable(
  'tm_units',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    source_lang: varchar('source_lang', { length: 16 }).notNull(),
    target_lang: varchar('target_lang', { length: 16 }).notNull(),
    source_text: text('source_text').notNull(),
    target_text: text('target_text').notNull(),
    source_hash: varchar('source_hash', { length: 64 }).notNull(),
    prev_hash: varchar('prev_hash', { length: 64 }),
    next_hash: varchar('next_hash', { length: 64 }),
    /** The feed (tm_imports) that added the unit; a failed TMX import removes its units by it. */
    import_id: integer('import_id'),
    created_at: createdAt(),
  },
  (t) => [
    index('tm_units_import_idx').on(t.import_id),
    // A pair's units in insertion order: the TMX export pages through them by id.
    index('tm_units_pair_id_idx').on(t.customer_id, t.source_lang, t.target_lang, t.id),
    index('tm_units_lookup_idx').on(t.customer_id, t.source_lang, t.target_lang, t.source_hash),
  ],
);
