import { describe, expect, it } from 'vitest';
import { idField, idParam, MAX_ID } from './common.ts';

describe('ids', () => {
  it('takes plain digits and whole JSON numbers from 1 to the database integer limit', () => {
    expect(idField.parse('1')).toBe(1);
    expect(idField.parse(String(MAX_ID))).toBe(MAX_ID);
    expect(idField.parse(42)).toBe(42);
    expect(idParam.parse({ id: '7' })).toEqual({ id: 7 });
  });

  it('refuses what coercion would have read as another row, or that the database cannot hold', () => {
    for (const bad of [
      ' 1',
      '1 ',
      '0x10',
      '1e3',
      '01',
      '1.0',
      '+1',
      '-1',
      '0',
      '',
      'abc',
      '١',
      0,
      -3,
      1.5,
      Number.NaN,
      null,
      true,
    ]) {
      expect(idField.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses a whole number no row can have as an unknown id, not as a malformed one', () => {
    for (const beyond of [String(MAX_ID + 1), '99999999999', '9'.repeat(40), MAX_ID + 1, 1e300]) {
      const result = idField.safeParse(beyond);
      expect(
        result.error?.issues.map((i) => i.message),
        String(beyond),
      ).toEqual(['validation.unknown_id']);
    }
  });

  it('says why in the translated validation key', () => {
    const result = idField.safeParse('0x10');
    expect(result.error?.issues[0]?.message).toBe('validation.positive_integer');
  });
});
