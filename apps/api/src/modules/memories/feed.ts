import { contextHash, type TmUnit } from '@verba/analysis';
import type { MemoryOrigin } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';

const BATCH = 1000;

export interface Feed {
  customerId: number;
  source: string;
  target: string;
  origin: MemoryOrigin;
  fileName: string;
  userId: number | null;
}

/**
 * Adds a stream of units to a customer's memory for one pair, in batches, recording the feed
 * (file name, origin, who, how many). All or nothing: if the stream fails (a bad TMX), the units
 * already written are removed with the feed's row and the error goes on. Not one transaction, so
 * a long import does not hold the embedded database's only connection.
 */
export async function feedMemory(db: Db, feed: Feed, units: AsyncIterable<TmUnit>): Promise<number> {
  const row = await repo.insertFeed(db, {
    customer_id: feed.customerId,
    source_lang: feed.source,
    target_lang: feed.target,
    origin: feed.origin,
    file_name: feed.fileName.slice(0, 255),
    imported_by: feed.userId,
  });
  let added = 0;
  let batch: repo.TmUnitInsert[] = [];
  try {
    for await (const unit of units) {
      if (!unit.target) continue;
      batch.push({
        customer_id: feed.customerId,
        source_lang: feed.source,
        target_lang: feed.target,
        source_text: unit.source,
        target_text: unit.target,
        source_hash: contextHash(unit.source),
        prev_hash: unit.prevHash ?? null,
        next_hash: unit.nextHash ?? null,
        import_id: row.id,
      });
      if (batch.length >= BATCH) {
        await repo.insertUnits(db, batch);
        added += batch.length;
        batch = [];
      }
    }
    await repo.insertUnits(db, batch);
    added += batch.length;
  } catch (err) {
    await repo.removeFeed(db, row.id);
    throw err;
  }
  if (added === 0) await repo.removeFeed(db, row.id);
  else await repo.setFeedUnits(db, row.id, added);
  return added;
}
