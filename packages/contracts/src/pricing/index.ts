/**
 * @verba/contracts/pricing — the pricing engine and due-date rule (DESIGN §7), pure functions
 * shared by the API and the web app's previews. Money crosses this boundary as decimal strings
 * ("12.50", per-word prices "0.0840"); see docs/decisions/0002-pricing-rounding.md.
 */
export type { DecimalLike } from './money.ts';
export { SCALE, compareMoney, includedTax, roundMoney, sumMoney } from './money.ts';

export type { BandKey, PayableGrid, PriceLineKey, TranslationTypeId, WordCountBands } from './grid.ts';
export {
  BAND_KEYS,
  DEFAULT_PAYABLE_GRID,
  DEFAULT_TRANSLATION_TYPE_PERCENTS,
  FLASH_TRANSLATION_TYPE_ID,
  PRICE_LINES,
  TRANSLATION_TYPE_IDS,
  sumWordCounts,
} from './grid.ts';

export type {
  LanguagePriceInput,
  LanguagePriceSummary,
  MinimumCharge,
  MinimumRate,
  PriceLine,
  TranslationTypeRef,
} from './price-language.ts';
export { payableWords, priceLanguage, pricePerTranslationType } from './price-language.ts';

export type {
  OtherConceptInput,
  OtherConceptLine,
  PriceTaskInput,
  TaskPrice,
  TaxRule,
} from './price-task.ts';
export { conceptLines, priceTask } from './price-task.ts';
export type { PricedLanguage, QuoteReadiness, UnpayableReason } from './quote-readiness.ts';
export { outstandingBalance, quoteReadiness } from './quote-readiness.ts';

export type { DueDate, DueDateInput, InstantLike } from './due-date.ts';
export {
  BASE_BUSINESS_DAYS,
  DAYS_TO_ADD_RANGE,
  FLASH_BUSINESS_DAYS,
  WORDS_PER_BUSINESS_DAY,
  addBusinessDays,
  baseBusinessDays,
  computeDueDate,
  endOfMadridDayOf,
  isBusinessDay,
  isQuoteStillValid,
  largestPayableWords,
} from './due-date.ts';
export { BUSINESS_TIME_ZONE, madridDateOf, madridEndOfDay, madridOffsetMs } from './madrid-time.ts';
export { isIsoDate } from './calendar.ts';

export type { Holiday, HolidayRegion } from './holidays.ts';
export { SPAIN_CATALONIA_HOLIDAYS, holidayDates } from './holidays.ts';

export type { DueDateInputParsed, PriceTaskInputParsed } from './schemas.ts';
export {
  amountField,
  decimalField,
  dueDateInputSchema,
  isoDateField,
  languagePriceInputSchema,
  minimumRateSchema,
  otherConceptPriceSchema,
  payableGridSchema,
  percentageField,
  priceTaskInputSchema,
  ratePercentField,
  taxRuleSchema,
  translationTypeRefSchema,
  wordCountBandsSchema,
  wordPriceField,
  wordsField,
} from './schemas.ts';
export type { InvoiceTotals } from './invoice-totals.ts';
export { invoiceTotals } from './invoice-totals.ts';
