import { INVOICEABLE_STATES, invoiceTag, isLocale, type Locale } from '@verba/contracts';
import { publishEvent } from '../events/service.ts';
import { compareMoney, invoiceTotals, madridDateOf } from '@verba/contracts/pricing';
import { AppError, invalid, notFound, type FieldMessages } from '../../lib/app-error.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import { invoiceHash } from './canonical.ts';
import { attachTasksToInvoice, lockTasksToInvoice, releaseInvoicedTasks } from '../tasks/service.ts';
import * as repo from './repository.ts';
import { RecordRefused, type AltaInput } from './verifactu/record.ts';
import { recordAlta } from './verifactu/records.ts';
import { latestRecordOf } from './verifactu/repository.ts';
import { queueSubmission } from './verifactu/submit.ts';
import type { Db } from '../../db/client.ts';

/** Without `config` (the demo seed) or with VERIFACTU_MODE off, no AEAT record is made. */
type IssueDeps = Pick<Deps, 'db'> & Partial<Pick<Deps, 'config' | 'jobs'>>;

/** The invoice's AEAT registration record, in the issuing transaction, when the mode is on. */
async function registerWithAeat(deps: IssueDeps, tx: repo.Tx, invoiceId: number, input: AltaInput) {
  const config = deps.config?.verifactu;
  if (config?.mode !== 'verifactu') return;
  try {
    await recordAlta(tx, config, invoiceId, input);
    if (deps.jobs) await queueSubmission({ config: deps.config!, jobs: deps.jobs }, tx as Db);
  } catch (err) {
    if (err instanceof RecordRefused) throw invalid({ [err.field]: [err.key] });
    throw err;
  }
}

export const altaOf = (
  content: Omit<AltaInput, 'task_codes' | 'rectifies'> & { lines: Array<{ task_code: string }> },
  rectifies: AltaInput['rectifies'],
): AltaInput => ({ ...content, task_codes: content.lines.map((l) => l.task_code), rectifies });

/** POST /invoices after validation (amounts as 2-decimal strings, days as YYYY-MM-DD). */
export interface IssueInput {
  customer_id: number;
  task_ids: number[];
  tax: 'IVA' | 'NONE';
  amount: string;
  issued_at: string;
  enterprise: string;
  tin: string | null;
  address: string | null;
  address_2: string | null;
  town: string | null;
  province: string | null;
  postal_code: string | null;
  country_id: number;
  phone: string | null;
  email: string | null;
}

export const today = (now = new Date()) => madridDateOf(now);
const dayAsDate = (day: string) => new Date(`${day}T12:00:00Z`);
export const folioOf = (series: string, n: number) => `${series}-${String(n).padStart(6, '0')}`;

/** The tax rate of an option: IVA at the rate of the tax table (the quotes' one), or none. */
export async function taxPercentageOf(deps: IssueDeps, tax: 'IVA' | 'NONE'): Promise<string> {
  return tax === 'IVA' ? ((await repo.ivaPercentage(deps.db)) ?? '21.00') : '0.00';
}

/** The language of a customer's documents: its first active client admin's, else English. */
export async function customerLanguage(deps: IssueDeps, customerId: number): Promise<Locale> {
  const [first] = await repo.clientAdmins(deps.db, customerId);
  return first && isLocale(first.language) ? first.language : 'en';
}

function refuseFutureDay(day: string, field: string) {
  if (day > today()) throw invalid({ [field]: ['invoices.date_in_future'] });
}

/** Dates of issue never go back within a series, so folio order is date order. */
async function checkDateOrder(tx: repo.Tx, actor: Actor, series: string, day: string, field: string) {
  const last = await repo.lastIssueDate(tx, series);
  if (last && day < last)
    throw invalid({
      [field]: [
        { key: 'invoices.date_before_last', values: { date: formatDate(dayAsDate(last), actor.locale) } },
      ],
    });
}

type LockedTask = Awaited<ReturnType<typeof lockTasksToInvoice>>[number];

