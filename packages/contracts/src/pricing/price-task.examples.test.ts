import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYABLE_GRID } from './grid.ts';
import type { WordCountBands } from './grid.ts';
import type { DecimalLike } from './money.ts';
import { payableWords, pricePerTranslationType } from './price-language.ts';
import type { LanguagePriceInput } from './price-language.ts';
import { conceptLines, priceTask } from './price-task.ts';
import type { PriceTaskInput } from './price-task.ts';
import { bands } from './test-helpers.ts';

/**
 * Worked examples, arithmetic written out by hand. Notation: ppw = per-word price of the
 * translation type = round4(r1 × percent / 100); a line's price = round4(ppw × grid% / 100);
 * a line's total = round2(words × line price); "round" is half away from zero.
 */

const HUMAN = { id: 1, percent: '100' };
const PREMIUM = { id: 2, percent: '130' };
const VALUE = { id: 3, percent: '70' };
const FLASH = { id: 4, percent: '40' };
const IVA = { name: 'IVA', percentage: '21' }; // EPE (mainland Spain)
const US = null; // no taxes

function lang(
  id: number,
  r1: DecimalLike,
  words: WordCountBands,
  r2: DecimalLike = '30.00',
): LanguagePriceInput {
  return { target_language_id: id, r1, r2, word_count: words };
}

interface Example {
  name: string;
  input: PriceTaskInput;
  /** a deep subset of the result */
  expected: Record<string, unknown>;
}

