import { createHash } from 'node:crypto';
import { roundMoney } from '@verba/contracts/pricing';

/** What an invoice's hash covers: everything the invoice says, and the hash before it. */
export interface CanonicalInvoice {
  folio: string;
  series: string;
  number: number;
  issued_at: string;
  customer_id: number;
  rectifies_folio: string | null;
  reason: string | null;
  enterprise: string;
  tin: string | null;
  address: string | null;
  address_2: string | null;
  town: string | null;
  province: string | null;
  postal_code: string | null;
  country_code: string;
  phone: string | null;
  email: string | null;
  tax_option: string;
  tax_percentage: string;
  amount_without_taxes: string;
  tax_amount: string;
  amount: string;
  lines: Array<{
    task_code: string;
    description: string;
    languages: string;
    words: number;
    amount: string;
    po_number?: string | null;
    client_reference?: string | null;
  }>;
  previous_hash: string | null;
}

/**
 * The canonical text of an invoice: JSON with the keys in one fixed order and every amount with
 * two decimals, so the same invoice always gives the same bytes (whatever the driver returns).
 */
export function canonicalText(c: CanonicalInvoice): string {
  const money = (value: string) => roundMoney(value);
  return JSON.stringify([
    'verba-invoice-v1',
    c.folio,
    c.series,
    c.number,
    c.issued_at,
    c.customer_id,
    c.rectifies_folio,
    c.reason,
    c.enterprise,
    c.tin,
    c.address,
    c.address_2,
    c.town,
    c.province,
    c.postal_code,
    c.country_code,
    c.phone,
    c.email,
    c.tax_option,
    money(c.tax_percentage),
    money(c.amount_without_taxes),
    money(c.tax_amount),
    money(c.amount),
    // A line's PO number and reference are covered only when it has them: the invoices issued
    // before lines carried them keep the hash they were chained with.
    c.lines.map((l) => [
      l.task_code,
      l.description,
      l.languages,
      l.words,
      money(l.amount),
      ...(l.po_number || l.client_reference ? [l.po_number ?? null, l.client_reference ?? null] : []),
    ]),
    c.previous_hash,
  ]);
}

/** SHA-256 (hex) of the canonical text. */
export const invoiceHash = (c: CanonicalInvoice): string =>
  createHash('sha256').update(canonicalText(c), 'utf8').digest('hex');
