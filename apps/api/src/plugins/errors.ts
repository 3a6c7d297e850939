import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { issueField, issueMessage, resolveLocale, type ApiErrorBody } from '@verba/contracts';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { isDataException } from '../db/errors.ts';
import { translator } from '../lib/i18n.ts';
import { StorageUnavailableError } from './stored-file.ts';

const FASTIFY_CODES: Record<string, { status: number; key: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'errors.invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'errors.invalid_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'errors.body_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'errors.unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'errors.bad_request' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, key: 'errors.body_too_large' },
  FST_FILES_LIMIT: { status: 413, key: 'errors.body_too_large' },
  // a JSON (or other) body where a multipart upload is expected: the media type is wrong
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, key: 'errors.unsupported_media_type' },
};

/** The validation message of a whole-number id no row can have (contracts' `idField`). */
const UNKNOWN_ID = 'validation.unknown_id';

/** What @fastify/busboy throws for a broken multipart body (no boundary, cut short); it sets no code. */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /unexpected end of multipart data$/i,
  /^Malformed part header$/,
  /^The needle cannot have a length bigger than \d+\.$/,
];

/** The API's error shape (DESIGN §4), translated; a 5xx never shows internals. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendAppError(error, request, reply);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // An id in the path or query beyond what a row can have is unknown: 404, like any id that
      // finds nothing (in a body it stays a field's message, as an unknown id there is).
      if (
        (error.validationContext === 'params' || error.validationContext === 'querystring') &&
        error.validation.every((v) => v.message === UNKNOWN_ID)
      )
        return reply.status(404).send({ message: request.t('errors.not_found') } satisfies ApiErrorBody);
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const issue = {
          ...v.params,
          code: v.keyword,
          message: v.message ?? '',
          path: v.instancePath.split('/').filter(Boolean),
        } as unknown as z.core.$ZodIssue;
        const { key, values } = issueMessage(issue);
        const field = issueField(issue);
        (errors[field] ??= []).push(request.t(key, values));
      }
      return reply
        .status(422)
        .send({ message: request.t('errors.validation'), errors } satisfies ApiErrorBody);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      if (known.status === 429 && error.statusCode === 429)
        reply.header('retry-after', reply.getHeader('retry-after') ?? 60);
      return reply.status(known.status).send({ message: request.t(known.key) } satisfies ApiErrorBody);
    }
    if (!error.code && MALFORMED_MULTIPART.some((re) => re.test(error.message))) {
      return reply.status(400).send({ message: request.t('errors.bad_request') } satisfies ApiErrorBody);
    }
    const storage = storageFailure(error);
    if (storage) {
      request.log.error({ err: error }, 'the file store failed');
      return reply.status(storage.status).send({ message: request.t(storage.key) } satisfies ApiErrorBody);
    }
    if (isDataException(error)) {
      // The schemas should have refused this value; say so in the log, and answer as for any bad input.
      request.log.warn({ err: error }, 'the database refused a value the route schema let through');
      return reply.status(422).send({ message: request.t('errors.validation') } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: request.t('errors.too_many_requests') });
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: request.t(status === 404 ? 'errors.not_found' : 'errors.bad_request') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: request.t('errors.server') } satisfies ApiErrorBody);
  });
});

/**
 * A disk that is full (507) or cannot be written (503), or object storage that cannot be reached
 * (503), is the server's state, told plainly.
 */
function storageFailure(error: unknown): { status: number; key: string } | undefined {
  if (error instanceof StorageUnavailableError)
    return {
      status: 503,
      key: error.writing ? 'errors.storage_unavailable' : 'errors.storage_read_unavailable',
    };
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return { status: 507, key: 'errors.storage_full' };
  if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM' || code === 'EIO')
    return { status: 503, key: 'errors.storage_unavailable' };
  return undefined;
}

function sendAppError(error: AppError, request: FastifyRequest, reply: FastifyReply) {
  const body: ApiErrorBody = { message: request.t(error.messageKey, error.options.values) };
  if (error.options.errorCode !== undefined) body.error_code = error.options.errorCode;
  if (error.options.fields) {
    body.errors = Object.fromEntries(
      Object.entries(error.options.fields).map(([field, messages]) => [
        field,
        messages.map((m) => (typeof m === 'string' ? request.t(m) : request.t(m.key, m.values))),
      ]),
    );
  }
  for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
  return reply.status(error.status).send(body);
}

/**
 * What the router refuses before any hook runs (a path that is not valid percent-encoding, a
 * parameter over the length limit): the API's error shape in the caller's language, not Fastify's.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = new URLSearchParams(request.raw.url?.split('?')[1] ?? '').get('lang') ?? undefined;
  const t = translator(resolveLocale(lang, request.headers['accept-language']));
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send({ message: t('errors.bad_request') } satisfies ApiErrorBody);
}
