import { describe, expect, it } from 'vitest';
import { orderTranslationTypes } from './form/form-values.ts';

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
