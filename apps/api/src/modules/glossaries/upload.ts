import type { FastifyRequest } from 'fastify';
import { GLOSSARY_LIMITS } from '@verba/contracts';

/** What `POST /glossaries` received: its fields, and the file (buffered, at most 10 MB + 1 byte). */
export interface GlossaryUpload {
  fields: Record<string, string | string[]>;
  file: { filename: string; buffer: Buffer; tooLarge: boolean } | null;
}

const LIMITS = { fileSize: GLOSSARY_LIMITS.maxBytes, files: 1, fields: 60, parts: 62 };
/** A file past the limit is cut and marked `truncated` instead of failing the read with a 413. */
const OPTIONS = { limits: LIMITS, throwFileSizeLimit: false };

/**
 * Reads the multipart body. The file is kept in memory (it is parsed whole, and 10 MB at most);
 * past the limit it is cut and marked, so the service refuses it with a translated 422.
 */
export async function receiveGlossaryUpload(request: FastifyRequest): Promise<GlossaryUpload> {
  const fields: GlossaryUpload['fields'] = {};
  let file: GlossaryUpload['file'] = null;
  if (!request.isMultipart()) return { fields, file };
  for await (const part of request.parts(OPTIONS)) {
    if (part.type === 'field') {
      const name = part.fieldname.replace(/\[\]$/, '');
      const value = String(part.value);
      const existing = fields[name];
      fields[name] =
        existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    file = { filename: part.filename, buffer: Buffer.concat(chunks), tooLarge: part.file.truncated };
  }
  return { fields, file };
}
