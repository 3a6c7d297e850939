import { describe, expect, it } from 'vitest';
import { isDataException, isUniqueViolation, sqlState } from './errors.ts';

describe('database error codes', () => {
  const pg = (code: string) => Object.assign(new Error('from the driver'), { code });
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query'), { cause });

  it('finds the SQLSTATE on the error or on the cause drizzle wraps it in', () => {
    expect(sqlState(pg('23505'))).toBe('23505');
    expect(sqlState(wrapped(pg('22003')))).toBe('22003');
    expect(isUniqueViolation(wrapped(pg('23505')))).toBe(true);
    expect(isDataException(wrapped(pg('22021')))).toBe(true);
  });

  it('ignores Node and Fastify codes and anything that is not an error', () => {
    expect(sqlState(pg('ENOSPC'))).toBeUndefined();
    expect(sqlState(pg('EROFS'))).toBeUndefined();
    expect(sqlState(pg('FST_ERR_CTP_INVALID_JSON_BODY'))).toBeUndefined();
    expect(isUniqueViolation(null)).toBe(false);
    expect(isDataException('22003')).toBe(false);
    expect(isDataException(pg('23505'))).toBe(false);
  });
});