const examples: Example[] = [
  {
    // ppw = 0.1000 × 100 / 100 = 0.1000; 1000 × 0.1000 = 100.00
    name: '1. human, no match only',
    input: { translation_type: HUMAN, languages: [lang(1, '0.1000', bands({ no_match: 1000 }))] },
    expected: {
      languages: [
        {
          pricePerWord: '0.1000',
          noMatch: { wordCount: 1000, pricePerWord: '0.1000', total: '100.00' },
          total: '100.00',
        },
      ],
      base_price: '100.00',
      taxed_price: '100.00',
      amount_to_pay: '100.00',
    },
  },
  {
    // ppw = 0.0835 × 130 / 100 = 0.10855 -> 0.1086 (half up); 1000 × 0.1086 = 108.60
    name: '2. premium 130 %, per-word price rounded half up to 4 decimals',
    input: { translation_type: PREMIUM, languages: [lang(1, '0.0835', bands({ no_match: 1000 }))] },
    expected: { languages: [{ pricePerWord: '0.1086', total: '108.60' }], base_price: '108.60' },
  },
  {
    // ppw = 0.0755 × 70 / 100 = 0.05285 -> 0.0529; 2000 × 0.0529 = 105.80
    name: '3. value 70 %',
    input: { translation_type: VALUE, languages: [lang(1, '0.0755', bands({ no_match: 2000 }))] },
    expected: { languages: [{ pricePerWord: '0.0529', total: '105.80' }], base_price: '105.80' },
  },
  {
    // ppw = 0.0900 × 40 / 100 = 0.0360; 500 × 0.0360 = 18.00
    name: '4. flash 40 %',
    input: { translation_type: FLASH, languages: [lang(1, '0.0900', bands({ no_match: 500 }))] },
    expected: { languages: [{ pricePerWord: '0.0360', total: '18.00' }], base_price: '18.00' },
  },
  {
    // ppw 0.1000. reps 100 × 0.0300 = 3.00; 101 % 200 × 0.0300 = 6.00; 100 % 300 × 0.0300 = 9.00;
    // 95 % 400 × 0.0600 = 24.00; 85 % 500 × 0.0600 = 30.00; 75 % 600 × 0.1000 = 60.00;
    // 50 % 700 × 0.1000 = 70.00; no match 800 × 0.1000 = 80.00. Sum = 282.00
    name: '5. every band with the default grid',
    input: {
      translation_type: HUMAN,
      languages: [
        lang(
          1,
          '0.1',
          bands({
            repetitions: 100,
            percent101: 200,
            percent100: 300,
            percent95: 400,
            percent85: 500,
            percent75: 600,
            percent50: 700,
            no_match: 800,
          }),
        ),
      ],
    },
    expected: {
      languages: [
        {
          repetitions: { wordCount: 100, payablePercent: '30.00', pricePerWord: '0.0300', total: '3.00' },
          '101Match': { wordCount: 200, pricePerWord: '0.0300', total: '6.00' },
          '100Match': { wordCount: 300, pricePerWord: '0.0300', total: '9.00' },
          '95Match': { wordCount: 400, payablePercent: '60.00', pricePerWord: '0.0600', total: '24.00' },
          '85Match': { wordCount: 500, pricePerWord: '0.0600', total: '30.00' },
          '75Match': { wordCount: 600, pricePerWord: '0.1000', total: '60.00' },
          '50Match': { wordCount: 700, pricePerWord: '0.1000', total: '70.00' },
          noMatch: { wordCount: 800, pricePerWord: '0.1000', total: '80.00' },
          wordCount: 3600,
          linesTotal: '282.00',
          total: '282.00',
        },
      ],
      base_price: '282.00',
    },
  },
  {
    // ppw 0.1086 (example 2). reps: 0.1086 × 30 % = 0.03258 -> 0.0326; 10 × 0.0326 = 0.326 -> 0.33.
    // 95 %: 0.1086 × 60 % = 0.06516 -> 0.0652; 100 × 0.0652 = 6.52. Total 0.33 + 6.52 = 6.85
    name: '6. band per-word prices rounded to 4 decimals before multiplying',
    input: {
      translation_type: PREMIUM,
      languages: [lang(1, '0.0835', bands({ repetitions: 10, percent95: 100 }))],
    },
    expected: {
      languages: [
        {
          repetitions: { pricePerWord: '0.0326', total: '0.33' },
          '95Match': { pricePerWord: '0.0652', total: '6.52' },
          total: '6.85',
        },
      ],
    },
  },
  {
    // ppw 0.0125; 2 × 0.0125 = 0.025 -> exactly half a cent -> 0.03 (half up)
    name: '7. line total at exactly .005 rounds up',
    input: { translation_type: HUMAN, languages: [lang(1, '0.0125', bands({ no_match: 2 }))] },
    expected: { languages: [{ noMatch: { total: '0.03' }, total: '0.03' }] },
  },
  {
    // ppw 0.0125; 1 × 0.0125 = 0.0125 -> below half a cent -> 0.01;
    // 95 %: 0.0125 × 60 % = 0.0075 -> 0.0075; 1 × 0.0075 = 0.0075 -> 0.01. Total 0.02
    name: '8. line totals below and above half a cent',
    input: { translation_type: HUMAN, languages: [lang(1, '0.0125', bands({ no_match: 1, percent95: 1 }))] },
    expected: { languages: [{ noMatch: { total: '0.01' }, '95Match': { total: '0.01' }, total: '0.02' }] },
  },
  {
    // ppw = 0.0005 × 130 % = 0.00065 -> exactly half of 0.0001 -> 0.0007; 10000 × 0.0007 = 7.00
    name: '9. per-word price at exactly half a 1e-4 unit rounds up',
    input: { translation_type: PREMIUM, languages: [lang(1, '0.0005', bands({ no_match: 10000 }))] },
    expected: { languages: [{ pricePerWord: '0.0007', total: '7.00' }] },
  },
  {
    // lines 100 × 0.1000 = 10.00; by hour 0.5 × 30.00 = 15.00; amount 25.00; charge max = 25.00 > 10.00
    // -> total 25.00, decided by the amount; adjustment 25.00 − 10.00 = 15.00
    name: '10. minimum by amount',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ no_match: 100 }), '30.00')],
      minimum: { hour: '0.5', amount: '25' },
    },
    expected: {
      languages: [
        {
          total: '25.00',
          isPriceByHour: false,
          linesTotal: '10.00',
          minimum: {
            applied: true,
            byHour: '15.00',
            byAmount: '25.00',
            charge: '25.00',
            adjustment: '15.00',
          },
        },
      ],
      base_price: '25.00',
    },
  },
  {
    // lines 10.00; by hour 1.5 × 30.00 = 45.00 > amount 25.00 -> total 45.00, isPriceByHour
    name: '11. minimum by hour',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ no_match: 100 }), '30.00')],
      minimum: { hour: '1.5', amount: '25' },
    },
    expected: {
      languages: [{ total: '45.00', isPriceByHour: true, minimum: { applied: true, adjustment: '35.00' } }],
    },
  },
  {
    // lines 1000 × 0.1000 = 100.00 ≥ max(45.00, 25.00): the minimum does not apply
    name: '12. minimum below the word price does not apply',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ no_match: 1000 }), '30.00')],
      minimum: { hour: '1.5', amount: '25' },
    },
    expected: {
      languages: [
        {
          total: '100.00',
          isPriceByHour: false,
          minimum: { applied: false, charge: '45.00', adjustment: '0.00' },
        },
      ],
    },
  },
  {
    // flash: ppw 0.1 × 40 % = 0.0400; 100 × 0.04 = 4.00. Hour is treated as 0 for flash, so by hour
    // = 0.00 (not 2 × 30.00 = 60.00); amount 10.00 -> total 10.00, not by hour
    name: '13. flash ignores the minimum hour',
    input: {
      translation_type: FLASH,
      languages: [lang(1, '0.1', bands({ no_match: 100 }), '30.00')],
      minimum: { hour: '2', amount: '10' },
    },
    expected: {
      languages: [{ total: '10.00', isPriceByHour: false, minimum: { byHour: '0.00', byAmount: '10.00' } }],
    },
  },
  {
    // by hour 0.25 × 10.02 = 2.505 -> 2.51 (half up); amount 0; no words -> total 2.51 by hour
    name: '14. hour × r2 rounded half up to cents',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands(), '10.02')],
      minimum: { hour: '0.25', amount: '0' },
    },
    expected: { languages: [{ total: '2.51', isPriceByHour: true, minimum: { byHour: '2.51' } }] },
  },
  {
    // by hour 1 × 20.00 = 20.00 = amount 20.00: a tie counts as decided by the hour
    name: '15. tie between hour and amount is by hour',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ no_match: 5 }), '20')],
      minimum: { hour: '1', amount: '20' },
    },
    expected: { languages: [{ total: '20.00', isPriceByHour: true, linesTotal: '0.50' }] },
  },
  {
    // base 100.00; discount 5 % = 5.00; no taxes (US) -> 95.00
    name: '16. 5 % discount, US customer without taxes',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ no_match: 1000 }))],
      discount_percentage: '5',
      tax: US,
    },
    expected: {
      base_price: '100.00',
      discount: { percent: '5.00', amount: '5.00' },
      discounted_base_price: '95.00',
      untaxed_price: '95.00',
      price_taxes: '0.00',
      tax_name: null,
      tax_percentage: '0.00',
      taxed_price: '95.00',
      amount_to_pay: '95.00',
    },
  },
  {
    // ppw 0.1001; 1000 × 0.1001 = 100.10; discount 100.10 × 5 % = 5.005 -> 5.01; 100.10 − 5.01 = 95.09
    name: '17. discount at exactly half a cent rounds up',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1001', bands({ no_match: 1000 }))],
      discount_percentage: 5,
    },
    expected: {
      base_price: '100.10',
      discount: { amount: '5.01' },
      discounted_base_price: '95.09',
      taxed_price: '95.09',
    },
  },
  {
    // base 100.00; IVA 21 % of 100.00 = 21.00; taxed 121.00
    name: '18. EPE customer: IVA 21 %',
    input: { translation_type: HUMAN, languages: [lang(1, '0.1', bands({ no_match: 1000 }))], tax: IVA },
    expected: { price_taxes: '21.00', tax_name: 'IVA', tax_percentage: '21.00', taxed_price: '121.00' },
  },
  {
    // base 108.60 (example 2); discount 5 % = 5.43; 103.17; IVA 21 % of 103.17 = 21.6657 -> 21.67;
    // taxed 103.17 + 21.67 = 124.84. Taxes apply AFTER the discount.
    name: '19. EPE with discount: tax on the discounted base',
    input: {
      translation_type: PREMIUM,
      languages: [lang(1, '0.0835', bands({ no_match: 1000 }))],
      discount_percentage: '5',
      tax: IVA,
    },
    expected: {
      base_price: '108.60',
      discount: { amount: '5.43' },
      discounted_base_price: '103.17',
      price_taxes: '21.67',
      taxed_price: '124.84',
      amount_to_pay: '124.84',
    },
  },
  {
    // base 100.00; DTP 2 × 15.50 = 31.00; IVA on base 21.00, on other 31.00 × 21 % = 6.51;
    // untaxed 131.00; taxed 131.00 + 21.00 + 6.51 = 158.51
    name: '20. other concept, taxed separately',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ no_match: 1000 }))],
      tax: IVA,
      other_concepts: [{ concept: 'DTP', quantity: '2', price: '15.50' }],
    },
    expected: {
      other_concepts: [{ concept: 'DTP', quantity: '2.00', price: '15.50', total: '31.00' }],
      other_prices: '31.00',
      untaxed_price: '131.00',
      price_taxes: '21.00',
      other_prices_taxes: '6.51',
      taxed_price: '158.51',
    },
  },
  {
    // base 100.00 with 5 % discount -> 95.00; credit 1 × −10.00 = −10.00 (the discount never touches
    // other concepts); IVA 95.00 × 21 % = 19.95 and −10.00 × 21 % = −2.10;
    // untaxed 85.00; taxed 85.00 + 19.95 − 2.10 = 102.85
    name: '21. negative other concept (credit) with discount and IVA',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ no_match: 1000 }))],
      discount_percentage: '5',
      tax: IVA,
      other_concepts: [{ concept: 'Goodwill credit', quantity: '1', price: '-10' }],
    },
    expected: {
      other_prices: '-10.00',
      discounted_base_price: '95.00',
      untaxed_price: '85.00',
      price_taxes: '19.95',
      other_prices_taxes: '-2.10',
      taxed_price: '102.85',
      amount_to_pay: '102.85',
    },
  },
  {
    // base 100 × 0.1 = 10.00; credit −50.00; no taxes -> taxed −40.00; amount to pay never below 0.00
    name: '22. credits larger than the base: amount to pay is 0.00',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ no_match: 100 }))],
      other_concepts: [{ concept: 'Refund', quantity: 1, price: -50 }],
    },
    expected: { base_price: '10.00', other_prices: '-50.00', taxed_price: '-40.00', amount_to_pay: '0.00' },
  },
  {
    // 0.5 × −0.01 = −0.005 -> −0.01 (half AWAY from zero, symmetric with +0.005 -> 0.01);
    // its IVA −0.01 × 21 % = −0.0021 -> 0.00
    name: '23. negative half cent rounds away from zero',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ no_match: 100 }))],
      tax: IVA,
      other_concepts: [{ concept: 'Rounding', quantity: '0.5', price: '-0.01' }],
    },
    expected: {
      other_concepts: [{ total: '-0.01' }],
      other_prices: '-0.01',
      other_prices_taxes: '0.00',
      price_taxes: '2.10',
      taxed_price: '12.09',
    },
  },
  {
    // L1: 1000 × 0.1000 = 100.00; L2: 500 × 0.0800 = 40.00; base 140.00; IVA 29.40; taxed 169.40
    name: '24. two target languages',
    input: {
      translation_type: HUMAN,
      languages: [lang(10, '0.1', bands({ no_match: 1000 })), lang(20, '0.08', bands({ no_match: 500 }))],
      tax: IVA,
    },
    expected: {
      languages: [
        { targetLanguageId: 10, total: '100.00' },
        { targetLanguageId: 20, total: '40.00' },
      ],
      base_price: '140.00',
      price_taxes: '29.40',
      taxed_price: '169.40',
    },
  },
  {
    // L1: 100.00 (minimum 30.00 does not apply); L2: 10 × 0.0800 = 0.80 < 30.00 -> 30.00 by amount;
    // base 130.00. The minimum is per target language.
    name: '25. minimum applies to one language only',
    input: {
      translation_type: HUMAN,
      languages: [lang(10, '0.1', bands({ no_match: 1000 })), lang(20, '0.08', bands({ no_match: 10 }), '0')],
      minimum: { hour: '1', amount: '30' },
    },
    expected: {
      languages: [
        { total: '100.00', minimum: { applied: false } },
        {
          total: '30.00',
          isPriceByHour: false,
          minimum: { applied: true, byHour: '0.00', adjustment: '29.20' },
        },
      ],
      base_price: '130.00',
    },
  },
  {
    // customer grid: 33.33 % for repetitions. 0.1000 × 33.33 % = 0.03333 -> 0.0333; 300 × 0.0333 = 9.99
    name: '26. customer grid with decimals',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ repetitions: 300 }))],
      grid: { ...DEFAULT_PAYABLE_GRID, repetitions: '33.33' },
    },
    expected: {
      languages: [{ repetitions: { payablePercent: '33.33', pricePerWord: '0.0333', total: '9.99' } }],
    },
  },
  {
    // grid 100 % matches at 0 %: 500 × 0.0000 = 0.00; 100 no match × 0.1 = 10.00
    name: '27. free 100 % matches with a 0 % grid band',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ percent100: 500, no_match: 100 }))],
      grid: { ...DEFAULT_PAYABLE_GRID, percent100: 0 },
    },
    expected: { languages: [{ '100Match': { pricePerWord: '0.0000', total: '0.00' }, total: '10.00' }] },
  },
  {
    // 1.5 × 40.00 = 60.00; 0.33 × 10.01 = 3.3033 -> 3.30; other_prices 63.30
    name: '28. fractional quantities of other concepts',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands())],
      other_concepts: [
        { concept: 'Proofreading (hours)', quantity: '1.5', price: '40' },
        { concept: 'Glossary entries', quantity: '0.33', price: '10.01' },
      ],
    },
    expected: {
      other_concepts: [{ total: '60.00' }, { total: '3.30' }],
      base_price: '0.00',
      other_prices: '63.30',
      taxed_price: '63.30',
    },
  },
  {
    // base 5 × 0.1 = 0.50; IVA 0.50 × 21 % = 0.105 -> 0.11 (half up); taxed 0.61
    name: '29. tax at exactly half a cent rounds up',
    input: { translation_type: HUMAN, languages: [lang(1, '0.1', bands({ no_match: 5 }))], tax: IVA },
    expected: { price_taxes: '0.11', taxed_price: '0.61' },
  },
  {
    // base 50.00; 100 % discount = 50.00 -> 0.00; other 10.00 (not discounted); IVA 0.00 + 2.10; taxed 12.10
    name: '30. 100 % discount leaves other concepts',
    input: {
      translation_type: HUMAN,
      languages: [lang(1, '0.1', bands({ no_match: 500 }))],
      discount_percentage: 100,
      tax: IVA,
      other_concepts: [{ concept: 'Certification', quantity: 1, price: 10 }],
    },
    expected: {
      discount: { percent: '100.00', amount: '50.00' },
      discounted_base_price: '0.00',
      price_taxes: '0.00',
      other_prices_taxes: '2.10',
      taxed_price: '12.10',
    },
  },
  {
    // a target language with no words and no minimum costs 0.00
    name: '31. no words, no minimum',
    input: { translation_type: HUMAN, languages: [lang(1, '0.1', bands())] },
    expected: {
      languages: [{ total: '0.00', wordCount: 0, payableWords: '0' }],
      base_price: '0.00',
      amount_to_pay: '0.00',
    },
  },
  {
    // numbers are read through their shortest text: 0.07 is "0.07", never 0.07000000000000001.
    // ppw 0.0700; 3 × 0.07 = 0.21; discount 10 % of 0.21 = 0.021 -> 0.02; 0.19
    name: '32. JS numbers are read exactly',
    input: {
      translation_type: { id: 1, percent: 100 },
      languages: [lang(1, 0.07, bands({ no_match: 3 }), 30)],
      discount_percentage: 10,
    },
    expected: { languages: [{ total: '0.21' }], discount: { amount: '0.02' }, taxed_price: '0.19' },
  },
];

