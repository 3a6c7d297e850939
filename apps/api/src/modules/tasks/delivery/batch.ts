import { deliveryAssignments, type DeliveryAssignment, type DeliveryBatchFile } from '@verba/contracts';
import { AnalysisError } from '@verba/analysis';
import { invalid, type FieldMessages } from '../../../lib/app-error.ts';
import { outcome, type Actor, type Deps } from '../../../lib/service.ts';
import * as repo from '../repository.ts';
import { BILINGUAL_FILE, deliverableTask, feedFromDelivery } from './translations.ts';
import { proposeMatches, type Pair } from './match.ts';
import { zipRefusal, type BatchItem, type ReceivedBatch } from './batch-upload.ts';
import { cleanFileName } from '../upload.ts';
import { FileTooLargeError, removeUnreferenced } from '../../../plugins/storage.ts';

/** What a batch is matched against: the task's source files, its target languages, what is delivered. */
export async function matchContext(deps: Deps, taskId: number) {
  const [sources, targets, delivered] = await Promise.all([
    repo.taskSourceFiles(deps.db, taskId),
    repo.targetsWithIso(deps.db, taskId),
    repo.deliveredPairs(deps.db, taskId),
  ]);
  return { sources, targets, delivered };
}
export type MatchContext = Awaited<ReturnType<typeof matchContext>>;

/** An uploaded `.zip` holds translations unless it is itself the translation of a zip source file. */
export function isContainer(context: MatchContext) {
  return (name: string) => {
    const [proposal] = proposeMatches([name], context.sources, context.targets, context.delivered);
    return proposal?.reason === 'no_source';
  };
}

function proposals(context: MatchContext, items: BatchItem[]): DeliveryBatchFile[] {
  const open = items.filter((i) => !i.refused);
  const proposed = proposeMatches(
    open.map((i) => i.name),
    context.sources,
    context.targets,
    context.delivered,
  );
  const done = new Set(context.delivered.map((p) => `${p.source_file_id}:${p.language_id}`));
  const byName = new Map(proposed.map((p) => [p.name, p]));
  return items.map((item) => {
    const p = byName.get(item.name);
    const pair = p?.source_file_id && p.language_id ? `${p.source_file_id}:${p.language_id}` : undefined;
    return {
      name: item.name,
      size: item.size,
      source_file_id: p?.source_file_id ?? null,
      language_id: p?.language_id ?? null,
      rule: p?.rule ?? null,
      reason: item.refused ?? p?.reason ?? null,
      replaces: pair !== undefined && done.has(pair),
    };
  });
}

/** POST tasks/{id}/uploadTranslatedFiles?preview=1: the proposed matches; nothing is stored. */
export async function previewTranslationBatch(
  deps: Deps,
  actor: Actor,
  taskId: number,
  batch: ReceivedBatch,
) {
  try {
    await deliverableTask(deps, actor, taskId);
    return { files: proposals(await matchContext(deps, taskId), batch.items) };
  } finally {
    await batch.discard();
  }
}

/** The PM's `assignments` (JSON), or a translated 422. */
function parseAssignments(raw: string | undefined): DeliveryAssignment[] {
  if (raw === undefined || raw === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw invalid({ assignments: ['validation.invalid'] });
  }
  const parsed = deliveryAssignments.safeParse(json);
  if (!parsed.success) throw invalid({ assignments: ['validation.invalid'] });
  return parsed.data;
}

