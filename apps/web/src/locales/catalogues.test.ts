import { describe, expect, it } from 'vitest';
import { catalanRegisterSlips, missingPluralForms, pluralMessageOf } from '@verba/contracts';

const catalogues = import.meta.glob<Record<string, unknown>>('./*/*.json', {
  eager: true,
  import: 'default',
});

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

const valueAt = (catalogue: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);

const messages = (keys: string[]) => [...new Set(keys.map(pluralMessageOf))].sort();

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
          const value = valueAt(other, key);
          expect(typeof value === 'string' && value.trim() !== '', `${lang} ${path} ${key}`).toBe(true);
        }
      }
      const namespaces = (l: string) => Object.keys(catalogues).filter((p) => p.startsWith(`./${l}/`)).length;
      expect(namespaces(lang)).toBe(english.length);
    },
  );

  it('ca speaks vostè: formal commands and sentences, no tu, vosaltres or infinitive buttons', () => {
    const slips = Object.entries(catalogues)
      .filter(([path]) => path.startsWith('./ca/'))
      .flatMap(([path, catalogue]) =>
        keysOf(catalogue).map((key) => {
          return [`${path} ${key}`, catalanRegisterSlips(String(valueAt(catalogue, key)))] as const;
        }),
      )
      .filter(([, found]) => found.length > 0);
    expect(slips).toEqual([]);
  });
});
