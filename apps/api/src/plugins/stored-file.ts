import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { AppError } from '../lib/app-error.ts';

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

/** Where uploaded and delivered files live. Streams in and out; never holds a whole file. */
export interface Storage {
  /** Streams `source` to a new key under `prefix`; refuses past `maxBytes` and leaves nothing behind. */
  save(prefix: string, source: Readable, maxBytes: number): Promise<StoredFile>;
  open(key: string): Readable;
  /**
   * The file, or undefined when it is missing: callers that answer a download use this and
   * `fileMissing()`, so a missing file is told before the answer starts. On disk the file is
   * opened now (a file removed meanwhile still reads to its end); on S3 it is checked now and read
   * from the first read on (holding no connection until then).
   */
  openExisting(key: string): Promise<Readable | undefined>;
  /** Whether the file is there, without opening it. */
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
  /** Every stored key last written before `before` (what the orphan sweep looks at). */
  listOlderThan(before: number): AsyncIterable<string>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

/**
 * The file store cannot be reached or failed (object storage down, its bucket gone, a call timed
 * out): a translated 503. `writing` says whether a write was refused, so the message can say that
 * nothing was saved.
 */
export class StorageUnavailableError extends Error {
  constructor(
    readonly writing: boolean,
    options?: { cause?: unknown },
  ) {
    super(`the file store is not available (${writing ? 'write' : 'read'})`, options);
  }
}

/** A stored file a row points at is gone from the store: a translated 410, never a crash. */
export const fileMissing = () => new AppError(410, 'errors.file_missing');

/** The stored file, opened for a download; a missing one is `fileMissing()`. */
export async function openStored(storage: Storage, key: string): Promise<Readable> {
  const stream = await storage.openExisting(key);
  if (!stream) throw fileMissing();
  return stream;
}

/**
 * A stream may fail before anyone reads it (a missing file fails as it opens, and a job's reader
 * may start later): the stream keeps the error and throws it to its reader (iterating or piping
 * it), while an 'error' nobody listens to would end the process.
 */
export function keepsItsError<T extends Readable>(stream: T): T {
  stream.on('error', () => {});
  return stream;
}

/**
 * Removes files whose rows are already gone (committed): a store that fails now leaves them to
 * the orphan sweep, and the change that was committed stands.
 */
export async function removeUnreferenced(
  storage: Storage,
  log: { warn(details: object, message: string): void },
  keys: string[],
): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key))).catch((err: unknown) =>
    log.warn({ err, keys }, 'could not remove stored files no row points at; the orphan sweep will'),
  );
}

export const SAFE_PREFIX = /^[a-z0-9/_-]+$/;

/** A new key under `prefix`: ours (a uuid), never a name a client chose. */
export function newKey(prefix: string): string {
  if (!SAFE_PREFIX.test(prefix)) throw new Error(`unsafe storage prefix: ${prefix}`);
  return `${prefix.replace(/\/$/, '')}/${randomUUID()}`;
}

/** A key `newKey` made: the only files the orphan sweep may remove. */
export const isOurKey = (key: string) =>
  /^[a-z0-9/_-]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key);

/** A pass-through that counts and hashes what is saved, and fails past `maxBytes`. */
export function meteredCopy(maxBytes: number) {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new FileTooLargeError(maxBytes));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, size: () => size, sha256: () => hash.digest('hex') };
}
