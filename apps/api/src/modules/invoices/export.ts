import { toCsv, type InvoiceExportQuery } from '@verba/contracts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import { listScope } from './policy.ts';
import * as repo from './repository.ts';

const HEADER = [
  'folio',
  'date_of_issue',
  'customer',
  'enterprise',
  'tin',
  'country',
  'amount_without_taxes',
  'tax_option',
  'tax_percentage',
  'tax',
  'amount',
  'payment_status',
  'paid_at',
  'payment_method',
  'rectifies',
  'rectified_by',
  'voided_at',
  'po_numbers',
  'client_references',
];

/**
 * GET /invoices/export: the invoices issued between `from` and `to` (inclusive), one CSV row
 * each, in date and folio order; amounts with a dot and two decimals (the accountant's import). A
 * voided invoice keeps its row (its folio stays in the series) with the day it was voided: it is
 * owed no more, whatever its payment status says.
 */
export async function invoicesCsv(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  q: InvoiceExportQuery,
): Promise<Outcome<{ filename: string; content: string }>> {
  const scope = listScope(actor.user);
  const rows =
    scope === null ? [] : await repo.exportRows(deps.db, { customerId: scope, from: q.from, to: q.to });
  const lines = rows.map((r) => [
    r.folio,
    r.issued_at,
    r.customer_name,
    r.enterprise,
    r.tin,
    r.country_code,
    r.amount_without_taxes,
    r.tax_option,
    r.tax_percentage,
    r.tax_amount,
    r.amount,
    r.payment_status,
    r.paid_at,
    r.payment_method,
    r.rectifies_folio,
    r.rectified_by_folio,
    r.voided_at,
    r.po_numbers,
    r.client_references,
  ]);
  const content = toCsv([HEADER, ...lines]);
  const span = `${q.from ?? 'start'}_${q.to ?? 'today'}`;
  return outcome(
    { filename: `invoices_${span}.csv`, content },
    {
      action: 'invoices.export',
      key: 'invoices.exported',
      params: { count: rows.length, from: q.from ?? '-', to: q.to ?? '-' },
    },
  );
}
