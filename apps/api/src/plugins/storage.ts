import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { sweepOrphanFiles } from './storage-sweep.ts';

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
   * Opens the file now (so a file removed meanwhile still reads to its end), or undefined when it
   * is missing. Callers that answer a download use this and `fileMissing()`.
   */
  openExisting(key: string): Promise<Readable | undefined>;
  remove(key: string): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

/** A stored file a row points at is gone from the disk: a translated 410, never a crash. */
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
function keepsItsError<T extends Readable>(stream: T): T {
  stream.on('error', () => {});
  return stream;
}

const SAFE_PREFIX = /^[a-z0-9/_-]+$/;

/** Local-disk storage under one root folder; keys are ours (uuid), never a name a client chose. */
export function localDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep))
      throw new Error(`storage key outside the root: ${key}`);
    return full;
  };
  return {
    async save(prefix, source, maxBytes) {
      if (!SAFE_PREFIX.test(prefix)) throw new Error(`unsafe storage prefix: ${prefix}`);
      const key = `${prefix.replace(/\/$/, '')}/${randomUUID()}`;
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) return callback(new FileTooLargeError(maxBytes));
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, fs.createWriteStream(full, { flags: 'wx' }));
      } catch (err) {
        await fs.promises.rm(full, { force: true });
        throw err;
      }
      return { key, size, sha256: hash.digest('hex') };
    },
    open(key) {
      return keepsItsError(fs.createReadStream(resolve(key)));
    },
    async openExisting(key) {
      try {
        const handle = await fs.promises.open(resolve(key), 'r');
        return keepsItsError(handle.createReadStream());
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async remove(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async removePrefix(prefix) {
      if (!SAFE_PREFIX.test(prefix)) throw new Error(`unsafe storage prefix: ${prefix}`);
      await fs.promises.rm(resolve(prefix), { recursive: true, force: true });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const storagePlugin = fp(async (app) => {
  const storage = localDiskStorage(app.config.filesDir);
  app.decorate('storage', storage);
  // In the background: a large files folder must not delay the start.
  app.addHook('onReady', async () => {
    sweepOrphanFiles(app.db, storage, app.config.filesDir)
      .then((removed) => removed && app.log.info(`removed ${removed} stored files no row points at`))
      .catch((err: unknown) => app.log.error({ err }, 'could not sweep orphan files'));
  });
});
