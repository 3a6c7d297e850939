/**
 * The SQLSTATE of a database error, however the driver and drizzle wrap it (the code may sit on a
 * `cause`). Undefined for anything else.
 */
export function sqlState(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(?=.*[0-9])[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A write refused by a unique index (23505). */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/**
 * Class 22, data exception (a number out of range, a NUL in text, a malformed value): always a
 * value from outside, never the server's own state.
 */
export const isDataException = (error: unknown): boolean => sqlState(error)?.startsWith('22') ?? false;
