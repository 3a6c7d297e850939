import type { Db } from '../db/client.ts';
import { referencedKeys } from '../db/file-references.ts';
import { isOurKey, type Storage } from './stored-file.ts';

/** Younger files may belong to an upload whose row is not committed yet. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes stored files that no row points at and that are older than an hour: what an upload in
 * flight at a crash, or a failure between storing a file and committing its row, left behind.
 * Only keys Verba made are looked at. Returns how many were removed.
 */
export async function sweepOrphanFiles(db: Db, storage: Storage, now = Date.now()): Promise<number> {
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
  for await (const key of storage.listOlderThan(now - ORPHAN_MIN_AGE_MS)) {
    if (!isOurKey(key)) continue;
    batch.push(key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return removed;
}
