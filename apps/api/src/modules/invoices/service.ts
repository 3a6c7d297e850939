/**
 * The invoices module's services: the list, an invoice, its PDF and mail, payment,
 * the form's draft, the accountant's export; issuing and correcting are in issue.ts.
 */
import {
  INVOICEABLE_STATES,
  isLocale,
  type InvoiceDetailSource as InvoiceDetail,
  type InvoiceDraftSource as InvoiceDraft,
  type InvoiceListQuery,
  type Locale,
} from '@verba/contracts';
import { roundMoney } from '@verba/contracts/pricing';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import { translator } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-templates.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import { invoiceHash } from './canonical.ts';
import { customerLanguage, today } from './issue.ts';
import { abilitiesFor, assertCan, listScope } from './policy.ts';
import type { InvoiceData } from './pdf/invoice-data.ts';
import { renderInvoicePdf } from './pdf/render.ts';
import { invoiceableTasks } from '../tasks/service.ts';
import * as repo from './repository.ts';
import { qrUrl } from './verifactu/qr.ts';
import { firstAltaOf, latestRecordOf } from './verifactu/repository.ts';

export { issueInvoice, rectifyInvoice } from './issue.ts';
export { retryRecord, voidInvoice } from './void.ts';
export { invoicesCsv } from './export.ts';

type ReadDeps = Pick<Deps, 'db'>;

/** GET /invoices: newest first; a client admin sees its own customer's only. */
export async function listInvoices(deps: ReadDeps, actor: Actor, q: InvoiceListQuery) {
  const scope = listScope(actor.user);
  if (scope === null) return { current_page: q.page, per_page: q.per_page, total: 0, last_page: 1, data: [] };
  const page = await repo.listInvoices(
    deps.db,
    {
      customerId: scope ?? q.customer_id,
      status: q.status,
      from: q.from,
      to: q.to,
      verifactuState: q.verifactu_state,
    },
    q,
  );
  return { ...page, data: page.data.map((row) => ({ ...row, payment_status: status(row.payment_status) })) };
}

const status = (value: string) => (value === 'paid' ? 'paid' : 'pending') as 'paid' | 'pending';
const localized = (row: Record<string, unknown>, field: string, locale: Locale) =>
  String(row[`${field}_${locale}`] ?? '');

/** The invoice the actor may read (404 for another customer's). */
async function readableInvoice(deps: ReadDeps, actor: Actor, id: number) {
  const invoice = await repo.findInvoice(deps.db, id);
  if (!invoice) throw notFound();
  assertCan(actor.user, 'view', invoice);
  return invoice;
}

/** GET /invoices/{id}. */
export async function invoiceDetail(deps: ReadDeps, actor: Actor, id: number): Promise<InvoiceDetail> {
  const invoice = await readableInvoice(deps, actor, id);
  const p = await repo.invoiceParts(deps.db, invoice);
  const record = (await latestRecordOf(deps.db, invoice.id)) ?? null;
  return {
    ...invoice,
    customer: { id: p.customer.id, name: p.customer.name },
    payment_status: status(invoice.payment_status),
    tax_option: invoice.tax_option === 'IVA' ? 'IVA' : 'NONE',
    language: isLocale(invoice.language) ? invoice.language : 'en',
    country: { id: p.country.id, code: p.country.code, name: localized(p.country, 'name', actor.locale) },
    rectifies: p.rectifies,
    rectified_by: p.rectifiedBy,
    rectifies_folio: p.rectifies?.folio ?? null,
    rectified_by_folio: p.rectifiedBy?.folio ?? null,
    lines: p.lines,
    voided: record?.record_type === 'anulacion',
    abilities: abilitiesFor(actor.user, invoice, p.rectifiedBy !== null, record),
    verifactu: verifactuOf(record),
  };
}

function verifactuOf(record: Awaited<ReturnType<typeof latestRecordOf>> | null) {
  if (!record) return null;
  return {
    record_type: record.record_type,
    tipo_factura: record.tipo_factura,
    huella: record.huella,
    previous_huella: record.previous_huella,
    generated_at: record.generated_at,
    state: record.state,
    aeat_response: record.aeat_response ?? null,
  };
}

