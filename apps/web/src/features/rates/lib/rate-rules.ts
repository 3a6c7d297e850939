import { FLASH_TYPE_ID, minimumRatesBody, rateUpdateBody, type Locale } from '@verba/contracts';
import { pricePerTranslationType } from '@verba/contracts/pricing';
import { zodFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import type { RateWrite } from '../api/save-rate.ts';
import type { MinimumRatesWrite } from '../api/save-minimum-rates.ts';

export interface RateFormValues {
  source_lang: string | null;
  target_lang: string | null;
  r1: string | number;
  r2: string | number;
}

/**
 * Checks a rate form with the API's own schema (both languages, different, r1 and r2 required,
 * numeric, at least 0, decimals): the body to send, or the translated message of each field.
 */
export function checkRateForm(
  values: RateFormValues,
): { body: RateWrite; errors?: undefined } | { body?: undefined; errors: FieldErrors } {
  const parsed = rateUpdateBody.safeParse({
    source_lang: values.source_lang ? Number(values.source_lang) : null,
    target_lang: values.target_lang ? Number(values.target_lang) : null,
    r1: values.r1,
    r2: values.r2,
  });
  if (!parsed.success) return { errors: zodFieldErrors(parsed.error.issues) };
  const { source_lang, target_lang, r1, r2 } = parsed.data;
  return { body: { source_lang, target_lang, r1, r2 } };
}

export interface TranslationTypeLike {
  id: number;
  percent: string;
  name_en: string;
  name_es: string;
  name_ca: string;
}

export interface TypePrice {
  id: number;
  name: string;
  percent: string;
  /** Euros per word, 4 decimals ("0.0825"). */
  price: string;
}

/**
 * The price per word of each translation type for a rate (r1 × percent / 100, 4 decimals, the
 * shared pricing engine), names in the UI language, listed in reverse order as the spec shows them.
 */
export function pricesPerType(
  r1: string,
  types: readonly TranslationTypeLike[],
  locale: Locale,
): TypePrice[] {
  return [...types]
    .sort((a, b) => b.id - a.id)
    .map((type) => ({
      id: type.id,
      name: type[`name_${locale}`],
      percent: type.percent,
      price: pricePerTranslationType(r1, type.percent),
    }));
}

/**
 * The lines of an import report from a 422: one per bad row ("Row 3: Unknown language: xx"),
 * rows in order; other field messages (the file itself) as they are.
 */
export function importReportLines(
  errors: Record<string, string[]> | undefined,
  rowLabel: (row: number) => string,
): string[] {
  const entries = Object.entries(errors ?? {}).map(([field, messages]) => {
    const row = /^row (\d+)$/.exec(field)?.[1];
    return { row: row === undefined ? null : Number(row), messages };
  });
  entries.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return entries.map(({ row, messages }) =>
    row === null ? messages.join(' ') : `${rowLabel(row)}: ${messages.join(' ')}`,
  );
}

/** Whether a 422 of an import names rows (a report to show) rather than the file (a toast). */
export const namesRows = (errors: Record<string, string[]> | undefined): boolean =>
  Object.keys(errors ?? {}).some((field) => /^row \d+$/.test(field));

export interface MinimumRateRow {
  translation_type_id: number;
  hour: string | number;
  amount: string | number;
}

/** The flash type's hour minimum is fixed at 0 (and its field disabled). */
export const hourLocked = (typeId: number): boolean => typeId === FLASH_TYPE_ID;

/**
 * Checks the minimum rates form with the API's schema (0 to 999,999.99, 2 decimals, required):
 * the body to send (flash hour forced to 0), or the messages keyed as the API names them
 * ("minimum_rates.1.amount").
 */
export function checkMinimumRates(
  applies: boolean,
  rows: readonly MinimumRateRow[],
): { body: MinimumRatesWrite; errors?: undefined } | { body?: undefined; errors: FieldErrors } {
  const parsed = minimumRatesBody.safeParse({
    customer_minimum_rates: applies,
    minimum_rates: rows.map((row) => ({
      translation_type_id: row.translation_type_id,
      hour: hourLocked(row.translation_type_id) ? 0 : row.hour,
      amount: row.amount,
    })),
  });
  if (!parsed.success) return { errors: zodFieldErrors(parsed.error.issues, { fullPath: true }) };
  return { body: { customer_minimum_rates: applies, minimum_rates: parsed.data.minimum_rates } };
}
