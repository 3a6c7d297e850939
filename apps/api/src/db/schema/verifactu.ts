import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { invoices } from './invoices.ts';

export type VerifactuRecordType = 'alta' | 'anulacion';
export type VerifactuState = 'pending' | 'sent' | 'accepted' | 'accepted_with_errors' | 'rejected';

/** What the AEAT answered about one record (or the batch it went in). */
export interface AeatAnswer {
  status: string;
  code: string | null;
  text: string | null;
  csv: string | null;
  at: string;
}

/**
 * The AEAT's invoice registration records (ADR 0031), beside Verba's own chain (ADR 0017). A
 * record's content (`xml`, `huella`) never changes once written; only its submission state and
 * the AEAT's answer do. Each chains to the issuer's record before it by `previous_huella`.
 */
export const verifactuRecords = pgTable(
  'verifactu_records',
  {
    id: serial('id').primaryKey(),
    issuer_nif: varchar('issuer_nif', { length: 9 }).notNull(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    record_type: varchar('record_type', { length: 16 }).$type<VerifactuRecordType>().notNull(),
    /** F1, R1…R5; empty for an annulment. */
    tipo_factura: varchar('tipo_factura', { length: 2 }),
    num_serie: varchar('num_serie', { length: 60 }).notNull(),
    /** dd-mm-yyyy, as in the XML. */
    fecha_expedicion: varchar('fecha_expedicion', { length: 10 }).notNull(),
    previous_huella: varchar('previous_huella', { length: 64 }),
    huella: varchar('huella', { length: 64 }).notNull(),
    /** FechaHoraHusoGenRegistro, exactly as hashed. */
    generated_at: varchar('generated_at', { length: 32 }).notNull(),
    /** The record's element (RegistroAlta or RegistroAnulacion) as it is submitted. */
    xml: text('xml').notNull(),
    state: varchar('state', { length: 24 }).$type<VerifactuState>().notNull().default('pending'),
    aeat_response: jsonb('aeat_response').$type<AeatAnswer>(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('verifactu_records_invoice_idx').on(t.invoice_id, t.id),
    index('verifactu_records_state_idx').on(t.state, t.id),
    // One successor per record: the chain cannot fork.
    uniqueIndex('verifactu_records_previous_unique').on(t.issuer_nif, t.previous_huella),
  ],
);

/**
 * The head of each issuer's AEAT chain, locked FOR UPDATE while a record is made (after Verba's
 * own chain head, always in that order), and when the AEAT may next be sent a batch.
 */
export const verifactuChain = pgTable('verifactu_chain', {
  issuer_nif: varchar('issuer_nif', { length: 9 }).primaryKey(),
  last_record_id: integer('last_record_id'),
  last_huella: varchar('last_huella', { length: 64 }),
  last_num_serie: varchar('last_num_serie', { length: 60 }),
  last_fecha: varchar('last_fecha', { length: 10 }),
  next_send_at: timestamp('next_send_at', { withTimezone: true }),
});