/** GET /invoices/draft: the customer's invoiceable tasks with their costs, and its invoice information. */
export async function invoiceDraft(deps: ReadDeps, customerId: number): Promise<InvoiceDraft> {
  const customer = await repo.customerForInvoice(deps.db, customerId);
  if (!customer) throw notFound();
  const country = await repo.findCountryRow(deps.db, customer.country_id);
  const [admin] = await repo.clientAdmins(deps.db, customer.id);
  const phone = admin ? await repo.userPhone(deps.db, admin.email) : null;
  const tasks = await invoiceableTasks(deps, customer.id, INVOICEABLE_STATES);
  return {
    customer: { id: customer.id, name: customer.name },
    tasks,
    information: {
      enterprise: customer.name,
      tin: customer.tin,
      address: customer.address,
      address_2: customer.address_2,
      town: customer.town,
      province: customer.province,
      postal_code: customer.postal_code,
      country_id: customer.country_id,
      phone,
      email: admin?.email ?? null,
    },
    default_tax: country?.tax_name ? 'IVA' : 'NONE',
    iva_percentage: (await repo.ivaPercentage(deps.db)) ?? '21.00',
  };
}

/** PUT /invoices/{id}/paid: a pending invoice is paid (its tasks' tag turns paid). */
export async function markPaid(
  deps: ReadDeps,
  actor: Actor,
  id: number,
  input: { paid_at: string; method: string },
): Promise<Outcome<InvoiceDetail>> {
  const invoice = await readableInvoice(deps, actor, id);
  assertCan(actor.user, 'issue', invoice);
  if (input.paid_at > today()) throw invalid({ paid_at: ['invoices.date_in_future'] });
  if (invoice.payment_status === 'paid') throw new AppError(422, 'invoices.already_paid');
  if ((await latestRecordOf(deps.db, id))?.record_type === 'anulacion')
    throw new AppError(422, 'invoices.already_voided');
  if (!(await repo.setPaid(deps.db, id, input.paid_at, input.method)))
    throw new AppError(422, 'invoices.already_paid');
  return outcome(await invoiceDetail(deps, actor, id), {
    action: 'invoices.paid',
    key: 'invoices.paid',
    params: { folio: invoice.folio, date: input.paid_at, method: input.method },
    customerId: invoice.customer_id,
  });
}

/** What the PDF of an invoice shows, in `locale`. */
async function invoiceData(
  deps: Pick<Deps, 'db' | 'config'>,
  invoice: repo.InvoiceRow,
  locale: Locale,
): Promise<InvoiceData> {
  const p = await repo.invoiceParts(deps.db, invoice);
  return {
    locale,
    brand: deps.config.brand,
    folio: invoice.folio,
    corrective: invoice.rectifies_id !== null,
    issuedAt: invoice.issued_at,
    rectifies: p.rectifies?.folio ?? null,
    reason: invoice.reason,
    customer: {
      enterprise: invoice.enterprise,
      tin: invoice.tin,
      addressLines: [
        invoice.address,
        invoice.address_2,
        [invoice.postal_code, invoice.town].filter(Boolean).join(' '),
        invoice.province && invoice.province !== invoice.town ? invoice.province : null,
      ].filter((line): line is string => Boolean(line)),
      country: localized(p.country, 'name', locale),
      phone: invoice.phone,
      email: invoice.email,
    },
    lines: p.lines.map((l) => ({ ...l, code: l.task_code })),
    taxOption: invoice.tax_option === 'IVA' ? 'IVA' : 'NONE',
    taxPercentage: invoice.tax_percentage,
    base: invoice.amount_without_taxes,
    tax: invoice.tax_amount,
    total: invoice.amount,
    payment: {
      status: status(invoice.payment_status),
      paidAt: invoice.paid_at,
      method: invoice.payment_method,
    },
    hash: invoice.hash,
    verifactu: await verifactuQr(deps, invoice),
  };
}

