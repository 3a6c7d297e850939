import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareMoney,
  divideCeil,
  divideRoundHalfUp,
  formatUnits,
  formatUnitsTrimmed,
  includedTax,
  roundMoney,
  sumMoney,
  toUnits,
} from './money.ts';

describe('money', () => {
  it('reads decimals exactly', () => {
    expect(toUnits('12.5', 2)).toBe(1250n);
    expect(toUnits('12.500', 2)).toBe(1250n); // trailing zeros are not precision
    expect(toUnits(0.1, 4)).toBe(1000n);
    expect(toUnits('-0.05', 2)).toBe(-5n);
    expect(toUnits(' 7 ', 2)).toBe(700n);
    expect(() => toUnits('12.505', 2)).toThrow(RangeError);
    expect(() => toUnits('1e3', 2)).toThrow(RangeError);
    expect(() => toUnits(1e-7, 4)).toThrow(RangeError);
    expect(() => toUnits(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
    expect(() => toUnits('', 2)).toThrow(RangeError);
    expect(() => toUnits('.5', 2)).toThrow(RangeError);
  });

  it('formats', () => {
    expect(formatUnits(1250n, 2)).toBe('12.50');
    expect(formatUnits(-5n, 2)).toBe('-0.05');
    expect(formatUnits(840n, 4)).toBe('0.0840');
    expect(formatUnits(0n, 2)).toBe('0.00');
    expect(formatUnitsTrimmed(21000n, 4)).toBe('2.1');
    expect(formatUnitsTrimmed(15_000_000n, 4)).toBe('1500');
    expect(formatUnitsTrimmed(0n, 4)).toBe('0');
  });

  it('rounds half away from zero', () => {
    expect(divideRoundHalfUp(5n, 10n)).toBe(1n);
    expect(divideRoundHalfUp(-5n, 10n)).toBe(-1n);
    expect(divideRoundHalfUp(4n, 10n)).toBe(0n);
    expect(divideRoundHalfUp(-4n, 10n)).toBe(0n);
    expect(divideRoundHalfUp(15n, 10n)).toBe(2n);
    expect(divideRoundHalfUp(25n, 10n)).toBe(3n); // not banker's rounding
    expect(divideCeil(1n, 3n)).toBe(1n);
    expect(divideCeil(3n, 3n)).toBe(1n);
    expect(divideCeil(0n, 3n)).toBe(0n);
    expect(roundMoney('2.675')).toBe('2.68'); // a binary float would give 2.67
    expect(roundMoney('-2.675')).toBe('-2.68');
    expect(roundMoney('1.004999')).toBe('1.00');
  });

  it('rounding agrees with decimal.js ROUND_HALF_UP', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (n, d) => {
          const expected = new Decimal(n.toString())
            .div(d.toString())
            .toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
          expect(divideRoundHalfUp(n, d).toString()).toBe(expected.toFixed(0));
        },
      ),
    );
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }),
        fc.integer({ min: 0, max: 6 }),
        (units, scale) => {
          expect(toUnits(formatUnits(units, scale), scale)).toBe(units);
        },
      ),
    );
  });

  it('sums and compares amounts', () => {
    expect(sumMoney('0.10', '0.20', 0.3)).toBe('0.60'); // never 0.6000000000000001
    expect(sumMoney()).toBe('0.00');
    expect(compareMoney('10.00', 10)).toBe(0);
    expect(compareMoney('9.99', '10')).toBe(-1);
    expect(compareMoney('-1', '-2')).toBe(1);
  });

  it('finds the tax inside a tax-inclusive amount, rounded half up', () => {
    expect(includedTax('121.00', '21')).toBe('21.00');
    expect(includedTax('8.28', '21.00')).toBe('1.44'); // 1.4370…: 6.84 before taxes
    expect(includedTax('0.61', 21)).toBe('0.11'); // 0.1058…
    expect(includedTax('50.00', '0')).toBe('0.00');
    expect(includedTax('0.01', '21')).toBe('0.00');
    // property: what is left before taxes, taxed again, gives the amount back within a cent
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 5000 }),
        (cents, rate) => {
          const amount = formatUnits(BigInt(cents), 2);
          const pct = formatUnits(BigInt(rate), 2);
          const untaxed = new Decimal(amount).minus(includedTax(amount, pct));
          const again = untaxed.times(new Decimal(pct).div(100).plus(1));
          return again.minus(amount).abs().lte('0.01');
        },
      ),
    );
  });
});
