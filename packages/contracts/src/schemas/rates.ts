import { z } from 'zod';
import { formatUnits, toUnits } from '../pricing/money.ts';
import { BAND_KEYS, type BandKey } from '../pricing/grid.ts';
import { isIsoDate } from '../pricing/calendar.ts';
import { langField, pageQuery, requiredText, idField } from './common.ts';
import { decimalString, timestamp } from './replies.ts';

/**
 * Rates, minimum rates, payable grids and holidays (spec part 2 §5 "Rates", DESIGN §7).
 * Messages are keys; `validation.rates.*` are the rate-specific ones of the spec.
 */

interface DecimalMessages {
  required: string;
  number: string;
  min: string;
  max: string;
  decimals: string;
}

const GENERIC_DECIMAL: DecimalMessages = {
  required: 'validation.required',
  number: 'validation.number',
  min: 'validation.zero_or_more',
  max: 'validation.max',
  decimals: 'validation.step',
};

/**
 * A required decimal in [0, max] with at most `scale` decimals, typed as a number or a numeric
 * string ("0.0825", "30"); outputs the canonical decimal string ("0.0825", "30.00"). Every failure
 * has its own message key; never a binary float in between.
 */
export function decimalInput(scale: number, max: string, messages: DecimalMessages = GENERIC_DECIMAL) {
  const high = toUnits(max, scale);
  return z.unknown().transform((value, ctx): string => {
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      return fail(messages.required);
    if (typeof value !== 'number' && typeof value !== 'string') return fail(messages.number);
    let units: bigint;
    try {
      units = toUnits(value, 12);
    } catch {
      return fail(messages.number);
    }
    if (units < 0n) return fail(messages.min);
    const factor = 10n ** BigInt(12 - scale);
    if (units % factor !== 0n) return fail(messages.decimals);
    const scaled = units / factor;
    if (scaled > high) {
      ctx.issues.push({
        code: 'too_big',
        origin: 'number',
        maximum: Number(max),
        inclusive: true,
        message: messages.max,
        input: value,
      });
      return z.NEVER;
    }
    return formatUnits(scaled, scale);
  });
}

const rateMessages = (field: 'r1' | 'r2'): DecimalMessages => ({
  required: `validation.rates.${field}_required`,
  number: `validation.rates.${field}_number`,
  min: `validation.rates.${field}_min`,
  max: `validation.rates.${field}_max`,
  decimals: `validation.rates.${field}_decimals`,
});

/** Euros per word: 0..9999.9999, at most 4 decimals. */
export const rateR1Field = decimalInput(4, '9999.9999', rateMessages('r1'));
/** Euros per hour: 0..999999.99, at most 2 decimals. */
export const rateR2Field = decimalInput(2, '999999.99', rateMessages('r2'));
export const RATE_R1_MAX = '9999.9999';
export const RATE_R2_MAX = '999999.99';

/** A language id, or null when missing; the "both languages" rule is checked on the object. */
const languageIdField = z
  .unknown()
  .optional()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null || value === '' || value === 0 || value === '0') return null;
    const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
      ctx.issues.push({ code: 'custom', message: 'validation.invalid_option', input: value });
      return z.NEVER;
    }
    return n;
  });

const optionalId = z
  .union([z.null(), z.coerce.number({ error: 'validation.invalid_option' }).int().positive()], {
    error: 'validation.invalid_option',
  })
  .optional();

type LanguagePair = { source_lang?: unknown; target_lang?: unknown };

/** Both languages required (one message on each missing one), and different. */
function checkLanguages(value: LanguagePair, ctx: z.RefinementCtx) {
  // `always` runs the refinement even when the body is not an object (null, an array): nothing to add
  if (!value || typeof value !== 'object') return;
  const source = value.source_lang;
  const target = value.target_lang;
  if (source === null || target === null || source === undefined || target === undefined) {
    for (const field of ['source_lang', 'target_lang'] as const)
      if (value[field] === null || value[field] === undefined)
        ctx.addIssue({ code: 'custom', message: 'validation.rates.languages_required', path: [field] });
    return;
  }
  if (typeof source === 'number' && source === target)
    ctx.addIssue({ code: 'custom', message: 'validation.rates.languages_different', path: ['target_lang'] });
}

const always = { when: () => true };

