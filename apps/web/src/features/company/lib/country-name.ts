import type { CountryDto, Locale } from '@verba/contracts';

const INTL: Record<Locale, string> = { en: 'en-GB', es: 'es-ES', ca: 'ca-ES' };

/**
 * A country's name in the reader's language: the translated name of the portal's list, else the
 * ISO 3166 name from the browser (for two-letter codes), else the name it came with.
 */
export function countryName(
  country: { id: number; code: string; name: string },
  locale: Locale,
  translated: CountryDto[] | undefined,
): string {
  const listed = translated?.find((c) => c.id === country.id)?.name;
  if (listed) return listed;
  if (/^[A-Z]{2}$/.test(country.code)) {
    try {
      const name = new Intl.DisplayNames([INTL[locale]], { type: 'region' }).of(country.code);
      if (name && name !== country.code) return name;
    } catch {
      // An unknown region code: the name as given.
    }
  }
  return country.name;
}
