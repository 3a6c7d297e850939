import { BAND_KEYS, DEFAULT_PAYABLE_GRID, FLASH_TRANSLATION_TYPE_ID, PRICE_LINES } from './grid.ts';
import type { PayableGrid, PriceLineKey, WordCountBands } from './grid.ts';
import {
  SCALE,
  divideRoundHalfUp,
  formatUnits,
  formatUnitsTrimmed,
  maxUnits,
  pow10,
  toNonNegativeUnits,
} from './money.ts';
import type { DecimalLike } from './money.ts';

/** Translation type as priced: its id (4 = flash) and its percent of r1. */
export interface TranslationTypeRef {
  readonly id: number;
  readonly percent: DecimalLike;
}

/** Minimum charge of the customer for the translation type (spec: minimum rate). */
export interface MinimumRate {
  /** hours (2 decimals); charged at the language's r2. Treated as 0 for flash (type 4). */
  readonly hour: DecimalLike;
  /** euros (2 decimals) */
  readonly amount: DecimalLike;
}

/** One target language to price. */
export interface LanguagePriceInput {
  readonly target_language_id: number;
  /** euros per word, up to 4 decimals */
  readonly r1: DecimalLike;
  /** euros per hour, up to 2 decimals */
  readonly r2: DecimalLike;
  /** words per band, all files summed */
  readonly word_count: WordCountBands;
}

/** One line of the price summary. `total` = round_half_up(wordCount × pricePerWord, 2). */
export interface PriceLine {
  readonly wordCount: number;
  /** payable % of the grid for this band, 2 decimals ("30.00") */
  readonly payablePercent: string;
  /** round_half_up(base per-word price × payablePercent / 100, 4), 4 decimals */
  readonly pricePerWord: string;
  /** euros, 2 decimals */
  readonly total: string;
}

/** How the minimum charge was decided (always present so the lines add up to `total`). */
export interface MinimumCharge {
  /** true when the minimum raised the charge above the sum of the lines */
  readonly applied: boolean;
  /** round_half_up(hour × r2, 2); "0.00" for flash or without minimum */
  readonly byHour: string;
  /** the minimum amount, 2 decimals; "0.00" without minimum */
  readonly byAmount: string;
  /** max(byHour, byAmount) */
  readonly charge: string;
  /** total − linesTotal: what the minimum adds ("0.00" when not applied) */
  readonly adjustment: string;
}

/**
 * Price summary of one target language, in the spec's shape (`targetLanguageId`, `total`,
 * `isPriceByHour`, and `noMatch`, `repetitions`, `100Match`) plus `101Match` and one line per
 * fuzzy band. Invariant: sum of the 8 line totals + minimum.adjustment = total.
 */
export type LanguagePriceSummary = Readonly<Record<PriceLineKey, PriceLine>> & {
  readonly targetLanguageId: number;
  /** euros, 2 decimals: max(linesTotal, minimum.charge) */
  readonly total: string;
  /** true when the minimum applied and hour × r2 decided it (hour × r2 ≥ amount) */
  readonly isPriceByHour: boolean;
  /** base per-word price of the translation type: round_half_up(r1 × percent / 100, 4) */
  readonly pricePerWord: string;
  /** sum of the band words */
  readonly wordCount: number;
  /** payable words: Σ band words × grid % / 100, exact (see `payableWords`) */
  readonly payableWords: string;
  /** sum of the 8 line totals, 2 decimals */
  readonly linesTotal: string;
  readonly minimum: MinimumCharge;
};

const PERCENT_DIVISOR = 100n * pow10(SCALE.percent); // a percentage in 1e-2 units, divided by 100

/** round_half_up(r1 × percent / 100, 4) as a 4-decimal string: the rate info modal's price per type. */
export function pricePerTranslationType(r1: DecimalLike, percent: DecimalLike): string {
  return formatUnits(perWordUnits(r1, percent), SCALE.wordPrice);
}

