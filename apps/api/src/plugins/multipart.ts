import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
    const drainBound = DRAIN_FACTOR * app.config.uploads.maxTaskBytes;
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.isMultipart() && !request.raw.complete) drainUnread(request, reply, drainBound);
      return payload;
    });
  },
  { name: 'multipart' },
);

/** How much of a refused body is read and dropped, as a multiple of the largest upload we take. */
const DRAIN_FACTOR = 4;
const draining = Symbol('draining');

/**
 * A reply sent before the body was read to its end (a refused upload): the rest is read and
 * dropped, so a client that sends its whole body before reading gets the answer at once and the
 * connection stays usable. Past `bound` bytes the connection is closed once the answer is out.
 */
function drainUnread(request: FastifyRequest, reply: FastifyReply, bound: number): void {
  const raw = request.raw as FastifyRequest['raw'] & { [draining]?: true };
  if (raw[draining] || raw.destroyed) return;
  raw[draining] = true;
  raw.unpipe();
  let left = bound;
  const onData = (chunk: Buffer) => {
    left -= chunk.length;
    if (left >= 0) return;
    raw.off('data', onData);
    raw.pause();
    request.log.warn({ bound }, 'closing the connection: the refused body is larger than we read');
    const close = () => raw.socket.destroy();
    if (reply.raw.writableFinished) close();
    else reply.raw.once('finish', close).once('close', close);
  };
  raw.on('data', onData);
  raw.resume();
}

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
