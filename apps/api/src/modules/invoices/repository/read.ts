import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceListQuery, InvoicePaymentStatus, Paginated, VerifactuState } from '@verba/contracts';
import type { Db } from '../../../db/client.ts';
import {
  countries,
  customers,
  invoiceLines,
  invoices,
  users,
  verifactuRecords,
} from '../../../db/schema/index.ts';
import { pageOffset, toPage } from '../../../lib/paging.ts';
import type { InvoiceLineRow, InvoiceRow } from './issue.ts';

const corrected = alias(invoices, 'corrected');
const corrective = alias(invoices, 'corrective');

export interface InvoiceListEntry {
  id: number;
  folio: string;
  customer: { id: number; name: string };
  issued_at: string;
  amount_without_taxes: string;
  amount: string;
  payment_status: string;
  rectifies_folio: string | null;
  rectified_by_folio: string | null;
  voided: boolean;
}

export interface InvoiceFilter {
  /** Only this customer's (a client admin's own, or a staff filter). */
  customerId?: number | undefined;
  status?: InvoicePaymentStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  verifactuState?: VerifactuState | undefined;
}

/** The state of the invoice's latest AEAT record. */
const latestRecordState = sql`(select r.state from ${verifactuRecords} r where r.invoice_id = "invoices"."id" order by r.id desc limit 1)`;

/** Whether the invoice was voided as issued in error (it has an AEAT RegistroAnulacion). */
const voidedColumn = sql<boolean>`exists (select 1 from ${verifactuRecords} r where r.invoice_id = "invoices"."id" and r.record_type = 'anulacion')`;

/** The day it was voided, as its RegistroAnulacion says (the first, if one was made again), or null. */
const voidedOnColumn = sql<
  string | null
>`(select left(min(r.generated_at), 10) from ${verifactuRecords} r where r.invoice_id = "invoices"."id" and r.record_type = 'anulacion')`;

function conditions(filter: InvoiceFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.customerId !== undefined) where.push(eq(invoices.customer_id, filter.customerId));
  if (filter.status) where.push(eq(invoices.payment_status, filter.status));
  // A voided invoice is owed no more and shows no payment state (ADR 0031): it is neither pending
  // nor paid, even when it was paid before it was voided.
  if (filter.status) where.push(sql`not ${voidedColumn}`);
  if (filter.from) where.push(gte(invoices.issued_at, filter.from));
  if (filter.to) where.push(lte(invoices.issued_at, filter.to));
  if (filter.verifactuState) where.push(sql`${latestRecordState} = ${filter.verifactuState}`);
  return where.length ? and(...where) : undefined;
}

const listColumns = {
  id: invoices.id,
  folio: invoices.folio,
  customer_id: invoices.customer_id,
  customer_name: customers.name,
  issued_at: invoices.issued_at,
  amount_without_taxes: invoices.amount_without_taxes,
  amount: invoices.amount,
  payment_status: invoices.payment_status,
  rectifies_folio: corrected.folio,
  rectified_by_folio: corrective.folio,
  voided: voidedColumn,
};

function listQuery(db: Db, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customer_id))
    .leftJoin(corrected, eq(corrected.id, invoices.rectifies_id))
    .leftJoin(corrective, eq(corrective.rectifies_id, invoices.id))
    .where(where);
}

type ListRow = Awaited<ReturnType<typeof listQuery>>[number];

const toEntry = (r: ListRow): InvoiceListEntry => ({
  id: r.id,
  folio: r.folio,
  customer: { id: r.customer_id, name: r.customer_name ?? '' },
  issued_at: r.issued_at,
  amount_without_taxes: r.amount_without_taxes,
  amount: r.amount,
  payment_status: r.payment_status,
  rectifies_folio: r.rectifies_folio,
  rectified_by_folio: r.rectified_by_folio,
  voided: Boolean(r.voided),
});

