import {
  computeDueDate,
  largestPayableWords,
  priceTask,
  sumWordCounts,
  type TaskPrice,
  type WordCountBands,
} from '@verba/contracts/pricing';
import type { Db } from '../../db/client.ts';
import { effectiveRate, minimumRateFor, payableGridFor } from '../rates/service.ts';
import { effectiveDiscount } from '../customers/service.ts';
import * as repo from './repository.ts';
import type { TaskRow, Tx } from './repository.ts';

const BANDS = [
  'percent101',
  'percent100',
  'percent95',
  'percent85',
  'percent75',
  'percent50',
  'no_match',
  'repetitions',
] as const;

export interface TaskQuote {
  price: TaskPrice;
  /** Target languages without a rate: they cannot be priced until staff set one. */
  missingRates: number[];
  dueDate: string | null;
}

/**
 * Prices a task from its stored word counts, the customer's rates, minimums, grid, discount and
 * tax rule, and the other concepts; the due date as if approved `at`. Pure reads, no writes.
 */
export async function quoteTask(db: Db, task: TaskRow, at = new Date()): Promise<TaskQuote> {
  const { targets, counts, type, customer, country, concepts } = await repo.quoteInputs(db, task);
  const customerId = task.customer_id;
  const grid = customerId ? await payableGridFor(db, customerId) : undefined;
  const minimum = customerId ? await minimumRateFor(db, customerId, task.translation_type_id) : null;

  const missingRates: number[] = [];
  const languages = [];
  const bandsPerLanguage: WordCountBands[] = [];
  for (const { id } of targets) {
    const perFile = counts
      .filter((c) => c.target_language_id === id)
      .map((c) => Object.fromEntries(BANDS.map((b) => [b, c[b]])) as WordCountBands);
    const word_count = sumWordCounts(perFile);
    bandsPerLanguage.push(word_count);
    const rate = customerId ? await effectiveRate(db, customerId, task.source_language_id, id) : null;
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

/** Stores a quote on the task: totals, the due date and each language's price summary. */
export async function storeQuote(
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
}