describe('priceTask — worked examples', () => {
  it('has at least 30 examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(30);
  });
  it.each(examples)('$name', ({ input, expected }) => {
    expect(priceTask(input)).toMatchObject(expected);
  });
});

describe('pricePerTranslationType (rate info modal)', () => {
  it.each([
    // r1 × percent / 100, 4 decimals, half up
    ['0.0835', '130', '0.1086'], // 0.10855 -> 0.1086
    ['0.1', 40, '0.0400'],
    [0.0755, 70, '0.0529'], // 0.05285 -> 0.0529
    ['0.0999', '100', '0.0999'],
    ['0.0001', '40', '0.0000'], // 0.00004 -> 0.0000
  ] as const)('%s × %s %% = %s', (r1, percent, expected) => {
    expect(pricePerTranslationType(r1, percent)).toBe(expected);
  });
});

describe('payableWords', () => {
  it('weights each band by the grid, exactly', () => {
    // 7 reps × 30 % = 2.1; 100 × 60 % (95–99) = 60; 10 no match × 100 % = 10 -> 72.1
    expect(payableWords(bands({ repetitions: 7, percent95: 100, no_match: 10 }))).toBe('72.1');
    // 5000 repetitions × 30 % = 1500
    expect(payableWords(bands({ repetitions: 5000 }))).toBe('1500');
    // 3 × 33.33 % = 0.9999
    expect(payableWords(bands({ no_match: 3 }), { ...DEFAULT_PAYABLE_GRID, no_match: '33.33' })).toBe(
      '0.9999',
    );
  });
});

