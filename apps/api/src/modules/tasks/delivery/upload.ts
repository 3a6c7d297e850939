import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError } from '../../../lib/app-error.ts';
import { FileTooLargeError } from '../../../plugins/storage.ts';
import { cleanFileName } from '../upload.ts';

export interface ReceivedTranslation {
  fields: Record<string, string>;
  /** the stored file, if one came */
  stored: { key: string; size: number; name: string } | undefined;
}

/** Reads a delivery's multipart body (one file plus its fields), streaming the file to storage. */
export async function receiveTranslatedFile(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<ReceivedTranslation> {
  const fields: Record<string, string> = {};
  let stored: ReceivedTranslation['stored'];
  try {
    for await (const part of request.parts({
      limits: { files: 1, fileSize: app.config.uploads.maxFileBytes },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = part as MultipartFile;
      const name = cleanFileName(file.filename);
      const saved = await app.storage.save('translated', file.file, app.config.uploads.maxFileBytes);
      stored = { key: saved.key, size: saved.size, name };
      if (file.file.truncated) throw new FileTooLargeError(app.config.uploads.maxFileBytes);
    }
  } catch (err) {
    if (stored) await app.storage.remove(stored.key);
    if (err instanceof FileTooLargeError) throw new AppError(413, 'errors.body_too_large');
    throw err;
  }
  return { fields, stored };
}

/** Reads and drops a multipart body the call refuses, so the client gets the answer. */
export async function drainParts(request: FastifyRequest): Promise<void> {
  for await (const part of request.parts()) if (part.type === 'file') part.file.resume();
}
