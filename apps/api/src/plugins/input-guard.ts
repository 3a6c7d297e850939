import fp from 'fastify-plugin';
import { invalid } from '../lib/app-error.ts';

const NUL = '\u0000';

/** The dotted path of the first string (value or key) holding a NUL, or undefined. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '')];
    const found = findNul(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL cannot store a NUL in text, so a NUL in a search or a JSON field used to reach the
 * database and come back as a 500. It is refused up front as the user's mistake it is, naming
 * the field. (Multipart text fields are read by the upload code, which applies the same rule.)
 */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    for (const [source, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const path = findNul(value);
      if (path) throw invalid({ [path.join('.') || source]: [{ key: 'validation.control_character' }] });
    }
  });
});