/** Field errors of the chosen tasks: unknown, another customer's, in the wrong state, invoiced. */
function taskErrors(ids: number[], rows: LockedTask[], customerId: number): FieldMessages {
  const messages: FieldMessages[string] = [];
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row || row.customer_id !== customerId)
      messages.push({ key: 'invoices.task_other_customer', values: { code: row?.code ?? `#${id}` } });
    else if (row.invoice_id !== null)
      messages.push({ key: 'invoices.task_invoiced', values: { code: row.code } });
    else if (!(INVOICEABLE_STATES as readonly string[]).includes(row.state))
      messages.push({ key: 'invoices.task_wrong_state', values: { code: row.code } });
  }
  return messages.length ? { task_ids: messages } : {};
}

/**
 * Issues an invoice for tasks of one customer. In one transaction: the hash chain's head is
 * locked (so issues queue up), the tasks are locked and checked, the amount is recomputed and
 * compared with the one the form showed, the next folio of the year is taken, and the invoice,
 * its lines, its tasks' link and the new chain head are written. A refusal rolls everything back,
 * the folio too: the series has no gaps.
 */
export async function issueInvoice(
  deps: IssueDeps,
  actor: Actor,
  input: IssueInput,
): Promise<Outcome<{ id: number; folio: string }>> {
  const customer = await repo.customerForInvoice(deps.db, input.customer_id);
  if (!customer) throw invalid({ customer_id: ['validation.invoices.customer_required'] });
  const country = await repo.findCountryRow(deps.db, input.country_id);
  if (!country) throw invalid({ country_id: ['validation.invalid_option'] });
  refuseFutureDay(input.issued_at, 'issued_at');
  const taxPercentage = await taxPercentageOf(deps, input.tax);
  const language = await customerLanguage(deps, customer.id);

  const issued = await deps.db.transaction(async (tx) => {
    const head = await repo.lockChain(tx);
    const rows = await lockTasksToInvoice(tx, input.task_ids);
    const errors = taskErrors(input.task_ids, rows, customer.id);
    if (Object.keys(errors).length) throw invalid(errors);
    const totals = invoiceTotals(
      rows.map((r) => r.amount),
      taxPercentage,
    );
    if (compareMoney(totals.total, input.amount) !== 0)
      throw invalid({
        amount: [
          { key: 'invoices.amount_mismatch', values: { expected: formatMoney(totals.total, actor.locale) } },
        ],
      });
    const series = input.issued_at.slice(0, 4);
    await checkDateOrder(tx, actor, series, input.issued_at, 'issued_at');
    const number = await repo.nextNumber(tx, series);
    const folio = folioOf(series, number);
    const paid = rows.every((r) => invoiceTag(r.state, customer.payment_scheme) === 'paid');
    const lines = rows.map((r) => ({
      task_id: r.id,
      task_code: r.code,
      description: r.description,
      languages: r.languages,
      words: r.words,
      amount: r.amount,
      po_number: r.po_number,
      client_reference: r.client_reference,
    }));
    const content = {
      folio,
      series,
      number,
      issued_at: input.issued_at,
      customer_id: customer.id,
      rectifies_folio: null,
      reason: null,
      enterprise: input.enterprise,
      tin: input.tin,
      address: input.address,
      address_2: input.address_2,
      town: input.town,
      province: input.province,
      postal_code: input.postal_code,
      country_code: country.code,
      phone: input.phone,
      email: input.email,
      tax_option: input.tax,
      tax_percentage: taxPercentage,
      amount_without_taxes: totals.base,
      tax_amount: totals.tax,
      amount: totals.total,
      lines,
      previous_hash: head.last_hash,
    };
    const hash = invoiceHash(content);
    const row = await repo.insertInvoice(
      tx,
      {
        ...content,
        country_id: country.id,
        payment_status: paid ? 'paid' : 'pending',
        paid_at: paid ? input.issued_at : null,
        payment_method: paid ? 'card' : null,
        language,
        hash,
        created_by: actor.user.id,
      },
      lines,
    );
    if (!(await attachTasksToInvoice(tx, row.id, input.task_ids)))
      throw new AppError(409, 'invoices.conflict');
    await repo.advanceChain(tx, row.id, hash);
    await publishEvent(tx, {
      type: 'invoice.issued',
      task_id: null,
      invoice_id: row.id,
      customer_id: customer.id,
      actor_user_id: actor.user.id,
      data: { folio, amount: totals.total, task_ids: input.task_ids },
    });
    await registerWithAeat(deps, tx, row.id, altaOf(content, null));
    return row;
  });
  return outcome(
    { id: issued.id, folio: issued.folio },
    {
      action: 'invoices.issue',
      key: 'invoices.issued',
      params: {
        folio: issued.folio,
        name: customer.name,
        tasks: input.task_ids.length,
        amount: issued.amount,
      },
      customerId: customer.id,
    },
  );
}

