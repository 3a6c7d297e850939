import type { Locale } from '@verba/contracts';

const INTL: Record<Locale, string> = { en: 'en-GB', es: 'es-ES', ca: 'ca-ES' };

/** "2026-11" → "Nov 26" / "nov 26" in the reader's language. */
export function monthLabel(month: string, locale: Locale): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(INTL[locale], { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 15)),
  );
}

/** Compact axis numbers: 12.5k, 1.2M; amounts carry their unit: €12.5k (en), 12,5 mil € (es). */
export const compact =
  (locale: Locale, unit: 'euros' | 'count' = 'count') =>
  (value: number) =>
    new Intl.NumberFormat(INTL[locale], {
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
      ...(unit === 'euros' ? { style: 'currency', currency: 'EUR' } : {}),
    }).format(value);
