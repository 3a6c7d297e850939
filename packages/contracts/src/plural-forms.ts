/** i18next's plural suffixes: `files_one`, `files_many` and `files_other` are one message, `files_#`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A catalogue key with its plural suffix replaced by `_#`. */
export const pluralMessageOf = (key: string): string => key.replace(PLURAL, '_#');

/**
 * The plural messages among `keys` whose forms are not exactly the ones `locale` needs (CLDR, as
 * `Intl.PluralRules` knows them: Spanish and Catalan have a `many` form, for a million), as
 * "<locale> <message>: <forms found>". Catalogue tests expect none.
 */
export function missingPluralForms(locale: string, keys: string[]): string[] {
  const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
  const forms = new Map<string, string[]>();
  for (const key of keys) {
    const suffix = PLURAL.exec(key)?.[1];
    if (suffix) forms.set(pluralMessageOf(key), [...(forms.get(pluralMessageOf(key)) ?? []), suffix]);
  }
  return [...forms]
    .filter(([, found]) => found.sort().join() !== categories.join())
    .map(([message, found]) => `${locale} ${message}: ${found.join(', ')}`);
}