/** `POST /rate/store`: a general rate (`default_group: true`) or a customer's (`customer_id`). */
export const rateStoreBody = z
  .strictObject({
    source_lang: languageIdField,
    target_lang: languageIdField,
    r1: rateR1Field,
    r2: rateR2Field,
    customer_id: optionalId,
    default_group: z
      .union([z.boolean(), z.literal(1), z.literal(0)], { error: 'validation.type' })
      .optional(),
    enabled: z.boolean({ error: 'validation.type' }).optional(),
    ...langField,
  })
  .superRefine((value, ctx) => {
    if (!value || typeof value !== 'object') return;
    checkLanguages(value, ctx);
    const general = value.default_group === true || value.default_group === 1;
    const customer = typeof value.customer_id === 'number';
    if (general === customer)
      ctx.addIssue({
        code: 'custom',
        message: general ? 'validation.rates.owner_both' : 'validation.rates.owner_required',
        path: ['customer_id'],
      });
  }, always);
export type RateStoreInput = z.output<typeof rateStoreBody>;

/** `PUT /rate/{id}`: the rate's fields; the owner (customer or general list) never changes. */
export const rateUpdateBody = z
  .strictObject({
    source_lang: languageIdField,
    target_lang: languageIdField,
    r1: rateR1Field,
    r2: rateR2Field,
    enabled: z.boolean({ error: 'validation.type' }).optional(),
    // sent back by forms that post the whole rate; ignored
    id: z.unknown().optional(),
    customer_id: z.unknown().optional(),
    default_group: z.unknown().optional(),
    ...langField,
  })
  .superRefine(checkLanguages, always);
export type RateUpdateInput = z.output<typeof rateUpdateBody>;

export const ratesListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  customer_id: idField.optional(),
  lang: z.string().optional(),
});

export const rateLanguagesQuery = z.object({
  customer_id: idField.optional(),
  lang: z.string().optional(),
});

/** `GET /customers/{id}/rate` and `/customers/{id}/rates/effective`. */
export const customerRatesQuery = pageQuery.extend({ lang: z.string().optional() });

/** Minimum charge per translation type (spec §5): 0..999999.99, 2 decimals; flash `hour` is 0. */
export const FLASH_TYPE_ID = 4;
export const minimumRateItem = z
  .strictObject({
    translation_type_id: z.coerce
      .number({ error: 'validation.required' })
      .int({ error: 'validation.invalid_option' })
      .positive({ error: 'validation.invalid_option' }),
    hour: decimalInput(2, '999999.99'),
    amount: decimalInput(2, '999999.99'),
  })
  .superRefine((value, ctx) => {
    // Runs `always` (beside the other fields' errors), so also on an item that is not an object.
    const item = value as unknown;
    if (
      item &&
      typeof item === 'object' &&
      'translation_type_id' in item &&
      item.translation_type_id === FLASH_TYPE_ID &&
      'hour' in item &&
      typeof item.hour === 'string' &&
      item.hour !== '0.00'
    )
      ctx.addIssue({ code: 'custom', message: 'validation.rates.flash_hour', path: ['hour'] });
  }, always);

/**
 * Each translation type once in a list of minimum rates. Refinements also run on a list whose
 * items failed (a `null` item among them), so it reads only the items that are objects.
 */
function typeOnce(items: readonly unknown[], ctx: z.RefinementCtx) {
  const ids = items.flatMap((m) =>
    m && typeof m === 'object' && 'translation_type_id' in m ? [m.translation_type_id] : [],
  );
  if (new Set(ids).size !== ids.length)
    ctx.addIssue({ code: 'custom', message: 'validation.rates.type_twice', path: ['minimum_rates'] });
}

export const minimumRatesBody = z
  .strictObject({
    customer_minimum_rates: z.boolean({ error: 'validation.type' }).default(false),
    minimum_rates: z.array(minimumRateItem, { error: 'validation.type' }).max(50).default([]),
    ...langField,
  })
  .superRefine((value, ctx) => typeOnce(value.minimum_rates, ctx));
export type MinimumRatesInput = z.output<typeof minimumRatesBody>;

/** PUT /general-minimum-rates: the general minimum charges (tasks without a customer: guest quotes). */
export const generalMinimumRatesBody = z
  .strictObject({
    minimum_rates: z.array(minimumRateItem, { error: 'validation.type' }).max(50),
    ...langField,
  })
  .superRefine((value, ctx) => typeOnce(value.minimum_rates, ctx));
export type GeneralMinimumRatesInput = z.output<typeof generalMinimumRatesBody>;

/** `customer_id` may be left out by a client admin: its own customer. */
export const minimumRatesQuery = z.object({
  customer_id: idField.optional(),
  lang: z.string().optional(),
});

