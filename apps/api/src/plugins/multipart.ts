import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/** Limits of one multipart read; they override the app-wide ones (`config.uploads`). */
export type MultipartLimits = NonNullable<NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits']>;

/**
 * The one multipart parser of the API, registered once in `app.ts` around the routes that take
 * uploads or forms (any other route answers 415 to multipart). App-wide limits come from the
 * configuration (files of at most MAX_FILE_MB, MAX_FILES_PER_TASK files); a route that takes
 * less reads with its own limits. Parts are read where they are used, so files stream.
 */
export const multipartPlugin = fp(
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: app.config.uploads.maxFileBytes, files: app.config.uploads.maxFiles },
    });
  },
  { name: 'multipart' },
);

/**
 * The file sent in `field` of a single-file upload, buffered (never past `limits.fileSize`:
 * a larger one is refused with 413), or null when there is none or it came in another field.
 */
export async function singleFile(
  request: FastifyRequest,
  field: string,
  limits: MultipartLimits,
): Promise<{ filename: string; buffer: Buffer } | null> {
  if (!request.isMultipart()) return null;
  const part = await request.file({ limits });
  if (part && part.fieldname === field) return { filename: part.filename, buffer: await part.toBuffer() };
  part?.file.resume();
  return null;
}

/**
 * A preValidation hook that makes the fields of a multipart body (no files) the request body,
 * `{ name: value }` (a repeated name gives an array), so one schema validates JSON and forms.
 */
export function multipartFieldsToBody(limits: MultipartLimits) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    const body: Record<string, string | string[]> = {};
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        part.file.resume();
        continue;
      }
      const value = String(part.value);
      const existing = body[part.fieldname];
      body[part.fieldname] =
        existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    request.body = body;
  };
}
