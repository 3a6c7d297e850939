import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import { referencedKeys } from '../db/file-references.ts';
import type { Storage } from './storage.ts';

/** Younger files may belong to an upload whose row is not committed yet. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

async function* oldFiles(root: string, before: number, dir = root): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* oldFiles(root, before, full);
    else if (entry.isFile() && (await fs.promises.stat(full)).mtimeMs < before)
      yield path.relative(root, full).split(path.sep).join('/');
  }
}

/**
 * Removes stored files that no row points at and that are older than an hour: what an upload in
 * flight at a crash, or a failure between storing a file and committing its row, left behind.
 * Returns how many were removed.
 */
export async function sweepOrphanFiles(
  db: Db,
  storage: Storage,
  root: string,
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const kept = await referencedKeys(db, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await storage.remove(key);
      removed++;
    }
    batch = [];
  };
  for await (const key of oldFiles(root, now - ORPHAN_MIN_AGE_MS)) {
    batch.push(key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return removed;
}
