import {
  isQuoteStillValid,
  quoteReadiness,
  sumMoney,
  type LanguagePriceSummary,
  type QuoteReadiness,
} from '@verba/contracts/pricing';
import type { Db } from '../../../db/client.ts';
import { quoteTask, readinessOf, type TaskQuote } from './quote-task.ts';
import type { TaskRow } from '../repository.ts';

/** A target language row of the task, with the price summary stored with its quote (or none). */
export interface QuoteTarget {
  language_id: number;
  price_summary: unknown;
}

export interface QuoteLanguage {
  summary: LanguagePriceSummary & { rateMissing?: boolean };
  /** No rate for this language: "price to be confirmed". */
  rateMissing: boolean;
}

export interface QuoteTotals {
  basePrice: string;
  discountPercentage: string;
  discountAmount: string;
  otherPrices: string;
  taxName: string | null;
  taxPercentage: string;
  /** The taxes of the base price and of the other concepts together. */
  taxes: string;
  taxedPrice: string;
  amountToPay: string;
  /** Base price less the discount, plus the other concepts. */
  untaxed: string;
}

/** The quote a task shows: its languages (in the order of `targets`), totals and readiness. */
export interface TaskQuoteRead {
  /** From the task's stored quote (else priced now). */
  stored: boolean;
  languages: QuoteLanguage[];
  totals: QuoteTotals;
  readiness: QuoteReadiness;
}

type QuotedTask = Pick<
  TaskRow,
  | 'id'
  | 'state'
  | 'quoted_at'
  | 'base_price'
  | 'discount_percentage'
  | 'discount_amount'
  | 'other_prices'
  | 'tax_name'
  | 'tax_percentage'
  | 'price_taxes'
  | 'other_prices_taxes'
  | 'taxed_price'
  | 'amount_to_pay'
>;

const negated = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

function totalsOf(t: Omit<QuoteTotals, 'untaxed'>): QuoteTotals {
  return { ...t, untaxed: sumMoney(t.basePrice, negated(t.discountAmount), t.otherPrices) };
}

/**
 * The stored quote of a task, and whether it stands: quoted, every target language priced, and
 * not being analysed again. The task detail shows it as it is (it never prices); `readQuote` prices
 * anew when it does not stand.
 */
export function storedQuote(task: QuotedTask, targets: QuoteTarget[]): TaskQuoteRead & { stands: boolean } {
  const summaries = targets.map((target) => target.price_summary as QuoteLanguage['summary'] | null);
  const stands = task.state !== 'CALCULATING' && task.quoted_at !== null && summaries.every(Boolean);
  return {
    stands,
    stored: true,
    languages: stands
      ? summaries.map((summary) => ({ summary: summary!, rateMissing: Boolean(summary!.rateMissing) }))
      : [],
    totals: totalsOf({
      basePrice: task.base_price,
      discountPercentage: task.discount_percentage,
      discountAmount: task.discount_amount,
      otherPrices: task.other_prices,
      taxName: task.tax_name,
      taxPercentage: task.tax_percentage,
      taxes: sumMoney(task.price_taxes, task.other_prices_taxes),
      taxedPrice: task.taxed_price,
      amountToPay: task.amount_to_pay,
    }),
    readiness: readinessOf(targets, task.amount_to_pay),
  };
}

function freshRead(task: QuotedTask, targets: QuoteTarget[], quote: TaskQuote): TaskQuoteRead {
  const p = quote.price;
  const languages = targets.map((target): QuoteLanguage => {
    const summary = p.languages.find((l) => l.targetLanguageId === target.language_id);
    if (!summary) throw new Error(`task ${task.id}: no price for language ${target.language_id}`);
    return { summary, rateMissing: quote.missingRates.includes(target.language_id) };
  });
  return {
    stored: false,
    languages,
    totals: totalsOf({
      basePrice: p.base_price,
      discountPercentage: p.discount.percent,
      discountAmount: p.discount.amount,
      otherPrices: p.other_prices,
      taxName: p.tax_name,
      taxPercentage: p.tax_percentage,
      taxes: sumMoney(p.price_taxes, p.other_prices_taxes),
      taxedPrice: p.taxed_price,
      amountToPay: p.amount_to_pay,
    }),
    readiness: quoteReadiness(
      languages.map((l) => ({ targetLanguageId: l.summary.targetLanguageId, rateMissing: l.rateMissing })),
      p.amount_to_pay,
    ),
  };
}

/**
 * The one read of a task's quote, for its price summary (`GET tasks/getPrice`) and its quote
 * document: the stored quote while it stands (what the task screen shows), else one priced now.
 * With `dueDate`, also the delivery date: the stored one while the quote is valid (or once
 * approved), else the date as if approved `at`.
 */
export async function readQuote(
  db: Db,
  task: TaskRow,
  targets: QuoteTarget[],
  options: { at?: Date; dueDate?: boolean } = {},
): Promise<TaskQuoteRead & { dueDate: Date | null }> {
  const at = options.at ?? new Date();
  const stored = storedQuote(task, targets);
  const dueStands =
    !options.dueDate ||
    Boolean(task.approved_at) ||
    (task.quoted_at !== null && isQuoteStillValid(task.quoted_at, at));
  const fresh = !stored.stands || !dueStands ? await quoteTask(db, task, at) : null;
  const read = stored.stands ? stored : freshRead(task, targets, fresh!);
  const dueDate = dueStands ? task.due_date : fresh?.dueDate ? new Date(fresh.dueDate) : null;
  return {
    stored: read.stored,
    languages: read.languages,
    totals: read.totals,
    readiness: read.readiness,
    dueDate,
  };
}
