import type { Locale } from '@verba/contracts';

const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', es: 'es-ES', ca: 'ca-ES' };

const pad = (value: number) => String(value).padStart(2, '0');

/** en: month/day/year; es and ca: day/month/year (spec part 2 §9). */
export function formatDate(value: string | number | Date, locale: Locale): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = pad(date.getDate());
  const month = pad(date.getMonth() + 1);
  const year = date.getFullYear();
  return locale === 'en' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

export function formatDateTime(value: string | number | Date, locale: Locale): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date, locale)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A plain number (word counts, percents) grouped for the locale; empty values show as a dash. */
export function formatNumber(value: string | number | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '—';
  return new Intl.NumberFormat(INTL_LOCALE[locale], { useGrouping: true }).format(Number(value));
}

/** Euros from a decimal string ("120.50") or number, formatted for the locale. */
export function formatEuros(amount: string | number, locale: Locale, fractionDigits = 2): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '';
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    useGrouping: true,
  }).format(value);
}

/** A number with exactly `digits` decimals, grouped for the locale (payable words: one precision everywhere). */
export function formatDecimal(value: string | number, locale: Locale, digits: number): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return '—';
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: true,
  }).format(number);
}

/** A file size in B, kB or MB (powers of 1000), one decimal, for the locale: "74.9 kB", "74,9 kB". */
export function formatFileSize(bytes: number, locale: Locale): string {
  if (bytes < 1000) return `${formatNumber(bytes, locale)} B`;
  if (bytes < 1000 * 1000) return `${formatDecimal(bytes / 1000, locale, 1)} kB`;
  return `${formatDecimal(bytes / 1000 / 1000, locale, 1)} MB`;
}