const negate = (amount: string) =>
  amount.startsWith('-') ? amount.slice(1) : /^0*(\.0*)?$/.test(amount) ? amount : `-${amount}`;

/**
 * Issues the corrective invoice of an invoice (series `R` + year): the same lines with negative
 * amounts, referencing it. The original stays as it was; its tasks may be invoiced again. A
 * corrective invoice is itself never corrected, and an invoice is corrected once.
 */
export async function rectifyInvoice(
  deps: IssueDeps,
  actor: Actor,
  id: number,
  input: { reason: string; issued_at?: string | undefined },
): Promise<Outcome<{ id: number; folio: string }>> {
  const issuedAt = input.issued_at ?? today();
  refuseFutureDay(issuedAt, 'issued_at');
  const original = await repo.findInvoice(deps.db, id);
  if (!original) throw notFound();
  const country = await repo.findCountryRow(deps.db, original.country_id);
  const made = await deps.db.transaction(async (tx) => {
    const head = await repo.lockChain(tx);
    const locked = (await repo.lockInvoice(tx, id))!;
    if (locked.rectifies_id !== null) throw new AppError(422, 'invoices.corrective_final');
    if (await repo.correctiveOf(tx, id)) throw new AppError(422, 'invoices.already_rectified');
    if ((await latestRecordOf(tx, id))?.record_type === 'anulacion')
      throw new AppError(422, 'invoices.already_voided');
    if (issuedAt < locked.issued_at)
      throw invalid({
        issued_at: [
          {
            key: 'invoices.date_before_last',
            values: { date: formatDate(dayAsDate(locked.issued_at), actor.locale) },
          },
        ],
      });
    const series = `R${issuedAt.slice(0, 4)}`;
    await checkDateOrder(tx, actor, series, issuedAt, 'issued_at');
    const number = await repo.nextNumber(tx, series);
    const folio = folioOf(series, number);
    const lines = (await repo.linesOf(tx, id)).map((l) => ({
      task_id: l.task_id,
      task_code: l.task_code,
      description: l.description,
      languages: l.languages,
      words: l.words,
      amount: negate(l.amount),
      po_number: l.po_number,
      client_reference: l.client_reference,
    }));
    const content = {
      folio,
      series,
      number,
      issued_at: issuedAt,
      customer_id: locked.customer_id,
      rectifies_folio: locked.folio,
      reason: input.reason,
      enterprise: locked.enterprise,
      tin: locked.tin,
      address: locked.address,
      address_2: locked.address_2,
      town: locked.town,
      province: locked.province,
      postal_code: locked.postal_code,
      country_code: country!.code,
      phone: locked.phone,
      email: locked.email,
      tax_option: locked.tax_option,
      tax_percentage: locked.tax_percentage,
      amount_without_taxes: negate(locked.amount_without_taxes),
      tax_amount: negate(locked.tax_amount),
      amount: negate(locked.amount),
      lines,
      previous_hash: head.last_hash,
    };
    const hash = invoiceHash(content);
    // Correcting a paid invoice leaves a refund due (pending); an unpaid one is settled by it.
    const settled = locked.payment_status !== 'paid';
    const row = await repo.insertInvoice(
      tx,
      {
        ...content,
        rectifies_id: locked.id,
        country_id: locked.country_id,
        payment_status: settled ? 'paid' : 'pending',
        paid_at: settled ? issuedAt : null,
        language: locked.language,
        hash,
        created_by: actor.user.id,
      },
      lines,
    );
    await releaseInvoicedTasks(tx, locked.id);
    await repo.advanceChain(tx, row.id, hash);
    await registerWithAeat(
      deps,
      tx,
      row.id,
      altaOf(content, { folio: locked.folio, issued_at: locked.issued_at }),
    );
    return row;
  });
  return outcome(
    { id: made.id, folio: made.folio },
    {
      action: 'invoices.rectify',
      key: 'invoices.rectified',
      params: { folio: made.folio, original: original.folio, reason_text: input.reason },
      customerId: original.customer_id,
    },
  );
}
