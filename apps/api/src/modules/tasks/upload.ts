import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { hasAcceptedExtension, resolveLocale } from '@verba/contracts';
import { translator } from '../../lib/i18n.ts';
import { AppError, type FieldMessages } from '../../lib/app-error.ts';
import { FileTooLargeError } from '../../plugins/storage.ts';

export interface ReceivedFile {
  name: string;
  key: string;
  size: number;
  sha256: string;
}

export interface ReceivedForm {
  fields: Record<string, string | string[]>;
  files: ReceivedFile[];
  /** Files for the translators (`reference_files[]`): any type, never analysed or priced. */
  referenceFiles: ReceivedFile[];
  /** Removes every stored file of this request (on any refusal: nothing stays behind). */
  discard(): Promise<void>;
}

const FILE_FIELDS = new Set(['file', 'file[]', 'files', 'files[]']);
const REFERENCE_FIELDS = new Set(['reference_files', 'reference_files[]']);
const ARRAY_FIELD = /\[\]$/;

/** A clean, displayable file name: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);
}

/**
 * Reads a multipart task form, streaming each file to storage as it arrives. Refuses (422)
 * a file type we do not accept, two files with the same name (also against `existingNames`),
 * an empty file, a file or a request over the limits; a refusal removes what was stored. With
 * `acceptReferenceFiles`, files sent as `reference_files[]` are kept apart, of any type.
 */
export async function receiveTaskForm(
  app: FastifyInstance,
  request: FastifyRequest,
  existingNames: string[] = [],
  acceptReferenceFiles = false,
): Promise<ReceivedForm> {
  const { maxFileBytes, maxTaskBytes, maxFiles } = app.config.uploads;
  const fields: Record<string, string | string[]> = {};
  const files: ReceivedFile[] = [];
  const referenceFiles: ReceivedFile[] = [];
  const names = new Set(existingNames.map((n) => n.toLowerCase()));
  const referenceNames = new Set<string>();
  let total = existingNames.length ? 0 : 0;
  const discard = async () => {
    await Promise.all([...files, ...referenceFiles].map((f) => app.storage.remove(f.key)));
  };
  const refuse = async (fieldErrors: FieldMessages, messageKey = 'errors.validation', status = 422) => {
    await discard();
    return new AppError(status, messageKey, { fields: fieldErrors });
  };

  try {
    for await (const part of request.parts({
      limits: { fileSize: maxFileBytes, files: maxFiles, fieldSize: 64 * 1024, fields: 500 },
    })) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const key = part.fieldname.replace(ARRAY_FIELD, '');
        const existing = fields[key];
        if (ARRAY_FIELD.test(part.fieldname) || existing !== undefined) {
          fields[key] = [
            ...(Array.isArray(existing) ? existing : existing === undefined ? [] : [existing]),
            value,
          ];
        } else fields[key] = value;
        continue;
      }
      const file = part as MultipartFile;
      const name = cleanFileName(file.filename);
      const reference = acceptReferenceFiles && REFERENCE_FIELDS.has(file.fieldname);
      const field = reference ? 'reference_files' : 'files';
      if (!reference && !FILE_FIELDS.has(file.fieldname)) {
        file.file.resume();
        throw await refuse({ [file.fieldname]: ['validation.unknown_field'] });
      }
      // A reference file may be of any type: it is never analysed.
      if (!name || (!reference && !hasAcceptedExtension(name))) {
        file.file.resume();
        throw await refuse({ [field]: [{ key: 'tasks.file_type_refused', values: { name: name || '?' } }] });
      }
      const taken = reference ? referenceNames : names;
      if (taken.has(name.toLowerCase())) {
        file.file.resume();
        throw await refuse(
          { [field]: [{ key: 'tasks.same_name', values: { name } }] },
          'tasks.same_name_title',
        );
      }
      taken.add(name.toLowerCase());
      const stored = await app.storage.save(
        reference ? 'reference' : 'source',
        file.file,
        Math.min(maxFileBytes, maxTaskBytes - total),
      );
      // @fastify/multipart truncates at its own limit instead of failing: treat that as too large too.
      if (file.file.truncated) {
        await app.storage.remove(stored.key);
        throw await refuse(
          {
            [field]: [
              { key: 'tasks.file_too_large', values: { name, mb: Math.round(maxFileBytes / 1048576) } },
            ],
          },
          'errors.body_too_large',
          413,
        );
      }
      if (stored.size === 0) {
        await app.storage.remove(stored.key);
        throw await refuse({ [field]: [{ key: 'tasks.file_empty', values: { name } }] });
      }
      total += stored.size;
      (reference ? referenceFiles : files).push({ name, ...stored });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof FileTooLargeError) {
      throw await refuse(
        { files: [{ key: 'tasks.upload_too_large', values: { mb: Math.round(maxTaskBytes / 1048576) } }] },
        'errors.body_too_large',
        413,
      );
    }
    const code = (err as { code?: string }).code;
    if (
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_PARTS_LIMIT' ||
      code === 'FST_FIELDS_LIMIT'
    ) {
      throw await refuse(
        { files: [{ key: 'tasks.too_many_files', values: { max: maxFiles } }] },
        'errors.body_too_large',
        413,
      );
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw await refuse({ _: ['errors.unsupported_media_type'] }, 'errors.unsupported_media_type', 415);
    }
    await discard();
    throw err;
  }
  // Multipart bodies are read here, after the i18n hook: honour their `lang` field now.
  if (typeof fields.lang === 'string') {
    request.locale = resolveLocale(fields.lang, request.locale);
    request.t = translator(request.locale);
  }
  return { fields, files, referenceFiles, discard };
}