describe('priceTask — refuses malformed input', () => {
  const base: PriceTaskInput = {
    translation_type: HUMAN,
    languages: [lang(1, '0.1', bands({ no_match: 1 }))],
  };
  it.each([
    ['r1 with 5 decimals', { ...base, languages: [lang(1, '0.12345', bands())] }],
    ['negative r1', { ...base, languages: [lang(1, '-0.1', bands())] }],
    ['fractional words', { ...base, languages: [lang(1, '0.1', bands({ no_match: 1.5 }))] }],
    ['negative words', { ...base, languages: [lang(1, '0.1', bands({ no_match: -1 }))] }],
    ['NaN', { ...base, languages: [lang(1, Number.NaN, bands())] }],
    ['discount above 100', { ...base, discount_percentage: '100.01' }],
    ['text', { ...base, tax: { name: 'IVA', percentage: 'twenty' } }],
  ] as const)('%s', (_label, input) => {
    expect(() => priceTask(input)).toThrow(RangeError);
  });
});

describe('conceptLines', () => {
  it('totals each line exactly, credits rounded away from zero, as the task price does', () => {
    const items = [
      { concept: 'DTP', quantity: '2', price: '15.50' },
      { concept: 'Rounding', quantity: '0.5', price: '-0.01' },
      { concept: 'Pages', quantity: '0.33', price: '10' },
    ];
    expect(conceptLines(items)).toEqual([
      { concept: 'DTP', quantity: '2.00', price: '15.50', total: '31.00' },
      { concept: 'Rounding', quantity: '0.50', price: '-0.01', total: '-0.01' },
      { concept: 'Pages', quantity: '0.33', price: '10.00', total: '3.30' },
    ]);
    expect(
      priceTask({ translation_type: HUMAN, languages: [], other_concepts: items }).other_concepts,
    ).toEqual(conceptLines(items));
  });

  it('names the malformed line', () => {
    expect(() => conceptLines([{ concept: 'x', quantity: '-1', price: '1' }])).toThrow(
      /other_concepts\.0\.quantity/,
    );
  });
});
