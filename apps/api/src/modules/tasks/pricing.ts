import { and, eq, inArray } from 'drizzle-orm';
import {
  computeDueDate,
  largestPayableWords,
  priceTask,
  sumWordCounts,
  type TaskPrice,
  type WordCountBands,
} from '@verba/contracts/pricing';
import type { Db } from '../../db/client.ts';
import {
  countries,
  customers,
  holidays,
  otherConcepts,
  sourceFiles,
  taskTargetLanguages,
  tasks,
  translationTypes,
  wordCounts,
} from '../../db/schema/index.ts';
import { effectiveRate, minimumRateFor, payableGridFor } from '../rates/service.ts';
import { effectiveDiscount } from '../customers/service.ts';
import type { TaskRow } from './repository.ts';

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
  const targets = await db
    .select({ id: taskTargetLanguages.language_id })
    .from(taskTargetLanguages)
    .where(eq(taskTargetLanguages.task_id, task.id));
  const files = await db
    .select({ id: sourceFiles.id })
    .from(sourceFiles)
    .where(eq(sourceFiles.task_id, task.id));
  const counts = files.length
    ? await db
        .select()
        .from(wordCounts)
        .where(
          inArray(
            wordCounts.source_file_id,
            files.map((f) => f.id),
          ),
        )
    : [];
  const [type] = await db
    .select()
    .from(translationTypes)
    .where(eq(translationTypes.id, task.translation_type_id));
  const customerId = task.customer_id;
  const [customer] = customerId ? await db.select().from(customers).where(eq(customers.id, customerId)) : [];
  const [country] = customer
    ? await db.select().from(countries).where(eq(countries.id, customer.country_id))
    : [];
  const grid = customerId ? await payableGridFor(db, customerId) : undefined;
  const minimum = customerId ? await minimumRateFor(db, customerId, task.translation_type_id) : null;
  const concepts = await db.select().from(otherConcepts).where(eq(otherConcepts.task_id, task.id));

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
  const holidayRows = await db.select({ date: holidays.date }).from(holidays);
  const due = targets.length
    ? computeDueDate({
        approved_at: at,
        translation_type_id: task.translation_type_id,
        payable_words: largestPayableWords(bandsPerLanguage, grid),
        days_to_add: task.days_to_add,
        holidays: holidayRows.map((h) => h.date),
      })
    : null;
  return { price, missingRates, dueDate: due?.due_date ?? null };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Stores a quote on the task: totals, the due date and each language's price summary. */
export async function storeQuote(
  tx: Tx | Db,
  taskId: number,
  quote: TaskQuote,
  at = new Date(),
): Promise<void> {
  const p = quote.price;
  await tx
    .update(tasks)
    .set({
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
    })
    .where(eq(tasks.id, taskId));
  for (const summary of p.languages) {
    await tx
      .update(taskTargetLanguages)
      .set({
        price_summary: { ...summary, rateMissing: quote.missingRates.includes(summary.targetLanguageId) },
      })
      .where(
        and(
          eq(taskTargetLanguages.task_id, taskId),
          eq(taskTargetLanguages.language_id, summary.targetLanguageId),
        ),
      );
  }
}
