import type { Locale } from '@verba/contracts';

/**
 * A language's name as it reads inside a sentence of `locale`, after "into" / "al" / "a". English
 * names stay capitalised ("into Spanish"); Spanish ones are lowercase (the catalogue writes "al
 * {{language}}": "al español"). Catalan ones come with the preposition "a" and its article, as the
 * language contracts them: "a l'espanyol", "al francès" (the catalogue writes "cap {{language}}").
 * The name comes from the browser (Intl.DisplayNames) by ISO code, else the stored name.
 */
export function languageInSentence(isoCode: string, storedName: string, locale: Locale): string {
  if (locale === 'en') return storedName;
  let name = storedName.toLowerCase();
  try {
    const shown = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(isoCode);
    if (shown && shown.toLowerCase() !== isoCode.toLowerCase()) name = shown.toLowerCase();
  } catch {
    // an ISO code the browser does not know: the stored name, lowercased
  }
  if (locale === 'ca') return /^[aeiouàèéíïòóúüh]/i.test(name) ? `a l'${name}` : `al ${name}`;
  return name;
}
