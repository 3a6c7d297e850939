import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AnalysisError, ErrorKeys, resolveLimits, ZipArchive, type ZipMember } from '@verba/analysis';
import type { DeliveryUnmatchedReason } from '@verba/contracts';
import { AppError, type FieldMessages } from '../../../lib/app-error.ts';
import { FileTooLargeError } from '../../../plugins/storage.ts';
import { cleanFileName } from '../upload.ts';

/** Entries of one delivered zip: enough for a large task, far below what would exhaust the server. */
const MAX_ZIP_ENTRIES = 2000;
const FILE_FIELDS = new Set(['file', 'file[]', 'files', 'files[]']);

/** One file of a delivery batch: a plain upload, or a member of an uploaded zip. */
export interface BatchItem {
  /** the uploaded name, or the member's path inside the zip (`es/guide.docx`) */
  name: string;
  size: number;
  /** a plain file of a batch being stored: where it is already */
  key?: string;
  /** a zip member: opened only when it is stored */
  open?: () => Promise<Readable>;
  /** a member we never store */
  refused?: DeliveryUnmatchedReason;
}

export interface ReceivedBatch {
  items: BatchItem[];
  fields: Record<string, string>;
  /** Removes the plain files stored for this request and the unpacked zips (on refusal: nothing stays). */
  discard(): Promise<void>;
  /** Closes the zips and removes their scratch copies (the stored files stay). */
  close(): Promise<void>;
}

/** Folders and the files a Mac or an editor leaves in a zip (`__MACOSX/`, `.DS_Store`). */
const isHidden = (name: string) =>
  name.endsWith('/') || name.split('/').includes('__MACOSX') || (name.split('/').pop() ?? '').startsWith('.');

/** An uploaded zip or an analysis refusal of it as a translated 422 naming the file. */
export function zipRefusal(name: string, err: unknown): AppError {
  const key =
    err instanceof AnalysisError && err.key !== ErrorKeys.corruptArchive
      ? 'tasks.delivery_zip_too_large'
      : 'tasks.delivery_zip_corrupt';
  return new AppError(422, key, { values: { name }, fields: { files: [{ key, values: { name } }] } });
}

/** Counts bytes and fails past `max` (the zip itself, before it is opened). */
function meter(max: number, onBytes: (n: number) => void) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      onBytes(chunk.length);
      done(seen > max ? new FileTooLargeError(max) : null, chunk);
    },
  });
}

/**
 * Reads a delivery batch: `files[]` (or `file`) parts and fields. A `.zip` that `isContainer` says
 * holds translations is copied to a scratch folder and read through its central directory with
 * the analysis limits (entries, sizes, ratio); its members are the batch's files. With `store`,
 * plain files stream to storage as they arrive; without it (a preview) they are read and dropped.
 */
export async function receiveTranslationBatch(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { store: boolean; isContainer: (name: string) => boolean },
): Promise<ReceivedBatch> {
  const { maxFileBytes, maxTaskBytes, maxFiles } = app.config.uploads;
  const limits = resolveLimits({
    maxEntryBytes: maxFileBytes,
    maxArchiveTotalBytes: maxTaskBytes,
    maxArchiveEntries: MAX_ZIP_ENTRIES,
  });
  const budget = { used: 0 };
  const items: BatchItem[] = [];
  const fields: Record<string, string> = {};
  const archives: ZipArchive[] = [];
  const names = new Set<string>();
  let scratch: string | undefined;
  let total = 0;

  const close = async () => {
    for (const archive of archives.splice(0)) archive.close();
    if (scratch) await fs.promises.rm(scratch, { recursive: true, force: true });
  };
  const discard = async () => {
    await Promise.all(items.flatMap((i) => (i.key ? [app.storage.remove(i.key)] : [])));
    await close();
  };
  const refuse = async (fieldErrors: FieldMessages, key = 'errors.validation', status = 422) => {
    await discard();
    return new AppError(status, key, { fields: fieldErrors });
  };
  /** A name is taken once: two files of a batch cannot share it. */
  const claim = async (name: string) => {
    if (names.has(name.toLowerCase()))
      throw await refuse({ files: [{ key: 'tasks.delivery_same_name', values: { name } }] });
    names.add(name.toLowerCase());
  };

  const unpack = async (file: MultipartFile, name: string) => {
    scratch ??= await fs.promises.mkdtemp(path.join(os.tmpdir(), 'verba-delivery-'));
    const copy = path.join(scratch, `${archives.length + 1}.zip`);
    await pipeline(
      file.file,
      meter(maxTaskBytes - total, (n) => (total += n)),
      fs.createWriteStream(copy),
    );
    if (file.file.truncated) throw new FileTooLargeError(maxFileBytes);
    let archive: ZipArchive;
    try {
      archive = await ZipArchive.open(copy, limits, budget);
    } catch (err) {
      await discard();
      throw zipRefusal(name, err);
    }
    archives.push(archive);
    for (const member of archive.members) {
      if (member.directory || isHidden(member.name)) continue;
      const refused = member.unsafe ? 'unsafe_path' : member.encrypted ? 'encrypted' : undefined;
      const entry: ZipMember = member;
      await claim(member.name);
      items.push({
        name: member.name,
        size: member.uncompressedSize,
        ...(refused ? { refused } : { open: () => archive.openStream(entry) }),
      });
    }
  };

  try {
    for await (const part of request.parts({
      limits: { fileSize: Math.max(maxFileBytes, maxTaskBytes), files: maxFiles, fields: 20 },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = part as MultipartFile;
      const name = cleanFileName(file.filename);
      if (!FILE_FIELDS.has(file.fieldname) || !name) {
        file.file.resume();
        throw await refuse({ [file.fieldname]: ['validation.unknown_field'] });
      }
      if (/\.zip$/i.test(name) && options.isContainer(name)) {
        await unpack(file, name);
        continue;
      }
      await claim(name).catch((err: unknown) => {
        file.file.resume();
        throw err;
      });
      const max = Math.min(maxFileBytes, maxTaskBytes - total);
      if (options.store) {
        const saved = await app.storage.save('translated', file.file, max);
        items.push({ name, size: saved.size, key: saved.key });
      } else {
        let size = 0;
        for await (const chunk of file.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > max) throw new FileTooLargeError(max);
        }
        items.push({ name, size });
      }
      total += items.at(-1)!.size;
      if (file.file.truncated) throw new FileTooLargeError(maxFileBytes);
      if (items.at(-1)?.size === 0)
        throw await refuse({ files: [{ key: 'tasks.file_empty', values: { name } }] });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof FileTooLargeError)
      throw await refuse(
        { files: [{ key: 'tasks.upload_too_large', values: { mb: Math.round(maxTaskBytes / 1048576) } }] },
        'errors.body_too_large',
        413,
      );
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw await refuse(
        { files: [{ key: 'tasks.too_many_files', values: { max: maxFiles } }] },
        'errors.body_too_large',
        413,
      );
    await discard();
    throw err;
  }
  return { items, fields, discard, close };
}
