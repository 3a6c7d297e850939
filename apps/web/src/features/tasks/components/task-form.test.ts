import { describe, expect, it } from 'vitest';
import type { TaskDetail } from '../api/types.ts';
import { orderAgainValues, orderTranslationTypes, showsAnalysedTask } from './form/form-values.ts';

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

describe('showsAnalysedTask (the service-level cards show totals)', () => {
  const draft = {
    state: 'DRAFT',
    source_language: { id: 1 },
    target_languages: [{ target_language_id: 2 }, { target_language_id: 3 }],
    source_files: [{ id: 10 }, { id: 11 }],
  } as unknown as TaskDetail;
  const values = { source_language: '1', target_languages: ['3', '2'] };

  it("while the form shows the draft's analysed files and languages, in any order", () => {
    expect(showsAnalysedTask(draft, values, [11, 10], 0)).toBe(true);
  });

  it('not for a new task, a task being analysed, a new or removed file, or other languages', () => {
    expect(showsAnalysedTask(undefined, values, [], 0)).toBe(false);
    expect(showsAnalysedTask({ ...draft, state: 'CALCULATING' } as TaskDetail, values, [10, 11], 0)).toBe(
      false,
    );
    expect(showsAnalysedTask(draft, values, [10, 11], 1)).toBe(false);
    expect(showsAnalysedTask(draft, values, [10], 0)).toBe(false);
    expect(showsAnalysedTask(draft, { ...values, target_languages: ['2'] }, [10, 11], 0)).toBe(false);
    expect(showsAnalysedTask(draft, { ...values, source_language: '4' }, [10, 11], 0)).toBe(false);
  });
});
