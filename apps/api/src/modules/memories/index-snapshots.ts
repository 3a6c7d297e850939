import type { Deps } from '../../lib/service.ts';
import { SOURCES_VERSION } from './renormalise.ts';
import { PostgresTranslationMemory } from './repository/translation-memory.ts';
import * as repo from './repository.ts';

export { PAIR_DELETED_CHANNEL } from '../../db/memory-pairs.ts';

/**
 * Has the analysis workers write the indexes of the pairs they read to disk and read them back (ADR
 * 0027, tenth pass), keyed by this database and by how its sources were read. False when off.
 */
export async function keepIndexSnapshots(
  deps: Pick<Deps, 'db' | 'analysis'>,
  settings: { dir: string; maxBytes: number } | undefined,
): Promise<boolean> {
  if (!settings) return false;
  const salt = `${await repo.databaseName(deps.db)}:${SOURCES_VERSION}`;
  deps.analysis.keepSnapshots({ ...settings, salt });
  return true;
}

/**
 * Deletes the snapshots of pairs deleted or changed while this server was down (and those of other
 * releases or databases). Only frees the disk: a worker checks a snapshot's version before reading it.
 * Returns how many it deleted.
 */
export async function sweepIndexSnapshots(deps: Pick<Deps, 'db' | 'analysis'>): Promise<number> {
  return deps.analysis.sweepSnapshots((pair) => pairVersion(deps, pair));
}

/** The version of a pair (`<customer>:<source>:<target>`) as a worker reads it; undefined if unknown. */
async function pairVersion(deps: Pick<Deps, 'db'>, pair: string): Promise<string | undefined> {
  const m = /^(\d+):([^:]+):([^:]+)$/.exec(pair);
  if (!m) return undefined;
  return new PostgresTranslationMemory(deps.db, Number(m[1]), m[2]!, m[3]!).version();
}