/** A page of invoices, newest first. */
export async function listInvoices(
  db: Db,
  filter: InvoiceFilter,
  q: Pick<InvoiceListQuery, 'page' | 'per_page'>,
): Promise<Paginated<InvoiceListEntry>> {
  const where = conditions(filter);
  const [total] = await db.select({ n: count() }).from(invoices).where(where);
  const rows = await listQuery(db, where)
    .orderBy(desc(invoices.issued_at), desc(invoices.id))
    .limit(q.per_page)
    .offset(pageOffset(q));
  return toPage(rows.map(toEntry), total?.n ?? 0, q);
}

/** The invoices issued between two days (inclusive), in folio order, for the accountant's CSV. */
const linesText = (column: typeof invoiceLines.po_number | typeof invoiceLines.client_reference) =>
  sql<string>`coalesce((select string_agg(v, '; ' order by p) from (select ${column} as v, min(${invoiceLines.position}) as p from ${invoiceLines} where ${invoiceLines.invoice_id} = ${invoices.id} and ${column} is not null group by ${column}) l), '')`;

export async function exportRows(db: Db, filter: InvoiceFilter) {
  return db
    .select({
      ...listColumns,
      tin: invoices.tin,
      enterprise: invoices.enterprise,
      tax_option: invoices.tax_option,
      tax_percentage: invoices.tax_percentage,
      tax_amount: invoices.tax_amount,
      paid_at: invoices.paid_at,
      payment_method: invoices.payment_method,
      country_code: countries.code,
      voided_at: voidedOnColumn,
      // The distinct PO numbers and references of the invoice's lines, in line order.
      po_numbers: linesText(invoiceLines.po_number),
      client_references: linesText(invoiceLines.client_reference),
    })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customer_id))
    .leftJoin(corrected, eq(corrected.id, invoices.rectifies_id))
    .leftJoin(corrective, eq(corrective.rectifies_id, invoices.id))
    .leftJoin(countries, eq(countries.id, invoices.country_id))
    .where(conditions(filter))
    .orderBy(asc(invoices.issued_at), asc(invoices.series), asc(invoices.number));
}

export async function findInvoice(db: Db, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function invoiceParts(db: Db, invoice: InvoiceRow) {
  const lines: InvoiceLineRow[] = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoice_id, invoice.id))
    .orderBy(asc(invoiceLines.position));
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, payment_scheme: customers.payment_scheme })
    .from(customers)
    .where(eq(customers.id, invoice.customer_id));
  const [country] = await db.select().from(countries).where(eq(countries.id, invoice.country_id));
  const [rectifies] = invoice.rectifies_id
    ? await db
        .select({ id: invoices.id, folio: invoices.folio })
        .from(invoices)
        .where(eq(invoices.id, invoice.rectifies_id))
    : [];
  const [rectifiedBy] = await db
    .select({ id: invoices.id, folio: invoices.folio })
    .from(invoices)
    .where(eq(invoices.rectifies_id, invoice.id));
  return {
    lines,
    customer: customer!,
    country: country!,
    rectifies: rectifies ?? null,
    rectifiedBy: rectifiedBy ?? null,
  };
}

export async function findCountryRow(db: Db, id: number) {
  const [row] = await db.select().from(countries).where(eq(countries.id, id));
  return row;
}

/** The IVA rate of the tax table (DESIGN §7: EPE, 21 %); the same table the quotes use. */
export async function ivaPercentage(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ p: countries.tax_percentage })
    .from(countries)
    .where(eq(countries.tax_name, 'IVA'))
    .orderBy(desc(countries.tax_percentage))
    .limit(1);
  return row?.p ?? null;
}

/** The customer's active client admins: who receives its invoices, and whose language they speak. */
export function clientAdmins(db: Db, customerId: number) {
  return db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(eq(users.customer_id, customerId), eq(users.type, 'CLIENT_ADMIN'), eq(users.is_active, true)))
    .orderBy(asc(users.id));
}

export async function userPhone(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.email, email));
  return row?.phone ?? null;
}
