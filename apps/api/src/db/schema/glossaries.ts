import { index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import type { GlossaryType } from '@verba/contracts';
import { createdAt } from './columns.ts';
import { languages } from './reference.ts';
import { customers, users } from './organisation.ts';

/**
 * A customer's glossary (spec part 1 §2): the CSV a client uploaded, kept as sent, and
 * its terms read into `glossary_terms`. Type '1' is unidirectional (source → target, an optional
 * note), type '2' an equivalent-term list (one column per language).
 */
export const glossaries = pgTable(
  'glossaries',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 1 }).$type<GlossaryType>().notNull(),
    source_language_id: integer('source_language_id').references(() => languages.id),
    target_language_id: integer('target_language_id').references(() => languages.id),
    /** Language ids in the order of the terms of each row (type 1: source then target). */
    languages: jsonb('languages').$type<number[]>().notNull(),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    file_path: text('file_path').notNull(),
    file_size: integer('file_size').notNull().default(0),
    term_count: integer('term_count').notNull().default(0),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('glossaries_customer_idx').on(t.customer_id, t.created_at)],
);

/** One row of a glossary: its terms in the order of `glossaries.languages`, and a note (type 1). */
export const glossaryTerms = pgTable(
  'glossary_terms',
  {
    id: serial('id').primaryKey(),
    glossary_id: integer('glossary_id')
      .notNull()
      .references(() => glossaries.id, { onDelete: 'cascade' }),
    /** The row of the uploaded file it came from (1 = the first line). */
    row: integer('row').notNull(),
    terms: jsonb('terms').$type<string[]>().notNull(),
    note: text('note'),
  },
  (t) => [index('glossary_terms_glossary_idx').on(t.glossary_id, t.row)],
);
