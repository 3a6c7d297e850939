import { contextHash, type TmUnit } from '@verba/analysis';
import type { MemoryOrigin } from '@verba/contracts';
import { isEmbedded, type Db } from '../../db/client.ts';
import * as repo from './repository.ts';

/** Units per INSERT: one statement of a few MB, five array parameters whatever the size. */
const BATCH = 5000;
/** A feed this large refreshes the planner's statistics of tm_units (see `analyzeUnits`). */
const ANALYZE_AFTER = 10_000;

export interface Feed {
  customerId: number;
  source: string;
  target: string;
  origin: MemoryOrigin;
  fileName: string;
  userId: number | null;
}

/**
 * Adds a stream of units to a customer's memory for one pair, recording the feed (file name,
 * origin, who, how many). All or nothing (ADR 0021):
 * - on PostgreSQL, one transaction: nobody sees a unit before the last one is in, and a bad file,
 *   a failed insert or a crash leaves the memory as it was;
 * - on the embedded database, whose only connection a long transaction would hold (stalling every
 *   other request for the length of a 1 GB import), batches in autocommit: a failure removes the
 *   feed's units and its row, and a feed a crash left unfinished (`units` still 0) is removed at the
 *   next start (`sweepUnfinishedFeeds`).
 * Units go in as multi-row inserts of `BATCH` rows, the next batch read while the database writes
 * the previous one, and a large feed refreshes the table's statistics.
 */
export async function feedMemory(db: Db, feed: Feed, units: AsyncIterable<TmUnit>): Promise<number> {
  let added: number;
  if (isEmbedded(db)) {
    added = await write(db, feed, units, async (id) => repo.removeFeed(db, id));
  } else {
    added = await db.transaction(async (tx) => write(tx, feed, units, async () => {}));
  }
  if (added >= ANALYZE_AFTER) await repo.analyzeUnits(db);
  return added;
}

async function write(
  db: Db,
  feed: Feed,
  units: AsyncIterable<TmUnit>,
  undo: (feedId: number) => Promise<void>,
): Promise<number> {
  const row = await repo.insertFeed(db, {
    customer_id: feed.customerId,
    source_lang: feed.source,
    target_lang: feed.target,
    origin: feed.origin,
    file_name: feed.fileName.slice(0, 255),
    imported_by: feed.userId,
  });
  const into: repo.UnitBatchTarget = {
    customerId: feed.customerId,
    source: feed.source,
    target: feed.target,
    importId: row.id,
  };
  let added = 0;
  let batch = repo.emptyBatch();
  // The insert under way; its rejection is awaited (and thrown) before the next one is sent.
  let writing: Promise<void> | undefined;
  const send = async () => {
    const rows = batch;
    batch = repo.emptyBatch();
    if (writing) await writing;
    writing = repo.insertUnitBatch(db, into, rows);
    writing.catch(() => {});
    added += rows.source.length;
  };
  try {
    for await (const unit of units) {
      if (!unit.target) continue;
      batch.source.push(unit.source);
      batch.target.push(unit.target);
      batch.hash.push(contextHash(unit.source));
      batch.prev.push(unit.prevHash ?? null);
      batch.next.push(unit.nextHash ?? null);
      if (batch.source.length >= BATCH) await send();
    }
    if (batch.source.length) await send();
    if (writing) await writing;
  } catch (err) {
    await writing?.catch(() => {});
    await undo(row.id);
    throw err;
  }
  if (added === 0) await repo.removeFeed(db, row.id);
  else await repo.setFeedUnits(db, row.id, added);
  return added;
}

/** Removes what a crash left of embedded-database feeds (their units, their rows); at start-up. */
export async function sweepUnfinishedFeeds(db: Db): Promise<number> {
  if (!isEmbedded(db)) return 0;
  return repo.removeUnfinishedFeeds(db);
}
