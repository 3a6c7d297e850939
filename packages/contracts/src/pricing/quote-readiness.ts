import { compareMoney, sumMoney, type DecimalLike } from './money.ts';

/**
 * Why a quote cannot be paid yet: some target language has no rate (a custom quote, priced by
 * staff), or the amount to pay is zero. Null when it can.
 */
export type UnpayableReason = 'unpriced_languages' | 'zero_total';

export interface QuoteReadiness {
  /** Every target language priced and an amount above zero. */
  fullyPriced: boolean;
  /** The target languages that have no rate ("price to be confirmed"). */
  unpricedLanguageIds: number[];
  reason: UnpayableReason | null;
}

/** A language's stored price summary: only whether its rate was missing matters here. */
export interface PricedLanguage {
  targetLanguageId: number;
  rateMissing?: boolean | undefined;
}

/**
 * Whether a quote is complete enough to be paid, from its languages' price summaries and its
 * amount to pay: the one rule the task detail, the quote page and the payment all apply.
 */
export function quoteReadiness(
  languages: readonly PricedLanguage[],
  amountToPay: DecimalLike,
): QuoteReadiness {
  const unpricedLanguageIds = languages.filter((l) => l.rateMissing === true).map((l) => l.targetLanguageId);
  const reason: UnpayableReason | null = unpricedLanguageIds.length
    ? 'unpriced_languages'
    : compareMoney(amountToPay, '0') <= 0
      ? 'zero_total'
      : null;
  return { fullyPriced: reason === null, unpricedLanguageIds, reason };
}

/**
 * What the customer still owes, on the same basis as the total (taxes included): the amount to
 * pay less every payment line (a card or balance line carries its tax inside its amount; a line
 * typed by staff is the money received). Negative when more was received than is owed.
 */
export function outstandingBalance(amountToPay: DecimalLike, paid: readonly DecimalLike[]): string {
  return sumMoney(amountToPay, ...paid.map(negated));
}

const negated = (amount: DecimalLike): string => {
  const text = String(amount);
  return text.startsWith('-') ? text.slice(1) : `-${text}`;
};