/** The QR of an invoice that has an AEAT registration record (and a configured validation host). */
async function verifactuQr(deps: Pick<Deps, 'db' | 'config'>, invoice: repo.InvoiceRow) {
  const record = await firstAltaOf(deps.db, invoice.id);
  const base = deps.config.verifactu.qrBaseUrl;
  if (!record || !base) return null;
  return {
    qrUrl: qrUrl(base, {
      nif: record.issuer_nif,
      numserie: record.num_serie,
      fecha: record.fecha_expedicion,
      importe: roundMoney(invoice.amount),
    }),
  };
}

export interface InvoicePdf {
  filename: string;
  content: Buffer;
}

async function buildPdf(deps: Pick<Deps, 'db' | 'config'>, invoice: repo.InvoiceRow, locale: Locale) {
  const content = await renderInvoicePdf(await invoiceData(deps, invoice, locale), translator(locale));
  return { filename: `invoice-${invoice.folio}.pdf`, content };
}

/** GET /invoices/{id}/pdf: in `lang`, else the invoice's (the customer's) language. */
export async function invoicePdf(
  deps: Pick<Deps, 'db' | 'config'>,
  actor: Actor,
  id: number,
  lang: Locale | undefined,
): Promise<Outcome<InvoicePdf>> {
  const invoice = await readableInvoice(deps, actor, id);
  const locale = lang ?? (isLocale(invoice.language) ? invoice.language : 'en');
  return outcome(await buildPdf(deps, invoice, locale), {
    action: 'invoices.pdf',
    key: 'invoices.downloaded',
    params: { folio: invoice.folio, locale },
    customerId: invoice.customer_id,
  });
}

/** POST /invoices/{id}/send: mails the PDF to the customer's active client admins, each in their language. */
export async function sendInvoice(
  deps: Pick<Deps, 'db' | 'config' | 'mailer'>,
  actor: Actor,
  id: number,
): Promise<Outcome<{ sent: true; to: string[] }>> {
  const invoice = await readableInvoice(deps, actor, id);
  assertCan(actor.user, 'issue', invoice);
  const recipients = await repo.clientAdmins(deps.db, invoice.customer_id);
  if (!recipients.length) throw new AppError(422, 'invoices.no_recipient');
  const brand = deps.config.brand.name;
  for (const recipient of recipients) {
    const locale: Locale = isLocale(recipient.language)
      ? recipient.language
      : await customerLanguage(deps, invoice.customer_id);
    const t = translator(locale);
    const pdf = await buildPdf(deps, invoice, locale);
    const body = composeMail(t, brand, recipient.name, [
      t('invoices.mail.intro', { folio: invoice.folio }),
      t(invoice.payment_status === 'paid' ? 'invoices.mail.paid' : 'invoices.mail.pending'),
      t('invoices.mail.action', { link: `${deps.config.publicUrl}/invoices/${invoice.id}` }),
    ]);
    await deps.mailer.send({
      to: recipient.email,
      subject: t('invoices.mail.subject', { folio: invoice.folio, brand }),
      ...body,
      attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
    });
  }
  const to = recipients.map((r) => r.email);
  return outcome(
    { sent: true as const, to },
    {
      action: 'invoices.send',
      key: 'invoices.sent',
      params: { folio: invoice.folio, email: to.join(', ') },
      customerId: invoice.customer_id,
    },
  );
}

/**
 * Recomputes every invoice's hash from its stored content and the one before: the id of the
 * first invoice that does not match, or null when the chain is whole.
 */
export async function brokenLink(deps: ReadDeps): Promise<number | null> {
  let previous: string | null = null;
  for (const { row, lines } of await repo.chainInOrder(deps.db)) {
    const country = await repo.findCountryRow(deps.db, row.country_id);
    const rectifies = row.rectifies_id ? await repo.findInvoice(deps.db, row.rectifies_id) : undefined;
    const hash = invoiceHash({
      ...row,
      rectifies_folio: rectifies?.folio ?? null,
      country_code: country?.code ?? '',
      lines,
      previous_hash: previous,
    });
    if (row.previous_hash !== previous || row.hash !== hash) return row.id;
    previous = row.hash;
  }
  return null;
}
