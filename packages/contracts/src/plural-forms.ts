import { LOCALES } from './locales.ts';

/** i18next's plural suffixes: `files_one`, `files_many` and `files_other` are one message, `files_#`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A catalogue key with its plural suffix replaced by `_#`. */
export const pluralMessageOf = (key: string): string => key.replace(PLURAL, '_#');

/**
 * The forms every plural message has in every language of the portal: the union of what each
 * needs (CLDR, as `Intl.PluralRules` knows it: Spanish and Catalan have a `many` form, for a
 * million; English has only one and other). English carries a `many` it never uses, so that the
 * catalogues of all languages name the same keys.
 */
export const PLURAL_FORMS: readonly string[] = [
  ...new Set(LOCALES.flatMap((locale) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories)),
].sort();

/**
 * The plural messages among `keys` (of a catalogue in `locale`) without exactly `PLURAL_FORMS`, as
 * "<locale> <message>: <forms found>". Catalogue tests expect none.
 */
export function missingPluralForms(locale: string, keys: string[]): string[] {
  const categories = PLURAL_FORMS.join();
  const forms = new Map<string, string[]>();
  for (const key of keys) {
    const suffix = PLURAL.exec(key)?.[1];
    if (suffix) forms.set(pluralMessageOf(key), [...(forms.get(pluralMessageOf(key)) ?? []), suffix]);
  }
  return [...forms]
    .filter(([, found]) => found.sort().join() !== categories)
    .map(([message, found]) => `${locale} ${message}: ${found.join(', ')}`);
}
