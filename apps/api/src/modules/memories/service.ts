import { AnalysisError, ErrorKeys, readTmx, type TmUnit } from '@verba/analysis';
import type { MemoryCountDto, MemoryImportDto } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { invalid, notFound, type FieldMessages } from '../../lib/app-error.ts';
import { outcome, type Actor, type Deps } from '../../lib/service.ts';
import { findCustomer } from '../customers/service.ts';
import { ownCustomerOf } from '../../lib/policy.ts';
import * as policy from './policy.ts';
import { feedMemory } from './feed.ts';
import { PostgresTranslationMemory } from './repository/translation-memory.ts';
import { tmxStream } from './tmx-export.ts';
import * as repo from './repository.ts';

export { feedMemory, sweepUnfinishedFeeds } from './feed.ts';
export { readOldSourcesAgain } from './renormalise.ts';
export { keepIndexSnapshots, PAIR_DELETED_CHANNEL, sweepIndexSnapshots } from './index-snapshots.ts';
export { PostgresTranslationMemory, targetsWithMemory } from './repository/translation-memory.ts';

/** A TMX upload as the route received it: its fields, and the file streamed to storage. */
export interface ReceivedTmx {
  fields: Record<string, string>;
  stored: { key: string; size: number; name: string } | undefined;
}

async function existingCustomer(deps: Deps, customerId: number) {
  const customer = await findCustomer(deps.db, customerId);
  if (!customer) throw notFound();
  return customer;
}

type Locale = Actor['locale'];
const nameIn = (locale: Locale, l: { name_en: string; name_es: string; name_ca: string }) =>
  l[`name_${locale}`];

async function pairsOf(db: Db, customerId: number, locale: Locale) {
  const counts = await repo.unitCounts(db, customerId);
  const codes = [...new Set(counts.flatMap((c) => [c.source, c.target]))];
  const langs = new Map((await repo.languagesByCodes(db, codes)).map((l) => [l.iso_code, l]));
  const name = (code: string) => {
    const lang = langs.get(code);
    return lang ? nameIn(locale, lang) : code;
  };
  return counts.map((c) => ({
    source_lang: c.source,
    target_lang: c.target,
    source_name: name(c.source),
    target_name: name(c.target),
    units: c.units,
  }));
}

/** A customer's memory per language pair: units, and the latest import or delivery (staff). */
export async function listMemories(deps: Deps, actor: Actor, customerId: number) {
  policy.assertCan(actor.user, 'manage');
  await existingCustomer(deps, customerId);
  const pairs = await pairsOf(deps.db, customerId, actor.locale);
  const feeds = await repo.latestFeeds(deps.db, customerId);
  return pairs.map((p) => {
    const feed = feeds.find((f) => f.source === p.source_lang && f.target === p.target_lang);
    return {
      ...p,
      last_import: feed
        ? {
            file_name: feed.file_name,
            origin: feed.origin === 'DELIVERY' ? ('DELIVERY' as const) : ('TMX' as const),
            units: feed.units,
            at: feed.at,
            by: feed.name ? `${feed.name} ${feed.lastname ?? ''}`.trim() : null,
          }
        : null,
    };
  });
}

/** Which pairs the client admin's own customer has a memory for, as counts only. */
export async function companyMemories(deps: Deps, actor: Actor): Promise<MemoryCountDto[]> {
  policy.assertCan(actor.user, 'view-own');
  const customerId = ownCustomerOf(actor.user);
  return pairsOf(deps.db, customerId, actor.locale);
}

async function languagePair(deps: Deps, fields: Record<string, string>) {
  const sourceId = Number(fields.source_language);
  const targetId = Number(fields.target_language);
  const langs = await repo.languagesByIds(
    deps.db,
    [sourceId, targetId].filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31),
  );
  const source = langs.find((l) => l.id === sourceId);
  const target = langs.find((l) => l.id === targetId);
  const errors: FieldMessages = {};
  if (!source)
    errors.source_language = [fields.source_language ? 'validation.invalid_option' : 'validation.required'];
  if (!target)
    errors.target_language = [fields.target_language ? 'validation.invalid_option' : 'validation.required'];
  if (source && target && source.id === target.id) errors.target_language = ['memories.same_language'];
  if (Object.keys(errors).length || !source || !target) return { errors };
  return { source: source.iso_code, target: target.iso_code, errors };
}

/** What is wrong with a TMX file the reader stopped on, as a field message. */
function tmxProblem(err: AnalysisError): FieldMessages[string][number] {
  if (err.key !== ErrorKeys.unitTooLong) return 'memories.tmx_invalid';
  const { unit, line, limit } = err.params ?? {};
  return {
    key: 'memories.tmx_unit_too_long',
    values: { unit: String(unit), line: String(line), limit: String(limit) },
  };
}

/**
 * Imports a TMX file (already streamed to storage by the route) into a customer's memory for one
 * pair: parsed as a stream, inserted in batches. A file that is not valid TMX, or has no unit of
 * the pair, is a 422 and leaves nothing behind. The uploaded file is removed either way.
 */
