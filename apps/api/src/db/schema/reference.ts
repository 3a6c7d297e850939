import { boolean, integer, pgTable, serial, text, varchar, date, primaryKey } from 'drizzle-orm/pg-core';
import { percent } from './columns.ts';

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 8 }).notNull().unique(),
  name_en: text('name_en').notNull(),
  name_es: text('name_es').notNull(),
  name_ca: text('name_ca').notNull(),
  /** e.g. "IVA"; null when the country pays no taxes (DESIGN §7). */
  tax_name: varchar('tax_name', { length: 50 }),
  tax_percentage: percent('tax_percentage').notNull().default('0'),
});

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  iso_code: varchar('iso_code', { length: 16 }).notNull().unique(),
  name_en: text('name_en').notNull(),
  name_es: text('name_es').notNull(),
  name_ca: text('name_ca').notNull(),
  is_source: boolean('is_source').notNull().default(false),
  is_active: boolean('is_active').notNull().default(true),
});

/** Ids are fixed: 1 human, 2 premium, 3 value, 4 flash. */
export const translationTypes = pgTable('translation_types', {
  id: integer('id').primaryKey(),
  percent: percent('percent').notNull(),
  name_en: text('name_en').notNull(),
  name_es: text('name_es').notNull(),
  name_ca: text('name_ca').notNull(),
  description_en: text('description_en').notNull(),
  description_es: text('description_es').notNull(),
  description_ca: text('description_ca').notNull(),
  description_2_en: text('description_2_en').notNull().default(''),
  description_2_es: text('description_2_es').notNull().default(''),
  description_2_ca: text('description_2_ca').notNull().default(''),
});

export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
});

/** Days that do not count as business days for due dates. */
export const holidays = pgTable(
  'holidays',
  {
    date: date('date', { mode: 'string' }).notNull(),
    region: varchar('region', { length: 16 }).notNull(),
    name_en: text('name_en').notNull(),
    name_es: text('name_es').notNull(),
    name_ca: text('name_ca').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.region] })],
);
