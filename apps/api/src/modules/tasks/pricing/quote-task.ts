import {
  BAND_KEYS,
  computeDueDate,
  largestPayableWords,
  priceTask,
  quoteReadiness,
  sumWordCounts,
  type QuoteReadiness,
  type TaskPrice,
  type WordCountBands,
} from '@verba/contracts/pricing';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { Deps } from '../../../lib/service.ts';
import { pricingTerms } from '../../rates/service.ts';
import { effectiveDiscount } from '../../customers/service.ts';
import * as repo from '../repository.ts';
import type { TaskRow, Tx } from '../repository.ts';

export interface TaskQuote {
  price: TaskPrice;
  /** Target languages without a rate: they cannot be priced until staff set one. */
  missingRates: number[];
  dueDate: string | null;
}

/**
 * Prices a task from its stored word counts, the customer's rates, minimums, grid, discount and
 * tax rule, and the other concepts; the due date as if approved `at`. Pure reads, no writes.
 * A task without a customer (a guest's quote) takes the general rates, the general minimum, the
 * global grid, no discount, and the taxes of the country the guest gave.
 */
export async function quoteTask(db: Db, task: TaskRow, at = new Date()): Promise<TaskQuote> {
  const { targets, counts, type, customer, country, concepts } = await repo.quoteInputs(db, task);
  const { grid, minimum, rates } = await pricingTerms(db, {
    customerId: task.customer_id,
    sourceLanguageId: task.source_language_id,
    targetLanguageIds: targets.map((t) => t.id),
    translationTypeId: task.translation_type_id,
  });

  const missingRates: number[] = [];
  const languages = [];
  const bandsPerLanguage: WordCountBands[] = [];
  for (const { id } of targets) {
    const perFile = counts
      .filter((c) => c.target_language_id === id)
      .map((c) => Object.fromEntries(BAND_KEYS.map((b) => [b, c[b]])) as WordCountBands);
    const word_count = sumWordCounts(perFile);
    bandsPerLanguage.push(word_count);
    const rate = rates.get(id);
    if (!rate) missingRates.push(id);
    languages.push({ target_language_id: id, r1: rate?.r1 ?? '0', r2: rate?.r2 ?? '0', word_count });
  }
  const price = priceTask({
    translation_type: { id: task.translation_type_id, percent: type?.percent ?? '100' },
    languages,
    grid,
    minimum,
    discount_percentage: customer ? effectiveDiscount(customer) : '0',
    tax: country?.tax_name ? { name: country.tax_name, percentage: country.tax_percentage } : null,
    other_concepts: concepts.map((c) => ({ concept: c.concept, quantity: c.quantity, price: c.price })),
  });
  const due = targets.length
    ? computeDueDate({
        approved_at: at,
        translation_type_id: task.translation_type_id,
        payable_words: largestPayableWords(bandsPerLanguage, grid),
        days_to_add: task.days_to_add,
        holidays: await repo.holidayDates(db),
      })
    : null;
  return { price, missingRates, dueDate: due?.due_date ?? null };
}

/**
 * Queued whenever a task's price changes (in the transaction that changed it), with `{ taskId }`:
 * the payments module cancels the task's open card orders, which were issued for the old price.
 */
export const PRICE_CHANGED_JOB = 'tasks.price-changed';

/** The task's price changed: its open card orders are cancelled once the transaction commits. */
export async function announcePriceChange(deps: Pick<Deps, 'jobs'>, tx: Tx | Db, taskId: number) {
  await deps.jobs.enqueue(PRICE_CHANGED_JOB, { taskId }, tx as Db);
}

/**
 * Stores a quote on the task: totals, the due date and each language's price summary, under a
 * new price version (open card orders of the old one no longer approve the task).
 */
export async function storeQuote(
  deps: Pick<Deps, 'jobs'>,
  tx: Tx | Db,
  taskId: number,
  quote: TaskQuote,
  at = new Date(),
): Promise<void> {
  const p = quote.price;
  await repo.storeQuoteRows(
    tx,
    taskId,
    {
      word_count: Math.max(0, ...p.languages.map((l) => l.wordCount)),
      base_price: p.base_price,
      discount_percentage: p.discount.percent,
      discount_amount: p.discount.amount,
      other_prices: p.other_prices,
      price_taxes: p.price_taxes,
      other_prices_taxes: p.other_prices_taxes,
      tax_name: p.tax_name,
      tax_percentage: p.tax_percentage,
      taxed_price: p.taxed_price,
      amount_to_pay: p.amount_to_pay,
      due_date: quote.dueDate ? new Date(quote.dueDate) : null,
      quoted_at: at,
    },
    p.languages.map((summary) => ({
      languageId: summary.targetLanguageId,
      summary: { ...summary, rateMissing: quote.missingRates.includes(summary.targetLanguageId) },
    })),
  );
  await announcePriceChange(deps, tx, taskId);
}

/**
 * The task locked for a change of what it bills, refused once an invoice bills it: an issued
 * invoice never changes, so its task's amounts change only after a corrective invoice releases it
 * (ADR 0026). Locked, so an invoice issued meanwhile waits for the change or the change for it.
 */
export async function lockUninvoiced(tx: Tx, taskId: number, field?: string): Promise<TaskRow> {
  const task = await repo.lockTask(tx, taskId);
  if (!task) throw notFound();
  if (task.invoice_id !== null) throw invoicedRefusal(field);
  return task;
}

/** The refusal, on `field` when the caller's form shows it there. */
export const invoicedRefusal = (field?: string) =>
  new AppError(
    422,
    'tasks.invoiced_amounts',
    field ? { fields: { [field]: ['tasks.invoiced_amounts'] } } : {},
  );

/** A change of the amount to pay or of the days to add: a new price version, open orders cancelled. */
export async function storePriceChange(
  deps: Pick<Deps, 'jobs'>,
  tx: Tx | Db,
  taskId: number,
  set: Parameters<typeof repo.updatePrice>[2],
): Promise<void> {
  await repo.updatePrice(tx, taskId, set);
  await announcePriceChange(deps, tx, taskId);
}

/**
 * Whether the task's stored quote can be paid: every target language priced (none waiting for a
 * rate: "price to be confirmed") and an amount to pay above zero. The one check behind the
 * task's `can_pay`, its quote page and the payment itself (guest quotes included).
 */
export async function pricedForPayment(
  db: Db,
  task: Pick<TaskRow, 'id' | 'amount_to_pay'>,
): Promise<QuoteReadiness> {
  return readinessOf(await repo.targetLanguageRows(db, task.id), task.amount_to_pay);
}

/** `pricedForPayment` from target language rows already read (the task detail reads them anyway). */
export function readinessOf(
  rows: Array<{ language_id: number; price_summary: unknown }>,
  amountToPay: string,
): QuoteReadiness {
  return quoteReadiness(
    rows.map((r) => ({
      targetLanguageId: r.language_id,
      rateMissing: (r.price_summary as { rateMissing?: boolean } | null)?.rateMissing,
    })),
    amountToPay,
  );
}