/** Payable % of the per-word price per match band: 0..999.99, 2 decimals. */
export const payableGridBody = z.strictObject({
  ...(Object.fromEntries(BAND_KEYS.map((band) => [band, decimalInput(2, '999.99')])) as Record<
    BandKey,
    ReturnType<typeof decimalInput>
  >),
  ...langField,
});
export type PayableGridInput = z.output<typeof payableGridBody>;

export const HOLIDAY_REGION = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;
export const holidayBody = z.strictObject({
  date: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .refine(isIsoDate, { error: 'validation.format' }),
  region: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .transform((v) => v.toUpperCase())
    .refine((v) => HOLIDAY_REGION.test(v), { error: 'validation.format' }),
  name_en: requiredText(255),
  name_es: requiredText(255),
  name_ca: requiredText(255),
  ...langField,
});
export type HolidayInput = z.output<typeof holidayBody>;

export const holidayParams = z.object({
  date: z.string().refine(isIsoDate),
  region: z.string().min(1).max(16),
});

export const holidaysQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  region: z.string().max(16).optional(),
  lang: z.string().optional(),
});

// ---------------------------------------------------------------- replies (DTOs)

export const rateLanguageDto = z.object({ id: z.number().int(), iso_code: z.string(), name: z.string() });
export type RateLanguageDto = z.infer<typeof rateLanguageDto>;

/** A rate as the API shows it. `updated_at` and `user` only for VERBA_ADMIN. */
export const rateDto = z.object({
  id: z.number().int(),
  source_lang: z.number().int(),
  target_lang: z.number().int(),
  source_language: rateLanguageDto,
  target_language: rateLanguageDto,
  r1: decimalString,
  r2: decimalString,
  customer_id: z.number().int().nullable(),
  default_group: z.boolean(),
  from: z.enum(['general', 'customer']),
  enabled: z.boolean(),
  updated_at: timestamp.optional(),
  user: z.object({ name: z.string(), lastname: z.string() }).nullable().optional(),
});
export type RateDto = z.infer<typeof rateDto>;

export const rateTypePriceDto = z.object({
  translation_type_id: z.number().int(),
  name: z.string(),
  percent: decimalString,
  price: decimalString,
});
export type RateTypePriceDto = z.infer<typeof rateTypePriceDto>;

/** What a customer pays for a pair, with the price per translation type. */
export const effectiveRateDto = rateDto.extend({ prices: z.array(rateTypePriceDto) });
export type EffectiveRateDto = z.infer<typeof effectiveRateDto>;

export const rateDeletedDto = z.object({ deleted: z.literal(true), id: z.number().int() });
export type RateDeletedDto = z.infer<typeof rateDeletedDto>;
export const rateEnabledDto = z.object({
  customer_id: z.number().int(),
  rate_id: z.number().int(),
  enabled: z.boolean(),
});
export type RateEnabledDto = z.infer<typeof rateEnabledDto>;
export const rateImportDto = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  message: z.string(),
});
export type RateImportDto = z.infer<typeof rateImportDto>;

export const minimumRateDto = z.object({
  translation_type_id: z.number().int(),
  name: z.string(),
  hour: decimalString,
  amount: decimalString,
});
export type MinimumRateDto = z.infer<typeof minimumRateDto>;
export const minimumRatesDto = z.object({
  customer_id: z.number().int(),
  customer_minimum_rates: z.boolean(),
  minimum_rates: z.array(minimumRateDto),
});
export type MinimumRatesDto = z.infer<typeof minimumRatesDto>;

export const generalMinimumRatesDto = z.object({ minimum_rates: z.array(minimumRateDto) });
export type GeneralMinimumRatesDto = z.infer<typeof generalMinimumRatesDto>;

/** The grid that prices a customer's tasks; `custom` false: the global one shows through. */
export const payableGridDto = z.object({
  customer_id: z.number().int().nullable(),
  custom: z.boolean(),
  grid: z.object(
    Object.fromEntries(BAND_KEYS.map((band) => [band, decimalString])) as Record<
      BandKey,
      typeof decimalString
    >,
  ),
});
export type PayableGridDto = z.infer<typeof payableGridDto>;

export const holidayDto = z.object({
  date: z.string(),
  region: z.string(),
  name_en: z.string(),
  name_es: z.string(),
  name_ca: z.string(),
});
export type HolidayDto = z.infer<typeof holidayDto>;
export const holidayDeletedDto = z.object({ deleted: z.literal(true) });
export type HolidayDeletedDto = z.infer<typeof holidayDeletedDto>;
