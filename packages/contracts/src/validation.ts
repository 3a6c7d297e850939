import type { z } from 'zod';

/**
 * Schemas carry message KEYS (e.g. `validation.required`); this turns a zod issue into a key
 * plus interpolation values, so the server and the browser translate the same way.
 */
export interface MessageRef {
  key: string;
  values?: Record<string, string | number>;
}

export function issueMessage(issue: z.core.$ZodIssue): MessageRef {
  if (issue.message.startsWith('validation.')) return { key: issue.message, values: limits(issue) };
  switch (issue.code) {
    case 'invalid_type':
      return /received (undefined|null)/.test(issue.message)
        ? { key: 'validation.required' }
        : {
            key:
              issue.expected === 'number' || issue.expected === 'int'
                ? 'validation.number'
                : 'validation.type',
          };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return { key: 'validation.required' };
      if (issue.origin === 'array' && Number(issue.minimum) <= 1) return { key: 'validation.required' };
      return {
        key: issue.origin === 'string' ? 'validation.min_length' : 'validation.min',
        values: limits(issue),
      };
    case 'too_big':
      return {
        key: issue.origin === 'string' ? 'validation.max_length' : 'validation.max',
        values: limits(issue),
      };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'validation.email' : 'validation.format' };
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field', values: { fields: issue.keys.join(', ') } };
    case 'invalid_value':
      return { key: 'validation.invalid_option' };
    case 'not_multiple_of':
      return { key: 'validation.step', values: { step: Number(issue.divisor) } };
    default:
      return { key: 'validation.invalid' };
  }
}

function limits(issue: z.core.$ZodIssue): Record<string, number> | undefined {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  return undefined;
}

/** Field path as the API reports it: `target_languages.0` -> `target_languages`. Root -> `_`. */
export function issueField(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys' && issue.keys.length === 1)
    return [...issue.path, issue.keys[0]].join('.');
  const path = issue.path.filter((part) => typeof part === 'string');
  return path.length ? path.join('.') : '_';
}
