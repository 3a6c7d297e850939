/**
 * Exact fixed-point arithmetic for money, per-word prices, percentages and quantities.
 *
 * Every value is a `bigint` counting units of 10^-scale (cents are scale 2, per-word prices
 * scale 4). No binary floating point touches an amount. Values enter as decimal strings
 * ("12.50") or JS numbers (read through their shortest round-trip text, so `0.1` is "0.1") and
 * leave as decimal strings with a fixed number of decimals ("12.50", "0.0840").
 *
 * The one rounding rule: half up, meaning half AWAY FROM ZERO (commercial rounding), so
 * 0.005 -> 0.01 and -0.005 -> -0.01. See docs/decisions/0002-pricing-rounding.md.
 */

/** A decimal value at the engine's boundary: a decimal string ("12.50") or a finite JS number. */
export type DecimalLike = string | number;

/** Decimals of each kind of value (DESIGN §7, spec §9). */
export const SCALE = {
  /** euros, 2 decimals */
  money: 2,
  /** per-word price (r1 and every pricePerWord), 4 decimals */
  wordPrice: 4,
  /** percentages (translation type, grid, discount, tax), 2 decimals */
  percent: 2,
  /** quantities of other concepts and minimum hours, 2 decimals */
  quantity: 2,
} as const;

const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** Text of a JS number without exponent notation; refuses NaN, Infinity and 1e-7-like values. */
function numberToText(value: number, field: string): string {
  if (!Number.isFinite(value)) throw new RangeError(`${field}: ${value} is not a finite number`);
  const text = String(value);
  if (/e/i.test(text)) throw new RangeError(`${field}: ${text} is out of the supported range`);
  return text;
}

/**
 * Reads a decimal exactly as an integer count of 10^-scale units. Throws a RangeError when the
 * text is not a plain decimal or has more significant decimals than `scale` (never rounds).
 */
export function toUnits(value: DecimalLike, scale: number, field = 'value'): bigint {
  const text = typeof value === 'number' ? numberToText(value, field) : String(value).trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) throw new RangeError(`${field}: "${text}" is not a decimal number`);
  const sign = match[1] ?? '';
  const whole = match[2] ?? '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) {
    throw new RangeError(`${field}: ${text} has more than ${scale} decimals`);
  }
  const units = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign === '-' ? -units : units;
}

/** Like {@link toUnits} but also refuses negative values. */
export function toNonNegativeUnits(value: DecimalLike, scale: number, field = 'value'): bigint {
  const units = toUnits(value, scale, field);
  if (units < 0n) throw new RangeError(`${field}: ${String(value)} must not be negative`);
  return units;
}

/** Formats a count of 10^-scale units with exactly `scale` decimals: (1250n, 2) -> "12.50". */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** Like {@link formatUnits} without trailing zeros: (21000n, 4) -> "2.1", (15000000n, 4) -> "1500". */
export function formatUnitsTrimmed(units: bigint, scale: number): string {
  const text = formatUnits(units, scale);
  return scale > 0 ? text.replace(/\.?0+$/, '') : text;
}

/** numerator / denominator rounded half away from zero. `denominator` must be positive. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator % denominator; // same sign as numerator
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** numerator / denominator rounded up (toward +infinity). `denominator` must be positive. */
export function divideCeil(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const quotient = numerator / denominator;
  return numerator % denominator > 0n ? quotient + 1n : quotient;
}

/** 10^n as a bigint. */
export function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

export const maxUnits = (a: bigint, b: bigint): bigint => (a > b ? a : b);

// ---------------------------------------------------------------------------------------------
// Helpers for callers (API, web) that need to add or compare euro amounts exactly.

/** Exact sum of euro amounts, as a 2-decimal string. Each amount must have at most 2 decimals. */
export function sumMoney(...amounts: DecimalLike[]): string {
  const total = amounts.reduce<bigint>((sum, amount) => sum + toUnits(amount, SCALE.money, 'amount'), 0n);
  return formatUnits(total, SCALE.money);
}

/** -1, 0 or 1 as a < b, a = b, a > b (exact; at most 2 decimals each). */
export function compareMoney(a: DecimalLike, b: DecimalLike): -1 | 0 | 1 {
  const left = toUnits(a, SCALE.money, 'a');
  const right = toUnits(b, SCALE.money, 'b');
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Rounds any decimal (up to 12 decimals) to cents with the engine's rule, half away from zero. */
export function roundMoney(value: DecimalLike): string {
  const units = toUnits(value, 12, 'value');
  return formatUnits(divideRoundHalfUp(units, pow10(12 - SCALE.money)), SCALE.money);
}

/**
 * The tax inside a tax-inclusive euro amount: amount × rate / (100 + rate), rounded to cents with
 * the engine's rule. What a card payment paid before taxes is the amount minus this.
 */
export function includedTax(amount: DecimalLike, taxPercentage: DecimalLike): string {
  const cents = toUnits(amount, SCALE.money, 'amount');
  const rate = toNonNegativeUnits(taxPercentage, SCALE.percent, 'taxPercentage');
  const hundred = 100n * pow10(SCALE.percent);
  return formatUnits(divideRoundHalfUp(cents * rate, hundred + rate), SCALE.money);
}
