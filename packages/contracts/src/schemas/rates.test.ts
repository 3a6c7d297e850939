import { describe, expect, it } from 'vitest';
import { BAND_KEYS } from '../pricing/grid.ts';
import { issueMessage } from '../validation.ts';
import {
  decimalInput,
  effectiveRateDto,
  minimumRatesBody,
  payableGridBody,
  payableGridDto,
  rateDto,
  rateR1Field,
  rateR2Field,
  rateStoreBody,
  rateUpdateBody,
} from './rates.ts';

const keys = (result: { success: boolean; error?: { issues: Parameters<typeof issueMessage>[0][] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issueMessage(issue).key]) ?? [];

describe('rate prices', () => {
  it.each([
    [0, '0.0000'],
    ['0', '0.0000'],
    [' 0.0825 ', '0.0825'],
    [0.1, '0.1000'],
    ['12.34500', '12.3450'],
    ['9999.9999', '9999.9999'],
  ])('r1 %j -> %s', (input, output) => {
    expect(rateR1Field.parse(input)).toBe(output);
  });

  it.each([
    [undefined, 'validation.rates.r1_required'],
    [null, 'validation.rates.r1_required'],
    ['  ', 'validation.rates.r1_required'],
    ['abc', 'validation.rates.r1_number'],
    ['1,5', 'validation.rates.r1_number'],
    [Number.NaN, 'validation.rates.r1_number'],
    [1e21, 'validation.rates.r1_number'],
    [true, 'validation.rates.r1_number'],
    [-0.0001, 'validation.rates.r1_min'],
    ['0.00001', 'validation.rates.r1_decimals'],
    ['10000', 'validation.rates.r1_max'],
  ])('r1 %j is refused with %s', (input, key) => {
    const result = rateR1Field.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([key]);
  });

  it('r2 has two decimals and its own messages', () => {
    expect(rateR2Field.parse('30')).toBe('30.00');
    expect(rateR2Field.safeParse('30.001').error?.issues[0]?.message).toBe('validation.rates.r2_decimals');
    expect(rateR2Field.safeParse(-1).error?.issues[0]?.message).toBe('validation.rates.r2_min');
  });

  it('the generic decimal reports its maximum for interpolation', () => {
    const result = decimalInput(2, '999.99').safeParse(1000);
    expect(issueMessage(result.error!.issues[0]!)).toEqual({
      key: 'validation.max',
      values: { max: 999.99 },
    });
  });
});

describe('rate bodies', () => {
  it('reports every field at once, languages on the object', () => {
    expect(keys(rateStoreBody.safeParse({}))).toEqual([
      ['r1', 'validation.rates.r1_required'],
      ['r2', 'validation.rates.r2_required'],
      ['source_lang', 'validation.rates.languages_required'],
      ['target_lang', 'validation.rates.languages_required'],
      ['customer_id', 'validation.rates.owner_required'],
    ]);
    expect(
      keys(rateStoreBody.safeParse({ source_lang: 3, target_lang: '3', r1: 1, r2: 1, default_group: true })),
    ).toEqual([['target_lang', 'validation.rates.languages_different']]);
    expect(
      keys(rateStoreBody.safeParse({ source_lang: 3, r1: 1, r2: 1, customer_id: 2, default_group: true })),
    ).toEqual([
      ['target_lang', 'validation.rates.languages_required'],
      ['customer_id', 'validation.rates.owner_both'],
    ]);
    expect(
      keys(rateStoreBody.safeParse({ source_lang: 'x', target_lang: 2, r1: 1, r2: 1, customer_id: 2 })),
    ).toEqual([['source_lang', 'validation.invalid_option']]);
  });

  it('parses a general and a customer rate', () => {
    expect(
      rateStoreBody.parse({ source_lang: '1', target_lang: 2, r1: '0.08', r2: 30, default_group: true }),
    ).toEqual({
      source_lang: 1,
      target_lang: 2,
      r1: '0.0800',
      r2: '30.00',
      default_group: true,
    });
    expect(
      rateUpdateBody.parse({ id: 9, source_lang: 1, target_lang: 2, r1: 1, r2: 2, customer_id: 4 }),
    ).toMatchObject({
      r1: '1.0000',
      r2: '2.00',
    });
  });

  it('minimum rates: flash hour is 0, a type only once', () => {
    expect(
      keys(
        minimumRatesBody.safeParse({
          minimum_rates: [
            { translation_type_id: 4, hour: '0.5', amount: 10 },
            { translation_type_id: 4, hour: 0, amount: 10 },
          ],
        }),
      ),
    ).toEqual([
      ['minimum_rates.0.hour', 'validation.rates.flash_hour'],
      ['minimum_rates', 'validation.rates.type_twice'],
    ]);
    expect(
      minimumRatesBody.parse({ minimum_rates: [{ translation_type_id: 1, hour: 1.5, amount: '999999.99' }] }),
    ).toEqual({
      customer_minimum_rates: false,
      minimum_rates: [{ translation_type_id: 1, hour: '1.50', amount: '999999.99' }],
    });
  });

  it('the payable grid needs every band', () => {
    const result = payableGridBody.safeParse({ repetitions: 30 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(7);
  });
});

describe('rate replies', () => {
  const language = { id: 1, iso_code: 'en', name: 'English' };
  const rate = {
    id: 7,
    source_lang: 1,
    target_lang: 2,
    source_language: language,
    target_language: { ...language, id: 2, iso_code: 'fr', name: 'French' },
    r1: '0.0800',
    r2: 30,
    customer_id: null,
    default_group: true,
    from: 'general',
    enabled: true,
  };

  it('a rate travels with decimal strings and an ISO date, and nothing else', () => {
    const when = new Date('2026-11-24T08:00:00Z');
    expect(
      rateDto.parse({ ...rate, updated_at: when, user: null, password: 'x', default_group: true }),
    ).toEqual({ ...rate, r2: '30', updated_at: '2026-11-24T08:00:00.000Z', user: null });
    // only the admin sees the audit fields: without them the rate is still complete
    expect(rateDto.parse(rate)).not.toHaveProperty('updated_at');
  });

  it('an effective rate carries its price per translation type', () => {
    const prices = [{ translation_type_id: 1, name: 'Standard', percent: '100.00', price: '0.0800' }];
    expect(effectiveRateDto.parse({ ...rate, prices }).prices).toEqual(prices);
    expect(effectiveRateDto.safeParse(rate).success).toBe(false);
  });

  it('a payable grid has every band', () => {
    const grid = Object.fromEntries(BAND_KEYS.map((band) => [band, '30.00']));
    expect(payableGridDto.parse({ customer_id: null, custom: false, grid }).grid).toEqual(grid);
    const { no_match: _left, ...short } = grid;
    expect(payableGridDto.safeParse({ customer_id: 1, custom: true, grid: short }).success).toBe(false);
  });
});
