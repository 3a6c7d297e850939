import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalanRegisterSlips, missingPluralForms, pluralMessageOf } from '@verba/contracts';

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

const messages = (keys: string[]) => [...new Set(keys.map(pluralMessageOf))].sort();

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

  it('ca speaks vostè in errors, mails and PDFs: no tu, vosaltres or infinitive commands', () => {
    const texts = (catalogue: Catalogue, prefix = ''): Array<[string, string]> =>
      Object.entries(catalogue).flatMap(([key, value]) =>
        typeof value === 'string' ? [[`${prefix}${key}`, value]] : texts(value, `${prefix}${key}.`),
      );
    const slips = texts(load('ca'))
      .map(([key, text]) => [key, catalanRegisterSlips(text)] as const)
      .filter(([, found]) => found.length > 0);
    expect(slips).toEqual([]);
  });
});