/** The final pair of each file: the PM's choice where given, the proposal otherwise. */
function finalPairs(context: MatchContext, items: BatchItem[], assignments: DeliveryAssignment[]) {
  const chosen = new Map(assignments.map((a) => [a.name, a]));
  const errors: FieldMessages = {};
  const seen = new Map<string, string>();
  const pairs = new Map<string, Pair>();
  for (const file of proposals(context, items)) {
    const pick = chosen.get(file.name);
    const source = pick ? pick.source_file_id : file.source_file_id;
    const language = pick ? pick.language_id : file.language_id;
    if (source === null || language === null || file.reason === 'unsafe_path' || file.reason === 'encrypted')
      continue;
    const known =
      context.sources.some((s) => s.id === Number(source)) &&
      context.targets.some((l) => l.id === Number(language));
    const key = `${source}:${language}`;
    const other = seen.get(key);
    if (!known)
      (errors.assignments ??= []).push({ key: 'tasks.delivery_unknown_target', values: { name: file.name } });
    else if (other)
      (errors.assignments ??= []).push({
        key: 'tasks.delivery_same_target',
        values: { name: file.name, other },
      });
    seen.set(key, file.name);
    pairs.set(file.name, { source_file_id: Number(source), language_id: Number(language) });
  }
  if (Object.keys(errors).length) throw invalid(errors);
  if (!pairs.size)
    throw invalid({ files: ['tasks.delivery_nothing_matched'] }, 'tasks.delivery_nothing_matched');
  return pairs;
}

/**
 * POST tasks/{id}/uploadTranslatedFiles: stores the batch as the PM confirmed it. All rows go in
 * one transaction; on any refusal or failure every file this call stored is removed, and the
 * translations it replaces are removed only once the new rows are committed.
 */
export async function storeTranslationBatch(deps: Deps, actor: Actor, taskId: number, batch: ReceivedBatch) {
  const stored: string[] = [];
  let committed = false;
  try {
    const task = await deliverableTask(deps, actor, taskId);
    const context = await matchContext(deps, taskId);
    const pairs = finalPairs(context, batch.items, parseAssignments(batch.fields.assignments));
    const values = [];
    const names: string[] = [];
    for (const item of batch.items) {
      const pair = pairs.get(item.name);
      if (!pair) continue;
      const saved = item.key ? { key: item.key, size: item.size } : await storeMember(deps, item);
      if (!item.key) stored.push(saved.key);
      names.push(item.name);
      values.push({
        task_id: taskId,
        ...pair,
        file_name: cleanFileName(item.name),
        file_path: saved.key,
        size: saved.size,
        uploaded_by: actor.user.id,
      });
    }
    const { rows, replaced } = await repo.replaceTranslations(deps.db, values, task.customer_id);
    // Committed: from here on nothing of this batch is removed.
    committed = true;
    const keep = new Set(values.map((v) => v.file_path));
    const unused = batch.items.flatMap((i) => (i.key && !keep.has(i.key) ? [i.key] : []));
    await removeUnreferenced(deps.storage, deps.log, [...unused, ...replaced]);
    let learned = 0;
    for (const row of rows)
      if (task.customer_id && BILINGUAL_FILE.test(row.file_name))
        learned += await feedFromDelivery(
          deps,
          actor,
          task.customer_id,
          task.source_language_id,
          row.language_id,
          {
            key: row.file_path,
            name: row.file_name,
          },
        );
    return outcome(
      {
        delivered: rows.map((row, i) => ({ ...row, name: names[i]! })),
        skipped: batch.items.map((i) => i.name).filter((n) => !pairs.has(n)),
        tm_units_added: learned,
      },
      {
        action: 'tasks.upload_translations',
        key: learned ? 'tasks.delivered_batch_learned' : 'tasks.delivered_batch',
        params: { code: task.code, files: rows.length, units: learned },
        customerId: task.customer_id,
      },
    );
  } catch (err) {
    if (!committed) {
      await Promise.all(stored.map((k) => deps.storage.remove(k)));
      await batch.discard();
    }
    throw err;
  } finally {
    await batch.close();
  }
}

/** A zip member, inflated into storage within the batch's limits; a member past them is a 422. */
async function storeMember(deps: Deps, item: BatchItem) {
  if (!item.open) throw new Error(`nothing to store for ${item.name}`);
  try {
    return await deps.storage.save('translated', await item.open(), deps.config.uploads.maxFileBytes);
  } catch (err) {
    if (err instanceof AnalysisError || err instanceof FileTooLargeError) throw zipRefusal(item.name, err);
    throw err;
  }
}
