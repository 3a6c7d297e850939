import { DEFAULT_PAYABLE_GRID } from './grid.ts';
import type { PayableGrid } from './grid.ts';
import { SCALE, divideRoundHalfUp, formatUnits, pow10, toNonNegativeUnits, toUnits } from './money.ts';
import type { DecimalLike } from './money.ts';
import { priceLanguage } from './price-language.ts';
import type {
  LanguagePriceInput,
  LanguagePriceSummary,
  MinimumRate,
  TranslationTypeRef,
} from './price-language.ts';

/** Tax of the customer's country (e.g. EPE: IVA 21); `null` for countries without taxes. */
export interface TaxRule {
  readonly name: string;
  /** 0..100, up to 2 decimals */
  readonly percentage: DecimalLike;
}

/** An extra charge (or, with a negative price, a credit) added by staff to the task. */
export interface OtherConceptInput {
  readonly concept: string;
  /** up to 2 decimals, ≥ 0 */
  readonly quantity: DecimalLike;
  /** euros, up to 2 decimals; may be negative */
  readonly price: DecimalLike;
}

export interface OtherConceptLine {
  readonly concept: string;
  readonly quantity: string;
  readonly price: string;
  /** round_half_up(quantity × price, 2), half away from zero for credits */
  readonly total: string;
}

/** Everything the price of a task depends on. Money and percents are decimal strings or numbers. */
export interface PriceTaskInput {
  readonly translation_type: TranslationTypeRef;
  readonly languages: readonly LanguagePriceInput[];
  /** defaults to DEFAULT_PAYABLE_GRID */
  readonly grid?: PayableGrid | undefined;
  /** the customer's minimum for this translation type; null/absent = no minimum */
  readonly minimum?: MinimumRate | null | undefined;
  /** 0..100, applied to the base price only; defaults to 0 */
  readonly discount_percentage?: DecimalLike | undefined;
  /** null/absent = no taxes */
  readonly tax?: TaxRule | null | undefined;
  readonly other_concepts?: readonly OtherConceptInput[] | undefined;
}

/**
 * The price of a task. All amounts are euro strings with 2 decimals; percents have 2 decimals.
 *
 * How the totals are built (each step rounded half away from zero to cents, once):
 * ```
 * base_price            = Σ languages[i].total                       (never negative)
 * discount.amount       = round(base_price × discount% / 100)
 * discounted_base_price = base_price − discount.amount
 * other_prices          = Σ other_concepts[j].total                  (may be negative)
 * untaxed_price         = discounted_base_price + other_prices
 * price_taxes           = round(discounted_base_price × tax% / 100)
 * other_prices_taxes    = round(other_prices × tax% / 100)
 * taxed_price           = untaxed_price + price_taxes + other_prices_taxes
 * amount_to_pay         = max(taxed_price, 0.00)
 * ```
 * The discount reduces the base price only (never other concepts) and is applied BEFORE taxes:
 * taxes are charged on what is actually invoiced. Other concepts are taxed at the same rate.
 */
export interface TaskPrice {
  readonly languages: readonly LanguagePriceSummary[];
  readonly other_concepts: readonly OtherConceptLine[];
  readonly base_price: string;
  readonly discount: { readonly percent: string; readonly amount: string };
  readonly discounted_base_price: string;
  readonly other_prices: string;
  readonly untaxed_price: string;
  readonly price_taxes: string;
  readonly other_prices_taxes: string;
  readonly tax_name: string | null;
  readonly tax_percentage: string;
  readonly taxed_price: string;
  readonly amount_to_pay: string;
}

const PERCENT_DIVISOR = 100n * pow10(SCALE.percent);

/** Percentage in 1e-2 units, checked to lie in 0..100. */
function percentUnits(value: DecimalLike, field: string): bigint {
  const units = toNonNegativeUnits(value, SCALE.percent, field);
  if (units > 100n * pow10(SCALE.percent)) throw new RangeError(`${field}: ${String(value)} is above 100`);
  return units;
}

/** round_half_up(amount × percent / 100) in cents. */
function percentOf(cents: bigint, percent: bigint): bigint {
  return divideRoundHalfUp(cents * percent, PERCENT_DIVISOR);
}

/**
 * Other concept lines with their totals: round_half_up(quantity × price, 2), exact. Throws
 * RangeError on malformed input, naming the line (`other_concepts.<i>.quantity`).
 */
export function conceptLines(items: readonly OtherConceptInput[]): OtherConceptLine[] {
  return items.map((item, index): OtherConceptLine => {
    const quantity = toNonNegativeUnits(item.quantity, SCALE.quantity, `other_concepts.${index}.quantity`);
    const price = toUnits(item.price, SCALE.money, `other_concepts.${index}.price`);
    const total = divideRoundHalfUp(quantity * price, pow10(SCALE.quantity));
    return {
      concept: item.concept,
      quantity: formatUnits(quantity, SCALE.quantity),
      price: formatUnits(price, SCALE.money),
      total: formatUnits(total, SCALE.money),
    };
  });
}

/**
 * Prices a task: one price summary per target language and the task totals (see {@link TaskPrice}
 * for the exact formulas). Pure and exact; throws RangeError on malformed input (validate first
 * with `priceTaskInputSchema` to get field errors instead).
 */
export function priceTask(input: PriceTaskInput): TaskPrice {
  const grid = input.grid ?? DEFAULT_PAYABLE_GRID;
  const minimum = input.minimum ?? null;
  const languages = input.languages.map((language) =>
    priceLanguage(language, input.translation_type, grid, minimum),
  );
  const base = languages.reduce((sum, language) => sum + toUnits(language.total, SCALE.money), 0n);

  const otherConcepts = conceptLines(input.other_concepts ?? []);
  const other = otherConcepts.reduce((sum, line) => sum + toUnits(line.total, SCALE.money), 0n);

  const discountPercent = percentUnits(input.discount_percentage ?? 0, 'discount_percentage');
  const discount = percentOf(base, discountPercent);
  const discountedBase = base - discount;

  const tax = input.tax ?? null;
  const taxPercent = tax ? percentUnits(tax.percentage, 'tax.percentage') : 0n;
  const priceTaxes = percentOf(discountedBase, taxPercent);
  const otherTaxes = percentOf(other, taxPercent);

  const untaxed = discountedBase + other;
  const taxed = untaxed + priceTaxes + otherTaxes;
  const money = (units: bigint) => formatUnits(units, SCALE.money);

  return {
    languages,
    other_concepts: otherConcepts,
    base_price: money(base),
    discount: { percent: formatUnits(discountPercent, SCALE.percent), amount: money(discount) },
    discounted_base_price: money(discountedBase),
    other_prices: money(other),
    untaxed_price: money(untaxed),
    price_taxes: money(priceTaxes),
    other_prices_taxes: money(otherTaxes),
    tax_name: tax ? tax.name : null,
    tax_percentage: formatUnits(taxPercent, SCALE.percent),
    taxed_price: money(taxed),
    amount_to_pay: money(taxed > 0n ? taxed : 0n),
  };
}
