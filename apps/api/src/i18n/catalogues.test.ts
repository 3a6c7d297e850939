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

describe('API messages', () => {
  const english = leaves(load('en'));
  it.each(['es', 'ca'])('%s has every English message, and no other, none empty', (locale) => {
    const other = leaves(load(locale));
    expect(other.map(([key]) => key).sort()).toEqual(english.map(([key]) => key).sort());
    expect(other.filter(([, empty]) => empty).map(([key]) => key)).toEqual([]);
  });
});
