import { ApiError } from '../lib/api-client.ts';

type Translate = (key: string, options: Record<string, unknown>) => string;

export type FieldErrors = Record<string, string | undefined>;

interface IssueLike {
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}

/**
 * First message of each top-level field of a failed zod parse, translated (shared validation keys).
 * With `fullPath`, nested fields keep their whole dotted path ("minimum_rates.0.hour"), as the API names them.
 */
export function zodFieldErrors(
  issues: readonly IssueLike[],
  t: Translate,
  { fullPath = false }: { fullPath?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fullPath ? issue.path.map(String).join('.') : String(issue.path[0] ?? '');
    if (errors[field]) continue;
    errors[field] = t(issue.message, {
      ns: 'validation',
      min: issue.minimum,
      max: issue.maximum,
      defaultValue: issue.message,
    });
  }
  return errors;
}

/** Per-field messages of a 422 response (first message of each field), or null for other failures. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.body?.errors ?? {})) errors[field] = messages[0];
  return errors;
}

/** A 422 message that no visible field shows (e.g. "The current user cannot be deleted."). */
export function unplacedErrors(errors: FieldErrors, shown: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([field, message]) => message && !shown.includes(field))
    .map(([, message]) => message as string);
}
