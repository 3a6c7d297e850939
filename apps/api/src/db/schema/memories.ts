import { index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import type { MemoryOrigin } from '@verba/contracts';
import { createdAt } from './columns.ts';
import { customers, users } from './organisation.ts';

/**
 * Where a customer's translation memory came from, one row per feed of a language pair: a TMX
 * import by staff (`TMX`) or a delivered bilingual file (`DELIVERY`). The units themselves are
 * `tm_units`; `units` is how many this feed added.
 */
export const tmImports = pgTable(
  'tm_imports',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    source_lang: varchar('source_lang', { length: 16 }).notNull(),
    target_lang: varchar('target_lang', { length: 16 }).notNull(),
    origin: varchar('origin', { length: 16 }).$type<MemoryOrigin>().notNull(),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    units: integer('units').notNull().default(0),
    imported_by: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('tm_imports_pair_idx').on(t.customer_id, t.source_lang, t.target_lang)],
);
