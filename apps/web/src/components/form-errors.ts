import { createElement, Fragment, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { TranslatedMessage } from './translated-message.tsx';

/** What a form shows under its fields: the API's messages (already in the user's language) or ours. */
export type FieldErrors = Record<string, ReactNode | undefined>;

/** The messages of a 422 response, as the API words them. */
export type ServerFieldErrors = Record<string, string | undefined>;

interface IssueLike {
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}

/** A message of namespace `ns`, translated where it is shown (`TranslatedMessage`). */
export function translatedMessage(ns: string, id: string, values?: Record<string, unknown>): ReactNode {
  return createElement(TranslatedMessage, { ns, id, values });
}

/** A message of the shared validation catalogue, translated where it is shown. */
export function validationMessage(id: string, values?: Record<string, unknown>): ReactNode {
  return translatedMessage('validation', id, values);
}

/**
 * First message of each top-level field of a failed zod parse (shared validation keys), translated
 * where it is shown, so that it follows a change of language.
 * With `fullPath`, nested fields keep their whole dotted path ("minimum_rates.0.hour"), as the API names them.
 */
export function zodFieldErrors(
  issues: readonly IssueLike[],
  { fullPath = false }: { fullPath?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fullPath ? issue.path.map(String).join('.') : String(issue.path[0] ?? '');
    if (errors[field]) continue;
    errors[field] = validationMessage(issue.message, { min: issue.minimum, max: issue.maximum });
  }
  return errors;
}

/** Per-field messages of a 422 response (first message of each field), or null for other failures. */
export function serverFieldErrors(error: unknown): ServerFieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const errors: ServerFieldErrors = {};
  for (const [field, messages] of Object.entries(error.body?.errors ?? {})) errors[field] = messages[0];
  return errors;
}

/** The messages no visible field shows (e.g. "The current user cannot be deleted."). */
export function unplacedErrors<M extends ReactNode>(
  errors: Record<string, M | undefined>,
  shown: readonly string[],
): M[] {
  return Object.entries(errors)
    .filter(([field, message]) => message && !shown.includes(field))
    .map(([, message]) => message as M);
}

/** Messages one after the other, a space between them. */
export function joinedMessages(messages: readonly ReactNode[]): ReactNode {
  return createElement(Fragment, null, ...messages.flatMap((m, i) => (i ? [' ', m] : [m])));
}

/** What a form shows of a failed write: messages under its fields, and one notice for the rest. */
export interface FormFailure {
  fields: ServerFieldErrors;
  /** the server's message, with the messages of fields the form does not show; null when none */
  notice: string | null;
}

/**
 * The one way a form or modal reads a failed write (spec part 2 §8, one reaction per condition).
 * A 422 the call handles (`handles: [422]`) is the form's to show: each field's first message under
 * `shown` fields, everything else (the server's message, other fields) in the notice. Any other
 * failure was already told by the global handling (connection error, session, not found): the form
 * only keeps what the user typed.
 */
export function formFailure(error: unknown, shown: readonly string[]): FormFailure {
  const all = serverFieldErrors(error);
  if (!all || !(error instanceof ApiError)) return { fields: {}, notice: null };
  const fields: ServerFieldErrors = {};
  for (const field of shown) if (all[field]) fields[field] = all[field];
  const rest = unplacedErrors(all, shown);
  const placed = Object.keys(fields).length > 0;
  const message = error.body?.message ?? null;
  const notice = rest.length ? rest.join(' ') : placed ? null : message;
  return { fields, notice };
}
