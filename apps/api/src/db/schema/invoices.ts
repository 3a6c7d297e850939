import {
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { InvoicePaymentStatus, InvoiceTaxOption, Locale } from '@verba/contracts';
import { createdAt, money, percent } from './columns.ts';
import { countries } from './reference.ts';
import { customers, users } from './organisation.ts';

/**
 * Issued invoices. A row never changes once issued, except its payment status; a
 * correction is a corrective invoice (`R` series) that references the original. `hash` is the
 * SHA-256 of the invoice's canonical content, which includes `previous_hash`: the hash of the
 * invoice issued just before, in any series (a tamper-evident chain, ready for VeriFactu).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** `2026-000123`, or `R2026-000004` for a corrective invoice. */
    folio: varchar('folio', { length: 50 }).notNull().unique(),
    series: varchar('series', { length: 16 }).notNull(),
    number: integer('number').notNull(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The invoice a corrective invoice corrects. */
    rectifies_id: integer('rectifies_id').references((): AnyPgColumn => invoices.id),
    reason: varchar('reason', { length: 255 }),
    amount: money('amount').notNull(),
    amount_without_taxes: money('amount_without_taxes').notNull(),
    tax_amount: money('tax_amount').notNull().default('0'),
    tax_option: varchar('tax_option', { length: 16 }).$type<InvoiceTaxOption>().notNull(),
    tax_percentage: percent('tax_percentage').notNull().default('0'),
    /** The date of issue (a calendar day). */
    issued_at: date('issued_at', { mode: 'string' }).notNull(),
    /** Unused: the PDF is drawn from the row on demand. */
    file_path: text('file_path'),
    payment_status: varchar('payment_status', { length: 16 })
      .$type<InvoicePaymentStatus>()
      .notNull()
      .default('pending'),
    paid_at: date('paid_at', { mode: 'string' }),
    payment_method: varchar('payment_method', { length: 100 }),
    enterprise: varchar('enterprise', { length: 255 }).notNull(),
    tin: varchar('tin', { length: 255 }),
    address: varchar('address', { length: 255 }),
    address_2: varchar('address_2', { length: 255 }),
    town: varchar('town', { length: 255 }),
    province: varchar('province', { length: 255 }),
    postal_code: varchar('postal_code', { length: 32 }),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    phone: varchar('phone', { length: 50 }),
    email: varchar('email', { length: 255 }),
    /** The language of the PDF and the mails (the customer's). */
    language: varchar('language', { length: 2 }).$type<Locale>().notNull().default('en'),
    hash: varchar('hash', { length: 64 }).notNull().unique(),
    previous_hash: varchar('previous_hash', { length: 64 }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_series_number_unique').on(t.series, t.number),
    index('invoices_customer_idx').on(t.customer_id, t.issued_at),
    index('invoices_issued_idx').on(t.issued_at, t.id),
    uniqueIndex('invoices_rectifies_unique').on(t.rectifies_id),
  ],
);

/**
 * One line per task, as invoiced: a copy of what the invoice says (the task may change or be
 * deleted later; the invoice does not). `task_id` is a plain reference for that reason.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    task_id: integer('task_id'),
    task_code: varchar('task_code', { length: 32 }).notNull(),
    description: varchar('description', { length: 255 }).notNull(),
    languages: varchar('languages', { length: 255 }).notNull(),
    words: integer('words').notNull(),
    amount: money('amount').notNull(),
    /** The client's purchase order number and reference of the task, as invoiced. */
    po_number: varchar('po_number', { length: 50 }),
    client_reference: varchar('client_reference', { length: 100 }),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoice_id, t.position),
    index('invoice_lines_task_idx').on(t.task_id),
  ],
);

/** The last number given in each series ("2026", "R2026"); incremented inside the issuing transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  series: varchar('series', { length: 16 }).primaryKey(),
  last_number: integer('last_number').notNull(),
});

/**
 * The head of the hash chain: one row (id 1), locked FOR UPDATE by every issuing transaction, so
 * invoices are issued one at a time and each chains to the one before.
 */
export const invoiceChain = pgTable('invoice_chain', {
  id: integer('id').primaryKey(),
  last_hash: varchar('last_hash', { length: 64 }),
  last_invoice_id: integer('last_invoice_id'),
});
