import { contextHash, memorySource } from '@verba/analysis';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';

const PAGE = 5000;
/** The reading of TMX sources the stored units are brought to (ADR 0028). */
export const SOURCES_VERSION = '2026-11-27';
const MAY_HOLD_MARKUP = /[<\uE100-\uE17F]/;

/**
 * Reads the sources of units imported from TMX files before ADR 0028 the way imports now read them
 * (`memorySource`: inline codes and tags written as text removed), with their hashes and the context
 * hashes that name them, so that old and new units match alike. Once per database (a settings row),
 * a page of units at a time in id order. Every old TMX unit is read as `plaintext` (its datatype was
 * not kept); units of delivered XLIFF files keep their codes, as new ones do. Paragraph units that
 * stayed whole because their target did not split are not split now (re-import the TMX for that).
 * Returns how many units it rewrote. All in one transaction under an advisory lock: servers started
 * together wait for the first, then find the work done; a crash midway leaves nothing half-read.
 */
export async function readOldSourcesAgain(db: Db): Promise<number> {
  if (await repo.sourcesReadAgain(db)) return 0;
  return db.transaction(async (tx) => {
    await repo.lockSourcesReading(tx);
    return (await repo.sourcesReadAgain(tx)) ? 0 : readAll(tx);
  });
}

async function readAll(db: Db): Promise<number> {
  const feeds = new Set(await repo.tmxFeeds(db));
  let rewritten = 0;
  for (let after = 0; ;) {
    const units = await repo.unitsPage(db, after, PAGE);
    if (!units.length) break;
    const byFeed = new Map<number | null, { id: number; source: string; oldHash: string; hash: string }[]>();
    for (const u of units) {
      if (!feeds.has(u.feed) || !MAY_HOLD_MARKUP.test(u.source)) continue;
      const source = memorySource(u.source, { tagsAsText: true });
      if (source === u.source || !source.trim()) continue;
      const list = byFeed.get(u.feed) ?? [];
      list.push({ id: u.id, source, oldHash: u.hash, hash: contextHash(source) });
      byFeed.set(u.feed, list);
    }
    const span = { from: units[0]!.id - 2, to: units[units.length - 1]!.id + 2 };
    for (const [feed, rows] of byFeed) {
      await repo.rewriteSources(db, feed, span, rows);
      rewritten += rows.length;
    }
    after = units[units.length - 1]!.id;
    if (units.length < PAGE) break;
  }
  await repo.markSourcesReadAgain(db, SOURCES_VERSION);
  return rewritten;
}
