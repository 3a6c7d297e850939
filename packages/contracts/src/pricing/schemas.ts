import { z } from 'zod';
import { isIsoDate } from './calendar.ts';
import { BAND_KEYS } from './grid.ts';
import type { BandKey } from './grid.ts';
import { SCALE, formatUnits, formatUnitsTrimmed, pow10, toUnits } from './money.ts';

/**
 * Zod schemas of the engine's input. They accept decimal strings or numbers and output canonical
 * decimal strings, so `priceTask(priceTaskInputSchema.parse(body))` never throws. Messages are
 * the shared `validation.*` keys (see ../validation.ts).
 */

interface DecimalOptions {
  scale: number;
  min: string;
  max: string;
  /** output with exactly `scale` decimals (money) or trimmed (word counts) */
  trim?: boolean;
}

/** A decimal with at most `scale` decimals in [min, max]; outputs a canonical decimal string. */
export function decimalField({ scale, min, max, trim = false }: DecimalOptions) {
  const low = toUnits(min, scale);
  const high = toUnits(max, scale);
  return z
    .union([z.string({ error: 'validation.number' }), z.number({ error: 'validation.number' })], {
      error: 'validation.number',
    })
    .transform((value, ctx) => {
      let units: bigint;
      try {
        units = toUnits(value, 12);
      } catch {
        ctx.issues.push({ code: 'custom', message: 'validation.number', input: value });
        return z.NEVER;
      }
      if (units % pow10(12 - scale) !== 0n) {
        ctx.issues.push({
          code: 'not_multiple_of',
          divisor: 1 / 10 ** scale,
          input: undefined,
          // the shared "step" message speaks of two decimals; 4-decimal fields say "format"
          message: scale === 2 ? 'validation.step' : 'validation.format',
        });
        return z.NEVER;
      }
      const scaled = units / pow10(12 - scale);
      if (scaled < low) {
        ctx.issues.push({
          code: 'too_small',
          origin: 'number',
          minimum: Number(min),
          inclusive: true,
          message: 'validation.min',
          input: value,
        });
        return z.NEVER;
      }
      if (scaled > high) {
        ctx.issues.push({
          code: 'too_big',
          origin: 'number',
          maximum: Number(max),
          inclusive: true,
          message: 'validation.max',
          input: value,
        });
        return z.NEVER;
      }
      return trim ? formatUnitsTrimmed(scaled, scale) : formatUnits(scaled, scale);
    });
}

const MAX_AMOUNT = '999999.99'; // spec §5 limits of amounts, prices and minimum rates

/** euros per word (r1): 0..9999.9999, 4 decimals */
export const wordPriceField = decimalField({ scale: SCALE.wordPrice, min: '0', max: '9999.9999' });
/** euros (r2, minimum amount): 0..999999.99 */
export const amountField = decimalField({ scale: SCALE.money, min: '0', max: MAX_AMOUNT });
/** percent of r1 of a translation type, or of the grid: 0..999.99 */
export const ratePercentField = decimalField({ scale: SCALE.percent, min: '0', max: '999.99' });
/** discount or tax: 0..100 */
export const percentageField = decimalField({ scale: SCALE.percent, min: '0', max: '100' });

/** Words in one band: a whole number 0..100,000,000. */
export const wordsField = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.number' })
  .min(0, { error: 'validation.min' })
  .max(100_000_000, { error: 'validation.max' });

const bandShape = Object.fromEntries(BAND_KEYS.map((band) => [band, wordsField])) as Record<
  BandKey,
  typeof wordsField
>;

export const wordCountBandsSchema = z
  .object({ total_words: wordsField.optional(), ...bandShape })
  .refine(
    (count) =>
      count.total_words === undefined ||
      count.total_words === BAND_KEYS.reduce((sum, band) => sum + count[band], 0),
    { error: 'validation.invalid', path: ['total_words'] },
  );

const gridShape = Object.fromEntries(BAND_KEYS.map((band) => [band, ratePercentField])) as Record<
  BandKey,
  typeof ratePercentField
>;
export const payableGridSchema = z.object(gridShape);

export const translationTypeRefSchema = z.object({
  id: z.number({ error: 'validation.number' }).int().positive(),
  percent: ratePercentField,
});

export const minimumRateSchema = z.object({
  hour: decimalField({ scale: SCALE.quantity, min: '0', max: MAX_AMOUNT }),
  amount: amountField,
});

export const taxRuleSchema = z.object({
  name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(50),
  percentage: percentageField,
});

export const otherConceptPriceSchema = z.object({
  concept: z.string({ error: 'validation.required' }).max(100, { error: 'validation.max_length' }),
  quantity: decimalField({ scale: SCALE.quantity, min: '0.01', max: MAX_AMOUNT }),
  price: decimalField({ scale: SCALE.money, min: `-${MAX_AMOUNT}`, max: MAX_AMOUNT }),
});

export const languagePriceInputSchema = z.object({
  target_language_id: z.number({ error: 'validation.number' }).int().positive(),
  r1: wordPriceField,
  r2: amountField,
  word_count: wordCountBandsSchema,
});

export const priceTaskInputSchema = z.object({
  translation_type: translationTypeRefSchema,
  languages: z
    .array(languagePriceInputSchema)
    .min(1, { error: 'validation.required' })
    .max(200)
    .refine((languages) => new Set(languages.map((l) => l.target_language_id)).size === languages.length, {
      error: 'validation.invalid',
    }),
  grid: payableGridSchema.optional(),
  minimum: minimumRateSchema.nullish(),
  discount_percentage: percentageField.optional(),
  tax: taxRuleSchema.nullish(),
  other_concepts: z.array(otherConceptPriceSchema).max(500).optional(),
});
export type PriceTaskInputParsed = z.output<typeof priceTaskInputSchema>;

/** "YYYY-MM-DD", a real calendar date. */
export const isoDateField = z
  .string({ error: 'validation.required' })
  .refine(isIsoDate, { error: 'validation.format' });

export const dueDateInputSchema = z.object({
  approved_at: z.union([z.date(), z.iso.datetime({ offset: true, error: 'validation.format' })], {
    error: 'validation.format',
  }),
  translation_type_id: z.number({ error: 'validation.number' }).int().positive(),
  payable_words: decimalField({ scale: 4, min: '0', max: '10000000000', trim: true }),
  days_to_add: z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.number' })
    .min(-999, { error: 'validation.min' })
    .max(999, { error: 'validation.max' })
    .optional(),
  holidays: z.array(isoDateField).max(10_000).optional(),
});
export type DueDateInputParsed = z.output<typeof dueDateInputSchema>;
