import { describe, expect, it } from 'vitest';
import { pageOffset, toPage } from './paging.ts';

describe('toPage', () => {
  it('counts the pages, with at least one', () => {
    expect(toPage(['a', 'b'], 12, { page: 2, per_page: 10 })).toEqual({
      current_page: 2,
      per_page: 10,
      total: 12,
      last_page: 2,
      data: ['a', 'b'],
    });
    expect(toPage([], 0, { page: 1, per_page: 10 }).last_page).toBe(1);
    expect(toPage([], 30, { page: 1, per_page: 10 }).last_page).toBe(3);
  });

  it('offsets by whole pages', () => {
    expect(pageOffset({ page: 1, per_page: 25 })).toBe(0);
    expect(pageOffset({ page: 3, per_page: 25 })).toBe(50);
  });
});
