import { describe, expect, it } from 'vitest';
import { missingPluralForms, PLURAL_FORMS, pluralMessageOf } from './plural-forms.ts';

describe('plural forms of a catalogue', () => {
  it('groups the forms of one message', () => {
    expect(pluralMessageOf('list.total_many')).toBe('list.total_#');
    expect(pluralMessageOf('list.title')).toBe('list.title');
  });

  it('asks every language for the forms any of them needs: many (es, ca: a million), one, other', () => {
    expect(PLURAL_FORMS).toEqual(['many', 'one', 'other']);
    const complete = ['total_one', 'total_many', 'total_other', 'title'];
    expect(missingPluralForms('en', complete)).toEqual([]);
    expect(missingPluralForms('ca', complete)).toEqual([]);
    expect(missingPluralForms('es', ['total_one', 'total_other'])).toEqual(['es total_#: one, other']);
    expect(missingPluralForms('en', ['total_other'])).toEqual(['en total_#: other']);
  });
});
