import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../lib/service.ts';
import { StorageUnavailableError } from '../../../plugins/storage.ts';
import { PostgresTranslationMemory, targetsWithMemory } from '../../memories/service.ts';
import { quoteTask, storeQuote } from './quote-task.ts';
import * as repo from '../repository.ts';
import type { Tx } from '../repository.ts';
import { transition } from '../transitions.ts';
import { notifyCustomQuote } from '../notifications.ts';

export const ANALYSE_TASK_JOB = 'task.analyse';

/**
 * Queues the analysis of a task put in CALCULATING at `version` (its updated_at), in the
 * transaction that did it: the task never commits in CALCULATING without its job.
 */
export async function queueAnalysis(deps: Deps, tx: Tx, taskId: number, version: Date): Promise<void> {
  await deps.jobs.enqueue(ANALYSE_TASK_JOB, { taskId, version: version.toISOString() }, tx);
}

export function registerAnalysisJob(app: FastifyInstance): void {
  app.jobs.work(ANALYSE_TASK_JOB, async (payload, signal) => {
    await analyseAndQuote(app, Number(payload.taskId), String(payload.version), signal);
  });
}

/**
 * Counts the task's files, stores the counts, prices the task and returns it to DRAFT (the
 * system's move CALCULATING -> DRAFT; a guest's task, with no customer, becomes TEMPORAL, and
 * staff hear when one of its languages has no general rate). Runs again from the start if interrupted; a newer edit of
 * the task (another version) wins, and the counts are replaced in one transaction, so nothing is
 * ever counted twice.
 */
export async function analyseAndQuote(deps: Deps, taskId: number, version: string, signal?: AbortSignal) {
  const isCurrent = (t: { state: string; updated_at: Date } | undefined) =>
    t?.state === 'CALCULATING' && t.updated_at.toISOString() === version;
  const task = await repo.findTask(deps.db, taskId);
  if (!task || !isCurrent(task)) return;
  const files = await repo.taskSourceFiles(deps.db, taskId);
  const targets = await repo.targetsWithIso(deps.db, taskId);
  const sourceIso = (await repo.isoCodeOf(deps.db, task.source_language_id)) ?? 'en';
  const customerId = task.customer_id;
  // Without units for a pair there is nothing to look up: the segments need not even be kept.
  const withMemory = customerId
    ? await targetsWithMemory(
        deps.db,
        customerId,
        sourceIso,
        targets.map((t) => t.iso),
      )
    : new Set<string>();
  // A file store that fails is not a fault of the file: the job fails and runs again later,
  // instead of storing the file as unreadable.
  let storeFailed: StorageUnavailableError | undefined;
  const open = (key: string) =>
    deps.storage.open(key).on('error', (err) => {
      if (err instanceof StorageUnavailableError) storeFailed ??= err;
    });
  // In a worker thread: the files are read and the memory looked up from here, on its request.
  const result = await deps.analysis.analyse({
    files: files.map((f) => ({
      id: String(f.id),
      name: f.file_name,
      open: () => open(f.file_path),
    })),
    sourceLanguage: sourceIso,
    targetLanguages: targets.map((t) => t.iso),
    memory: (target) =>
      customerId && withMemory.has(target)
        ? new PostgresTranslationMemory(deps.db, customerId, sourceIso, target)
        : undefined,
    signal,
  });
  if (storeFailed) throw storeFailed;
  const failed = result.files.filter((f) => f.error).map((f) => `${f.name}: ${f.error?.key}`);

  const unpriced = await deps.db.transaction(async (tx): Promise<number[]> => {
    const fresh = await repo.lockTask(tx, taskId);
    if (!fresh || !isCurrent(fresh)) return [];
    const guest = fresh.customer_id === null;
    await repo.clearWordCounts(
      tx,
      files.map((f) => f.id),
    );
    for (const file of result.files) {
      const id = Number(file.id);
      const rows = targets.map((t) => {
        const b = file.byTarget[t.iso];
        return {
          source_file_id: id,
          target_language_id: t.id,
          total_words: b?.total_words ?? 0,
          percent101: b?.percent101 ?? 0,
          percent100: b?.percent100 ?? 0,
          percent95: b?.percent95 ?? 0,
          percent85: b?.percent85 ?? 0,
          percent75: b?.percent75 ?? 0,
          percent50: b?.percent50 ?? 0,
          no_match: b?.no_match ?? 0,
          repetitions: b?.repetitions ?? 0,
          characters: b?.characters ?? 0,
          internal_word_counts:
            file.members?.map((m) => ({
              path: m.path,
              type: m.detectedType,
              error: m.error?.key ?? null,
              ...m.byTarget[t.iso],
            })) ?? null,
        };
      });
      await repo.storeFileCounts(
        tx,
        taskId,
        id,
        { filter: file.detectedType, error_key: file.error?.key ?? null },
        rows,
      );
    }
    const now = new Date();
    await transition(tx, {
      taskId,
      from: 'CALCULATING',
      to: guest ? 'TEMPORAL' : 'DRAFT',
      by: 'system',
      userId: null,
      facts: { isGuestTask: guest },
      reason: failed.length ? 'analysed_with_errors' : 'analysed',
      set: { updated_at: now, analysis_error: failed.length ? failed.join('\n') : null },
    });
    const priced = await repo.findTask(tx, taskId);
    if (!priced) return [];
    const quote = await quoteTask(tx, priced, now);
    await storeQuote(deps, tx, taskId, quote, now);
    // A language without a rate makes it a custom quote: staff price it (once per task).
    if (!quote.missingRates.length || priced.custom_quote) return [];
    await repo.updateTask(tx, taskId, { custom_quote: true, source_files_validation_requested: true });
    return quote.missingRates;
  });
  if (unpriced.length) {
    const task = await repo.findTask(deps.db, taskId);
    if (task)
      await notifyCustomQuote(deps, task, unpriced).catch((err: unknown) =>
        deps.log.error({ err, taskId }, 'could not tell staff about a custom quote'),
      );
  }
}
