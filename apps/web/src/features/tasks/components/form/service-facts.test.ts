import { describe, expect, it } from 'vitest';
import { lowestWordPrice, turnaroundDays } from './service-facts.tsx';

describe('service-level cards', () => {
  it('the lowest price per word among the chosen targets; none priced: null', () => {
    const prices = [
      { language_id: 2, price_per_word: '0.1300' },
      { language_id: 3, price_per_word: '0.0400' },
      { language_id: 9, price_per_word: '0.0100' },
    ];
    expect(lowestWordPrice(prices, ['2', '3'])).toBe('0.0400');
    expect(lowestWordPrice(prices, ['2'])).toBe('0.1300');
    expect(lowestWordPrice(prices, ['7'])).toBeNull();
  });

  it('flash takes a business day; the others the base days plus a day of work', () => {
    expect(turnaroundDays(4)).toBe(1);
    expect(turnaroundDays(1)).toBe(4);
  });
});