function perWordUnits(r1: DecimalLike, percent: DecimalLike): bigint {
  const rate = toNonNegativeUnits(r1, SCALE.wordPrice, 'r1');
  const pct = toNonNegativeUnits(percent, SCALE.percent, 'percent');
  return divideRoundHalfUp(rate * pct, PERCENT_DIVISOR);
}

function wordsOf(band: string, value: number): bigint {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`word_count.${band}: ${value} is not a whole number of words ≥ 0`);
  }
  return BigInt(value);
}

/** Payable words in 1e-4 word units: Σ words × grid% / 100, exact (grid has 2 decimals). */
export function payableWordUnits(count: WordCountBands, grid: PayableGrid = DEFAULT_PAYABLE_GRID): bigint {
  let units = 0n;
  for (const band of BAND_KEYS) {
    const words = wordsOf(band, count[band]);
    units += words * toNonNegativeUnits(grid[band], SCALE.percent, `grid.${band}`);
  }
  return units; // words × (percent × 100) = words × percent/100 × 10^4
}

/**
 * Payable count of one target language: Σ over bands of words × grid % / 100, kept exact (it
 * may be fractional: 7 repetitions at 30 % are 2.1 payable words). Trimmed decimal string.
 * This is the "words" of the due-date rule.
 */
export function payableWords(count: WordCountBands, grid: PayableGrid = DEFAULT_PAYABLE_GRID): string {
  return formatUnitsTrimmed(payableWordUnits(count, grid), 4);
}

/** Prices one target language. Pure; throws RangeError on malformed numbers. */
export function priceLanguage(
  language: LanguagePriceInput,
  translationType: TranslationTypeRef,
  grid: PayableGrid = DEFAULT_PAYABLE_GRID,
  minimum: MinimumRate | null = null,
): LanguagePriceSummary {
  const basePerWord = perWordUnits(language.r1, translationType.percent);
  const count = language.word_count;
  const lines = {} as Record<PriceLineKey, PriceLine>;
  let linesTotal = 0n;
  let wordCount = 0;
  for (const { key, band } of PRICE_LINES) {
    const words = wordsOf(band, count[band]);
    const pct = toNonNegativeUnits(grid[band], SCALE.percent, `grid.${band}`);
    const linePerWord = divideRoundHalfUp(basePerWord * pct, PERCENT_DIVISOR);
    // words × (1e-4 €) -> cents: divide by 10^(4-2)
    const total = divideRoundHalfUp(words * linePerWord, pow10(SCALE.wordPrice - SCALE.money));
    linesTotal += total;
    wordCount += count[band];
    lines[key] = {
      wordCount: count[band],
      payablePercent: formatUnits(pct, SCALE.percent),
      pricePerWord: formatUnits(linePerWord, SCALE.wordPrice),
      total: formatUnits(total, SCALE.money),
    };
  }

  const r2 = toNonNegativeUnits(language.r2, SCALE.money, 'r2');
  const isFlash = translationType.id === FLASH_TRANSLATION_TYPE_ID;
  const hours = minimum && !isFlash ? toNonNegativeUnits(minimum.hour, SCALE.quantity, 'minimum.hour') : 0n;
  const byHour = divideRoundHalfUp(hours * r2, pow10(SCALE.quantity));
  const byAmount = minimum ? toNonNegativeUnits(minimum.amount, SCALE.money, 'minimum.amount') : 0n;
  const charge = maxUnits(byHour, byAmount);
  const applied = charge > linesTotal;
  const total = applied ? charge : linesTotal;

  return {
    targetLanguageId: language.target_language_id,
    total: formatUnits(total, SCALE.money),
    isPriceByHour: applied && byHour >= byAmount,
    pricePerWord: formatUnits(basePerWord, SCALE.wordPrice),
    wordCount,
    payableWords: payableWords(count, grid),
    linesTotal: formatUnits(linesTotal, SCALE.money),
    minimum: {
      applied,
      byHour: formatUnits(byHour, SCALE.money),
      byAmount: formatUnits(byAmount, SCALE.money),
      charge: formatUnits(charge, SCALE.money),
      adjustment: formatUnits(total - linesTotal, SCALE.money),
    },
    ...lines,
  };
}
