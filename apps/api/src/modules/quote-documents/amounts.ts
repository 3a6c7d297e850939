import { isQuoteStillValid, priceTask, sumMoney, type LanguagePriceSummary } from '@verba/contracts/pricing';
import type { quoteTask, TaskRow } from '../tasks/service.ts';
import type { QuoteData } from './pdf/quote-data.ts';

type TaskQuote = Awaited<ReturnType<typeof quoteTask>>;
type StoredSummary = LanguagePriceSummary & { rateMissing?: boolean };

interface Target {
  language_id: number;
  price_summary: unknown;
}

interface Concept {
  concept: string;
  description: string | null;
  quantity: string;
  price: string;
}

/** Other concept line totals, computed exactly by the pricing engine (quantity × price, cents). */
export function conceptLines(concepts: Concept[]): QuoteData['otherConcepts'] {
  return [
    ...priceTask({
      translation_type: { id: 1, percent: '100' },
      languages: [],
      other_concepts: concepts.map((c) => ({
        concept: c.description ? `${c.concept} (${c.description})` : c.concept,
        quantity: c.quantity,
        price: c.price,
      })),
    }).other_concepts,
  ];
}

/**
 * The amounts of a quote: the task's stored quote (what the task screen shows) when every target
 * language is priced; otherwise, or when the delivery date no longer stands, a fresh quote made
 * by `priceNow`. The delivery date stands while the quote is valid (or once approved); else it is
 * the date as if approved now.
 */
export async function quoteAmounts(
  task: TaskRow,
  targets: Target[],
  now: Date,
  priceNow: (at: Date) => Promise<TaskQuote>,
) {
  const stored = targets.map((target) => target.price_summary as StoredSummary | null);
  const priced = Boolean(task.quoted_at) && stored.every(Boolean);
  const dueStands =
    Boolean(task.approved_at) || (task.quoted_at !== null && isQuoteStillValid(task.quoted_at, now));
  const fresh = !priced || !dueStands ? await priceNow(now) : null;

  const languages = targets.map((target, i): { summary: StoredSummary; rateMissing: boolean } => {
    const freshSummary = fresh?.price.languages.find((l) => l.targetLanguageId === target.language_id);
    const summary: StoredSummary | null | undefined = priced ? stored[i] : freshSummary;
    if (!summary) throw new Error(`task ${task.id}: no price for language ${target.language_id}`);
    const rateMissing = priced
      ? Boolean(summary.rateMissing)
      : Boolean(fresh?.missingRates.includes(target.language_id));
    return { summary, rateMissing };
  });

  const totals = priced
    ? {
        basePrice: task.base_price,
        discountPercentage: task.discount_percentage,
        discountAmount: task.discount_amount,
        otherPrices: task.other_prices,
        taxName: task.tax_name,
        taxPercentage: task.tax_percentage,
        taxes: sumMoney(task.price_taxes, task.other_prices_taxes),
        taxedPrice: task.taxed_price,
        amountToPay: task.amount_to_pay,
      }
    : {
        basePrice: fresh!.price.base_price,
        discountPercentage: fresh!.price.discount.percent,
        discountAmount: fresh!.price.discount.amount,
        otherPrices: fresh!.price.other_prices,
        taxName: fresh!.price.tax_name,
        taxPercentage: fresh!.price.tax_percentage,
        taxes: sumMoney(fresh!.price.price_taxes, fresh!.price.other_prices_taxes),
        taxedPrice: fresh!.price.taxed_price,
        amountToPay: fresh!.price.amount_to_pay,
      };
  const discount = totals.discountAmount.startsWith('-')
    ? totals.discountAmount.slice(1)
    : `-${totals.discountAmount}`;

  return {
    languages,
    totals: { ...totals, untaxed: sumMoney(totals.basePrice, discount, totals.otherPrices) },
    dueDate: dueStands ? task.due_date : fresh?.dueDate ? new Date(fresh.dueDate) : null,
  };
}
