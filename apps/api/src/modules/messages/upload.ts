import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { resolveLocale } from '@verba/contracts';
import { translator } from '../../lib/i18n.ts';
import { AppError, type FieldMessages } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/service.ts';
import { FileTooLargeError } from '../../plugins/storage.ts';

export interface ReceivedAttachment {
  name: string;
  key: string;
  size: number;
}

export interface ReceivedMessage {
  fields: Record<string, string>;
  files: ReceivedAttachment[];
  /** Removes every stored file of this request (a refusal keeps nothing). */
  discard(): Promise<void>;
}

const FILE_FIELDS = new Set(['file', 'files', 'files[]']);

/** A displayable file name: no folders, no control characters, at most 255 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);
}

/**
 * Reads a message form (multipart `body`, `internal`, `files[]`; JSON without files), streaming each
 * attachment to storage under the upload limits: a file over MAX_FILE_MB, files adding up to more
 * than a task may hold, too many files, or an empty file is a 422 that keeps nothing.
 */
export async function receiveMessage(
  deps: Pick<Deps, 'storage' | 'config'>,
  request: FastifyRequest,
): Promise<ReceivedMessage> {
  const files: ReceivedAttachment[] = [];
  const discard = async () => {
    await Promise.all(files.map((f) => deps.storage.remove(f.key)));
  };
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body))
      if (typeof value === 'string' || typeof value === 'boolean') fields[key] = String(value);
    return { fields, files, discard };
  }
  const { maxFileBytes, maxTaskBytes, maxFiles } = deps.config.uploads;
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  const refuse = async (errors: FieldMessages) => {
    await discard();
    return new AppError(422, 'errors.validation', { fields: errors });
  };
  const fields: Record<string, string> = {};
  let total = 0;
  let current = '';
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxFileBytes, files: maxFiles, fieldSize: 64 * 1024, fields: 20 },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = part as MultipartFile;
      const name = cleanName(file.filename);
      current = name;
      if (!FILE_FIELDS.has(file.fieldname)) {
        file.file.resume();
        throw await refuse({ [file.fieldname]: ['validation.unknown_field'] });
      }
      const stored = await deps.storage.save(
        'messages',
        file.file,
        Math.min(maxFileBytes, maxTaskBytes - total),
      );
      files.push({ name: name || 'file', key: stored.key, size: stored.size });
      // @fastify/multipart cuts a file at its limit instead of failing.
      if (file.file.truncated)
        throw await refuse({
          files: [{ key: 'tasks.file_too_large', values: { name, mb: mb(maxFileBytes) } }],
        });
      if (stored.size === 0) throw await refuse({ files: [{ key: 'tasks.file_empty', values: { name } }] });
      total += stored.size;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof FileTooLargeError)
      throw await refuse({ files: [{ key: 'tasks.upload_too_large', values: { mb: mb(maxTaskBytes) } }] });
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw await refuse({
        files: [{ key: 'tasks.file_too_large', values: { name: current, mb: mb(maxFileBytes) } }],
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw await refuse({ files: [{ key: 'tasks.too_many_files', values: { max: maxFiles } }] });
    await discard();
    throw err;
  }
  if (fields.lang) {
    request.locale = resolveLocale(fields.lang, request.locale);
    request.t = translator(request.locale);
  }
  return { fields, files, discard };
}
