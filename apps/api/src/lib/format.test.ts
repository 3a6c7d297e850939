import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDecimal,
  formatLongDate,
  formatInteger,
  formatMoney,
  formatPercent,
  formatWordPrice,
} from './format.ts';

describe('server formats', () => {
  it('groups thousands and uses the locale separators, from decimal strings', () => {
    expect(formatMoney('1234.5', 'en')).toBe('€1,234.50');
    expect(formatMoney('1234.5', 'es')).toBe('1.234,50 €');
    expect(formatMoney('1234567.89', 'ca')).toBe('1.234.567,89 €');
    expect(formatMoney('0.00', 'es')).toBe('0,00 €');
    expect(formatMoney('-148.50', 'en')).toBe('-€148.50');
    expect(formatMoney('99999999999999.99', 'en')).toBe('€99,999,999,999,999.99');
    expect(formatMoney('2347.56', 'es')).toBe('2.347,56 €');
    expect(formatWordPrice('0.1', 'en')).toBe('€0.1000');
    expect(formatWordPrice('0.036', 'es')).toBe('0,0360 €');
    expect(formatInteger(13500, 'en')).toBe('13,500');
    expect(formatInteger(999, 'es')).toBe('999');
  });

  it('rounds half up when asked for fewer decimals, and never shows -0', () => {
    expect(formatDecimal('2.345', 'en', 2)).toBe('2.35');
    expect(formatDecimal('9.995', 'en', 2)).toBe('10.00');
    expect(formatDecimal('-0.001', 'en', 2)).toBe('0.00');
    expect(() => formatDecimal('1e3', 'en', 2)).toThrow(RangeError);
  });

  it('writes percentages without useless zeros, spaced in es and ca', () => {
    expect(formatPercent('21.00', 'en')).toBe('21%');
    expect(formatPercent('21.00', 'es')).toBe('21 %');
    expect(formatPercent('5.50', 'ca')).toBe('5,5 %');
    expect(formatPercent('100.00', 'es')).toBe('100 %');
  });

  it('writes Madrid calendar dates, month first in en', () => {
    // 23:30 UTC on 31 March 2026 is already 1 April in Madrid (summer time, +02:00)
    const instant = new Date('2026-03-31T23:30:00Z');
    expect(formatDate(instant, 'en')).toBe('04/01/2026');
    expect(formatDate(instant, 'es')).toBe('01/04/2026');
    expect(formatDate(instant, 'ca')).toBe('01/04/2026');
  });

  it('writes dates out in full for mails, on the Madrid calendar', () => {
    const instant = new Date('2026-03-31T23:30:00Z');
    expect(formatLongDate(instant, 'en')).toBe('April 1, 2026');
    expect(formatLongDate(instant, 'es')).toBe('1 de abril de 2026');
    expect(formatLongDate(instant, 'ca')).toMatch(/^1 d.abril (de|del) 2026$/);
  });
});
