import { describe, expect, it } from 'vitest';

const catalogues = import.meta.glob<Record<string, unknown>>('./*/*.json', {
  eager: true,
  import: 'default',
});

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

/** i18next's plural suffixes: `files_one`, `files_many`, `files_other` are one message, `files_#`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const messageOf = (key: string) => key.replace(PLURAL, '_#');
const messages = (keys: string[]) => [...new Set(keys.map(messageOf))].sort();

/** Plural messages whose forms are not exactly the language's (es and ca need `_many` for 1,000,000). */
function missingPluralForms(lang: string, keys: string[]): string[] {
  const categories = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
  const forms = new Map<string, string[]>();
  for (const key of keys.filter((k) => PLURAL.test(k)))
    forms.set(messageOf(key), [...(forms.get(messageOf(key)) ?? []), PLURAL.exec(key)![1]!]);
  return [...forms]
    .filter(([, found]) => found.sort().join() !== categories.join())
    .map(([message, found]) => `${lang} ${message}: ${found.join(', ')}`);
}

describe('locale catalogues', () => {
  const english = Object.keys(catalogues).filter((path) => path.startsWith('./en/'));

  it('has namespaces to compare', () => expect(english.length).toBeGreaterThan(0));

  it('en has the plural forms of English', () => {
    for (const path of english) expect(missingPluralForms('en', keysOf(catalogues[path]))).toEqual([]);
  });

  it.each(['es', 'ca'])(
    '%s has exactly the messages of en, with its own plural forms, none empty',
    (lang) => {
      for (const path of english) {
        const other = catalogues[path.replace('./en/', `./${lang}/`)];
        expect(other, `${lang} misses ${path}`).toBeDefined();
        expect(messages(keysOf(other))).toEqual(messages(keysOf(catalogues[path])));
        expect(missingPluralForms(lang, keysOf(other))).toEqual([]);
        for (const key of keysOf(other)) {
          const value = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], other);
          expect(typeof value === 'string' && value.trim() !== '', `${lang} ${path} ${key}`).toBe(true);
        }
      }
      const namespaces = (l: string) => Object.keys(catalogues).filter((p) => p.startsWith(`./${l}/`)).length;
      expect(namespaces(lang)).toBe(english.length);
    },
  );
});
