import { LOCALES, type Locale } from '@verba/contracts';
import validationEn from '@verba/contracts/i18n/en/validation.json' with { type: 'json' };
import validationEs from '@verba/contracts/i18n/es/validation.json' with { type: 'json' };
import validationCa from '@verba/contracts/i18n/ca/validation.json' with { type: 'json' };
import apiEn from '../src/i18n/en/api.json' with { type: 'json' };
import apiEs from '../src/i18n/es/api.json' with { type: 'json' };
import apiCa from '../src/i18n/ca/api.json' with { type: 'json' };
import { translator } from '../src/lib/i18n.ts';

/** The body a call refused before it runs must carry (DESIGN §4): the catalogue's words, nothing more. */
export function refusalBody(status: 401 | 403, locale: Locale): { message: string } {
  const t = translator(locale);
  return { message: t(status === 401 ? 'errors.session_expired' : 'errors.forbidden') };
}

const CATALOGUES: Record<Locale, unknown[]> = {
  en: [apiEn, validationEn],
  es: [apiEs, validationEs],
  ca: [apiCa, validationCa],
};

function templates(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') for (const value of Object.values(node)) templates(value, out);
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every message the API may say, as patterns (`{{value}}` stands for anything). */
const MESSAGES: RegExp[] = LOCALES.flatMap((locale) =>
  CATALOGUES[locale].flatMap((c) =>
    templates(c).map(
      (m) =>
        new RegExp(
          `^${m
            .split(/\{\{[^}]+\}\}/)
            .map(escape)
            .join('[\\s\\S]*')}$`,
        ),
    ),
  ),
);
const ERROR_KEYS = new Set(['message', 'error_code', 'errors']);

/**
 * What is wrong with a 4xx body, or `undefined`: the API's error shape (DESIGN §4), every message
 * one of the catalogue's (in any of its languages), so no internal text (a stack, a JS error) leaks.
 */
export function errorBodyProblem(rawBody: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return 'not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an object';
  const extra = Object.keys(body).filter((k) => !ERROR_KEYS.has(k));
  if (extra.length) return `unexpected keys ${extra.join(', ')}`;
  const { message, error_code, errors } = body as Record<string, unknown>;
  if (typeof message !== 'string') return 'no message';
  const known = (m: unknown) => typeof m === 'string' && MESSAGES.some((re) => re.test(m));
  if (!known(message)) return `message not in the catalogue: ${message}`;
  if (error_code !== undefined && typeof error_code !== 'number') return 'error_code is not a number';
  if (errors !== undefined) {
    if (!errors || typeof errors !== 'object') return 'errors is not an object';
    for (const [field, list] of Object.entries(errors)) {
      if (!Array.isArray(list) || !list.every(known)) return `errors.${field} not in the catalogue`;
    }
  }
  return undefined;
}
