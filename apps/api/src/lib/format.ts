import type { Locale } from '@verba/contracts';
import { madridDateOf } from '@verba/contracts/pricing';

/**
 * The server's one way to write numbers, money and dates for people (PDFs, mails, the sandbox bank): en €1,234.50
 * and month/day/year; es and ca 1.234,50 € and day/month/year (as the web app writes them). Money arrives as decimal strings
 * and is formatted as text, never as a float.
 */
const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  es: { group: '.', decimal: ',' },
  ca: { group: '.', decimal: ',' },
};

/** Splits "-1234.5" into sign, digits and fraction, padded or rounded half up to `decimals`. */
function parts(value: string | number, decimals: number): { negative: boolean; int: string; frac: string } {
  const text = String(value).trim();
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal number: ${text}`);
  const negative = match[1] === '-';
  let int = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  let frac = match[3] ?? '';
  if (frac.length > decimals) {
    const roundUp = Number(frac[decimals]) >= 5;
    frac = frac.slice(0, decimals);
    if (roundUp) {
      const digits = BigInt(int + frac) + 1n;
      const joined = digits.toString().padStart(decimals + 1, '0');
      int = joined.slice(0, joined.length - decimals) || '0';
      frac = joined.slice(joined.length - decimals);
    }
  }
  frac = frac.padEnd(decimals, '0');
  const zero = /^0*$/.test(int + frac);
  return { negative: negative && !zero, int, frac };
}

/** A decimal string in the locale: grouped thousands, `decimals` places (rounded half up). */
export function formatDecimal(value: string | number, locale: Locale, decimals: number): string {
  const { group, decimal } = SEPARATORS[locale];
  const { negative, int, frac } = parts(value, decimals);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${decimals ? decimal + frac : ''}`;
}

/** The euro sign where the language writes it: "€1,234.50" and "-€148.50" (en), "1.234,50 €" (es, ca). */
function euros(value: string, locale: Locale, decimals: number): string {
  const number = formatDecimal(value, locale, decimals);
  if (locale !== 'en') return `${number} €`;
  return number.startsWith('-') ? `-€${number.slice(1)}` : `€${number}`;
}

/** Euros: "€1,234.50" (en), "1.234,50 €" (es, ca). */
export const formatMoney = (value: string, locale: Locale) => euros(value, locale, 2);

/** Per-word prices keep 4 decimals: "€0.1000" (en), "0,1000 €" (es, ca). */
export const formatWordPrice = (value: string, locale: Locale) => euros(value, locale, 4);

/** Whole numbers (word counts). */
export const formatInteger = (value: number, locale: Locale) => formatDecimal(String(value), locale, 0);

/** Percentages without useless zeros: "21%" (en), "21 %" and "5,5 %" (es, ca). */
export function formatPercent(value: string, locale: Locale): string {
  const { int, frac } = parts(value, 2);
  const trimmed = frac.replace(/0+$/, '');
  const number = formatDecimal(trimmed ? `${int}.${trimmed}` : int, locale, trimmed.length);
  return locale === 'en' ? `${number}%` : `${number} %`;
}

/** The Madrid calendar date of an instant: 11/22/2026 (en), 22/11/2026 (es, ca). */
export function formatDate(instant: Date, locale: Locale): string {
  const [year, month, day] = madridDateOf(instant).split('-');
  return locale === 'en' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

/** The Madrid calendar date written out, as mails say it: "November 24, 2026", "24 de noviembre de 2026". */
export const formatLongDate = (instant: Date, locale: Locale): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(instant);
