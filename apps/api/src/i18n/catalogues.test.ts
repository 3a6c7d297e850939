import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Catalogue = { [key: string]: string | Catalogue };

const FILES = ['api.json', 'logs.json'];
const load = (locale: string): Catalogue =>
  Object.assign(
    {},
    ...FILES.map(
      (file) =>
        JSON.parse(readFileSync(new URL(`./${locale}/${file}`, import.meta.url), 'utf8')) as Catalogue,
    ),
  ) as Catalogue;

/** Every leaf key, as dotted paths, and whether its text is empty. */
function leaves(catalogue: Catalogue, prefix = ''): Array<[string, boolean]> {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value.trim() === '']]
      : leaves(value, `${prefix}${key}.`),
  );
}

/** i18next's plural suffixes: `files_one`, `files_many`, `files_other` are one message, `files_#`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const messageOf = (key: string) => key.replace(PLURAL, '_#');
const messages = (keys: string[]) => [...new Set(keys.map(messageOf))].sort();

/** Plural messages whose forms are not exactly the language's (es and ca need `_many` for 1,000,000). */
function missingPluralForms(locale: string, keys: string[]): string[] {
  const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
  const forms = new Map<string, string[]>();
  for (const key of keys.filter((k) => PLURAL.test(k)))
    forms.set(messageOf(key), [...(forms.get(messageOf(key)) ?? []), PLURAL.exec(key)![1]!]);
  return [...forms]
    .filter(([, found]) => found.sort().join() !== categories.join())
    .map(([message, found]) => `${locale} ${message}: ${found.join(', ')}`);
}

describe('API messages', () => {
  const english = leaves(load('en'));
  it('en has the plural forms of English', () => {
    expect(
      missingPluralForms(
        'en',
        english.map(([key]) => key),
      ),
    ).toEqual([]);
  });
  it.each(['es', 'ca'])(
    '%s has every English message with its own plural forms, and no other, none empty',
    (locale) => {
      const other = leaves(load(locale));
      const keys = other.map(([key]) => key);
      expect(messages(keys)).toEqual(messages(english.map(([key]) => key)));
      expect(missingPluralForms(locale, keys)).toEqual([]);
      expect(other.filter(([, empty]) => empty).map(([key]) => key)).toEqual([]);
    },
  );
});