export async function importTmx(deps: Deps, actor: Actor, customerId: number, upload: ReceivedTmx) {
  const { stored } = upload;
  try {
    policy.assertCan(actor.user, 'manage');
    const customer = await existingCustomer(deps, customerId);
    const pair = await languagePair(deps, upload.fields);
    if (!stored || stored.size === 0) pair.errors.file = ['validation.required'];
    if (Object.keys(pair.errors).length || !pair.source || !pair.target || !stored)
      throw invalid(pair.errors);
    const { source, target } = pair;
    const units: AsyncIterable<TmUnit> = readTmx(deps.storage.open(stored.key), {
      sourceLanguage: source,
      targetLanguage: target,
    });
    let added: number;
    try {
      added = await feedMemory(
        deps.db,
        { customerId, source, target, origin: 'TMX', fileName: stored.name, userId: actor.user.id },
        units,
      );
    } catch (err) {
      if (err instanceof AnalysisError) throw invalid({ file: [tmxProblem(err)] });
      throw err;
    }
    if (added === 0) throw invalid({ file: [{ key: 'memories.tmx_empty', values: { source, target } }] });
    // An idle analysis worker reads the grown pair now, so the next quote against it does not wait.
    void deps.analysis.prepare(new PostgresTranslationMemory(deps.db, customerId, source, target));
    const data: MemoryImportDto = {
      source_lang: source,
      target_lang: target,
      units: added,
      file_name: stored.name,
    };
    return outcome(data, {
      action: 'memories.import',
      key: 'memories.imported',
      params: { file: stored.name, name: customer.name, source, target, units: added },
      customerId,
    });
  } finally {
    if (stored) await deps.storage.remove(stored.key);
  }
}

/**
 * Has idle analysis workers read the pairs fed most recently, newest first, so that their first
 * quotes after a start do not wait for the read: one a worker, then as many more as the workers
 * keep together (`keptUnits` each; three a worker at most). A task that needs a worker stops its
 * reading. Returns the pairs, as `<customer>:<source>:<target>`.
 */
export async function prepareRecentPairs(
  deps: Pick<Deps, 'db' | 'analysis'>,
  { workers, keptUnits }: { workers: number; keptUnits: number },
) {
  const recent = await repo.recentlyFedPairs(deps.db, workers * PAIRS_PREPARED_PER_WORKER);
  // One a worker whatever its size (a worker keeps its newest pair), then more while they fit.
  let room = workers * keptUnits;
  const pairs: typeof recent = [];
  for (const p of recent) {
    room -= await repo.countPair(deps.db, p);
    if (pairs.length >= workers && room < 0) break;
    pairs.push(p);
  }
  // A lane a worker, each reading its pairs one after the other; a task that needs the worker
  // stops the read under way, and the lane's next pairs are then skipped (`AnalysisPool.prepare`).
  for (let lane = 0; lane < workers; lane++)
    void (async () => {
      for (const p of pairs.filter((_, i) => i % workers === lane))
        await deps.analysis.prepare(new PostgresTranslationMemory(deps.db, p.customerId, p.source, p.target));
    })();
  return pairs.map((p) => `${p.customerId}:${p.source}:${p.target}`);
}

/** Pairs read ahead at a start, at most, per analysis worker: a quote in three languages needs three. */
const PAIRS_PREPARED_PER_WORKER = 3;

async function existingPair(deps: Deps, actor: Actor, customerId: number, source: string, target: string) {
  policy.assertCan(actor.user, 'manage');
  const customer = await existingCustomer(deps, customerId);
  const pair = { customerId, source: source.toLowerCase(), target: target.toLowerCase() };
  const units = await repo.countPair(deps.db, pair);
  if (!units) throw notFound();
  return { customer, pair, units };
}

/** A pair of the memory as a TMX 1.4 file, streamed. */
export async function exportPair(
  deps: Deps,
  actor: Actor,
  customerId: number,
  source: string,
  target: string,
) {
  const { customer, pair, units } = await existingPair(deps, actor, customerId, source, target);
  return outcome(
    {
      file_name: `${customer.name}-${pair.source}-${pair.target}.tmx`.replace(/[^\p{L}\p{N}._-]+/gu, '_'),
      stream: tmxStream(deps.db, pair, deps.config.brand.name),
    },
    {
      action: 'memories.export',
      key: 'memories.exported',
      params: { name: customer.name, source: pair.source, target: pair.target, units },
      customerId,
    },
  );
}

/** Forgets a pair of the memory: its units and the record of its imports. */
export async function deletePair(
  deps: Deps,
  actor: Actor,
  customerId: number,
  source: string,
  target: string,
) {
  const { customer, pair, units } = await existingPair(deps, actor, customerId, source, target);
  await repo.deletePair(deps.db, pair);
  // Every server hears of it (`PAIR_DELETED_CHANNEL`); this one deletes its own at once.
  deps.analysis.forgetSnapshots(`${pair.customerId}:${pair.source}:${pair.target}`);
  return outcome(
    { deleted: true as const, units },
    {
      action: 'memories.delete',
      key: 'memories.deleted',
      params: { name: customer.name, source: pair.source, target: pair.target, units },
      customerId,
    },
  );
}
