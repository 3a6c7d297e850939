import { describe, expect, it } from 'vitest';
import type { TaskDetail } from '../api/types.ts';
import { orderAgainValues, orderTranslationTypes } from './form/form-values.ts';

const type = (id: number) => ({ id, name: `t${id}`, description: null, description_2: null, percent: 100 });

describe('orderTranslationTypes', () => {
  it('lists in reverse order and defaults to type 4', () => {
    const { ordered, defaultId } = orderTranslationTypes([type(1), type(2), type(3), type(4)]);
    expect(ordered.map((t) => t.id)).toEqual([4, 3, 2, 1]);
    expect(defaultId).toBe('4');
  });
  it('defaults to the first type without type 4', () => {
    expect(orderTranslationTypes([type(2), type(3)]).defaultId).toBe('2');
    expect(orderTranslationTypes([]).defaultId).toBeNull();
  });
});

describe('orderAgainValues', () => {
  it('copies the languages, service level, department, review and comments; never the name or PO number', () => {
    const earlier = {
      description: 'Spring brochure',
      department: { id: 7, title: 'Marketing' },
      source_language: { id: 1, iso_code: 'en', name: 'English' },
      target_languages: [
        { target_language_id: 2, target_language: { id: 2, iso_code: 'es', name: 'Spanish' } },
        { target_language_id: 3, target_language: { id: 3, iso_code: 'fr', name: 'French' } },
      ],
      translation_type: { id: 4 },
      review: true,
      custom_quote: true,
      comments: 'Keep it short',
      po_number: 'PO-1',
      client_reference: 'Campaign',
    } as unknown as TaskDetail;
    expect(orderAgainValues(earlier)).toEqual({
      description: '',
      department: '7',
      source_language: '1',
      target_languages: ['2', '3'],
      translation_type: '4',
      review: true,
      custom_quote: false,
      comments: 'Keep it short',
      po_number: '',
      client_reference: '',
      // never the earlier task's requested date
      requested_date: '',
    });
  });
});
