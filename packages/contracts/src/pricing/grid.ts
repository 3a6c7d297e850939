import type { DecimalLike } from './money.ts';

/** The word-count bands of the analysis (spec: word count entity), without `total_words`. */
export const BAND_KEYS = [
  'percent101',
  'repetitions',
  'percent100',
  'percent95',
  'percent85',
  'percent75',
  'percent50',
  'no_match',
] as const;
export type BandKey = (typeof BAND_KEYS)[number];

/**
 * Words per band for one target language (sum the files first, see `sumWordCounts`).
 * `total_words` is informative: prices come from the bands; when given it must equal their sum.
 */
export type WordCountBands = Readonly<Record<BandKey, number>> & { readonly total_words?: number };

/** Payable % of the per-word price per band (DESIGN §7; configurable globally and per customer). */
export type PayableGrid = Readonly<Record<BandKey, DecimalLike>>;

/** The default payable grid (DESIGN §7). Same keys and values as the `payable_grids` table row. */
export const DEFAULT_PAYABLE_GRID = {
  repetitions: '30.00',
  percent101: '30.00',
  percent100: '30.00',
  percent95: '60.00',
  percent85: '60.00',
  percent75: '100.00',
  percent50: '100.00',
  no_match: '100.00',
} as const satisfies PayableGrid;

/** Line names of the price summary (spec: `noMatch`, `repetitions`, `100Match`; plus fuzzy bands). */
export type PriceLineKey =
  '101Match' | 'repetitions' | '100Match' | '95Match' | '85Match' | '75Match' | '50Match' | 'noMatch';

/** Lines of the price summary in display order, each with the band it prices. */
export const PRICE_LINES: readonly { readonly key: PriceLineKey; readonly band: BandKey }[] = [
  { key: '101Match', band: 'percent101' },
  { key: 'repetitions', band: 'repetitions' },
  { key: '100Match', band: 'percent100' },
  { key: '95Match', band: 'percent95' },
  { key: '85Match', band: 'percent85' },
  { key: '75Match', band: 'percent75' },
  { key: '50Match', band: 'percent50' },
  { key: 'noMatch', band: 'no_match' },
];

/** Translation type ids (spec §3). */
export const TRANSLATION_TYPE_IDS = { human: 1, premium: 2, value: 3, flash: 4 } as const;
export type TranslationTypeId = (typeof TRANSLATION_TYPE_IDS)[keyof typeof TRANSLATION_TYPE_IDS];
export const FLASH_TRANSLATION_TYPE_ID = TRANSLATION_TYPE_IDS.flash;

/** Default percent of r1 per translation type (DESIGN §7; the database row is the truth). */
export const DEFAULT_TRANSLATION_TYPE_PERCENTS = {
  1: '100.00',
  2: '130.00',
  3: '70.00',
  4: '40.00',
} as const satisfies Record<TranslationTypeId, DecimalLike>;

/** Sums per-file word counts band by band (and `total_words`) into one count per language. */
export function sumWordCounts(counts: readonly WordCountBands[]): Required<WordCountBands> {
  const sum = {
    total_words: 0,
    percent101: 0,
    repetitions: 0,
    percent100: 0,
    percent95: 0,
    percent85: 0,
    percent75: 0,
    percent50: 0,
    no_match: 0,
  };
  for (const count of counts) {
    for (const band of BAND_KEYS) sum[band] += count[band];
    sum.total_words += count.total_words ?? BAND_KEYS.reduce((words, band) => words + count[band], 0);
  }
  return sum;
}
