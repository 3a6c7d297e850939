import { describe, expect, it } from 'vitest';
import { outstandingBalance, quoteReadiness } from './quote-readiness.ts';

describe('quoteReadiness', () => {
  it('is ready when every language is priced and there is something to pay', () => {
    expect(
      quoteReadiness([{ targetLanguageId: 1 }, { targetLanguageId: 2, rateMissing: false }], '10.00'),
    ).toEqual({ fullyPriced: true, unpricedLanguageIds: [], reason: null });
  });

  it('names the unpriced languages first, then a zero total', () => {
    expect(
      quoteReadiness([{ targetLanguageId: 1 }, { targetLanguageId: 7, rateMissing: true }], '0.00'),
    ).toEqual({
      fullyPriced: false,
      unpricedLanguageIds: [7],
      reason: 'unpriced_languages',
    });
    expect(quoteReadiness([{ targetLanguageId: 1 }], '0.00').reason).toBe('zero_total');
  });
});

describe('outstandingBalance', () => {
  it('is the amount to pay less every line, taxes included', () => {
    expect(outstandingBalance('489.31', [])).toBe('489.31');
    expect(outstandingBalance('489.31', ['489.31'])).toBe('0.00');
    expect(outstandingBalance('489.31', ['100.00', '-10.00'])).toBe('399.31');
  });
});
