import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { keepsItsError, meteredCopy, newKey, SAFE_PREFIX, type Storage } from './stored-file.ts';

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
      const key = newKey(prefix);
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      const copy = meteredCopy(maxBytes);
      try {
        await pipeline(source, copy.stream, fs.createWriteStream(full, { flags: 'wx' }));
      } catch (err) {
        await fs.promises.rm(full, { force: true });
        throw err;
      }
      return { key, size: copy.size(), sha256: copy.sha256() };
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
    async exists(key) {
      try {
        return (await fs.promises.stat(resolve(key))).isFile();
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return false;
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
    listOlderThan(before) {
      return filesOlderThan(root, before);
    },
  };
}

async function* filesOlderThan(root: string, before: number, dir = root): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOlderThan(root, before, full);
    else if (entry.isFile() && (await fs.promises.stat(full)).mtimeMs < before)
      yield path.relative(root, full).split(path.sep).join('/');
  }
}
