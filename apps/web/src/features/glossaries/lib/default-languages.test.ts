import { describe, expect, it } from 'vitest';
import { defaultLanguage } from './default-languages.ts';

describe('defaultLanguage', () => {
  it('is English when the list has it, else the first language, else none', () => {
    expect(
      defaultLanguage([
        { id: 3, iso_code: 'fr' },
        { id: 7, iso_code: 'en' },
      ]),
    ).toBe(7);
    expect(
      defaultLanguage([
        { id: 3, iso_code: 'fr' },
        { id: 4, iso_code: 'de' },
      ]),
    ).toBe(3);
    expect(defaultLanguage([])).toBeNull();
  });
});
