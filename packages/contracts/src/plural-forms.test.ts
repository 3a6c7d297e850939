import { describe, expect, it } from 'vitest';
import { missingPluralForms, pluralMessageOf } from './plural-forms.ts';

describe('plural forms of a catalogue', () => {
  it('groups the forms of one message', () => {
    expect(pluralMessageOf('list.total_many')).toBe('list.total_#');
    expect(pluralMessageOf('list.title')).toBe('list.title');
  });

  it('asks each language for its own forms: English one and other, Spanish and Catalan also many', () => {
    const english = ['total_one', 'total_other', 'title'];
    expect(missingPluralForms('en', english)).toEqual([]);
    expect(missingPluralForms('es', english)).toEqual(['es total_#: one, other']);
    expect(missingPluralForms('ca', [...english, 'total_many'])).toEqual([]);
    expect(missingPluralForms('en', ['total_other'])).toEqual(['en total_#: other']);
  });
});
