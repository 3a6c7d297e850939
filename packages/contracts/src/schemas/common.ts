import { z } from 'zod';
import { LOCALES } from '../locales.ts';

export const localeSchema = z.enum(LOCALES, { error: 'validation.invalid_option' });
/** Optional `lang` carried by many bodies (spec part 2 §7); the server also reads it from the query. */
export const langField = { lang: localeSchema.optional() };

export const requiredText = (max = 255) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.max_length' });

/** Money typed by a person: a number or numeric string with at most 2 decimals, within bounds (2-decimal string). */
export const moneyInput = (min: number, max: number) =>
  z.coerce
    .number({ error: 'validation.number' })
    .refine(Number.isFinite, { error: 'validation.number' })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: 'validation.step' })
    .pipe(z.number().min(min, { error: 'validation.min' }).max(max, { error: 'validation.max' }))
    .transform((n) => n.toFixed(2));

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.max_length' })
    .nullish()
    .transform((value) => (value ? value : null));

export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(255, { error: 'validation.max_length' })
  .pipe(z.email({ error: 'validation.email' }))
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .refine((value) => value.length >= 8 && value.length <= 128, { error: 'validation.password_length' });

/** The largest id PostgreSQL's integer columns hold. */
export const MAX_ID = 2_147_483_647;

/**
 * A row id: a whole number from 1, given as a JSON number or as plain digits in a path, query or
 * form. " 1", "0x10", "1e3", "01" and "1.0" are not ids (coercion would read them as 1, 16, 1000
 * and act on another row). A whole number beyond MAX_ID is an id no row can have: it is refused
 * as unknown (`validation.unknown_id`, which the API answers as a 404, like any unknown id).
 */
export const idField = z
  .union([z.number(), z.string()], { error: 'validation.positive_integer' })
  .refine(
    (value) =>
      typeof value === 'number' ? Number.isInteger(value) && value >= 1 : /^[1-9][0-9]*$/.test(value),
    { error: 'validation.positive_integer', abort: true },
  )
  .refine((value) => Number(value) <= MAX_ID, { error: 'validation.unknown_id' })
  .transform(Number);

export const idParam = z.object({ id: idField });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

/** A query with nothing but the reply's language. */
export const localeQuery = z.object({ lang: z.string().optional() });

export interface Paginated<T> {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  data: T[];
}
