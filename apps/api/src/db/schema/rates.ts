import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, money, percent, wordPrice } from './columns.ts';
import { languages, translationTypes } from './reference.ts';
import { customers, users } from './organisation.ts';

/** General rates have `default_group` true and no customer; custom rates belong to one customer. */
export const rates = pgTable(
  'rates',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    default_group: boolean('default_group').notNull().default(false),
    source_lang: integer('source_lang')
      .notNull()
      .references(() => languages.id),
    target_lang: integer('target_lang')
      .notNull()
      .references(() => languages.id),
    r1: wordPrice('r1').notNull(),
    r2: money('r2').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rates_customer_pair_unique')
      .on(t.customer_id, t.source_lang, t.target_lang)
      .where(sql`${t.customer_id} is not null`),
    uniqueIndex('rates_general_pair_unique')
      .on(t.source_lang, t.target_lang)
      .where(sql`${t.default_group}`),
  ],
);

/** General rates a customer may use (spec: enable/disable on the customer edit page). */
export const customerEnabledRates = pgTable(
  'customer_enabled_rates',
  {
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    rate_id: integer('rate_id')
      .notNull()
      .references(() => rates.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.customer_id, t.rate_id] })],
);

export const minimumRates = pgTable(
  'minimum_rates',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    translation_type_id: integer('translation_type_id')
      .notNull()
      .references(() => translationTypes.id),
    hour: money('hour').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
  },
  (t) => [uniqueIndex('minimum_rates_customer_type_unique').on(t.customer_id, t.translation_type_id)],
);

/** Payable % per match band. The row without customer is the global default. */
export const payableGrids = pgTable(
  'payable_grids',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    repetitions: percent('repetitions').notNull(),
    percent101: percent('percent101').notNull(),
    percent100: percent('percent100').notNull(),
    percent95: percent('percent95').notNull(),
    percent85: percent('percent85').notNull(),
    percent75: percent('percent75').notNull(),
    percent50: percent('percent50').notNull(),
    no_match: percent('no_match').notNull(),
  },
  (t) => [
    uniqueIndex('payable_grids_customer_unique').on(t.customer_id),
    index('payable_grids_customer_idx').on(t.customer_id),
  ],
);
