import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import { RECALCULATE_QUOTES_JOB } from '../../../lib/quote-recalculation.ts';
import { outcome, type Actor, type Deps } from '../../../lib/service.ts';
import { invoicedRefusal, quoteTask, storeQuote, type TaskQuote } from './quote-task.ts';
import * as repo from '../repository.ts';
import type { TaskRow } from '../repository.ts';
import { visibleTask } from '../service.ts';

type Requote =
  | { kind: 'kept'; state: string }
  | { kind: 'invoiced' }
  | { kind: 'same' }
  | { kind: 'changed'; from: string; to: string };

/** A stored quote differs from a fresh one in what the client pays or in which languages are priced. */
async function quoteChanged(db: Deps['db'], task: TaskRow, quote: TaskQuote): Promise<boolean> {
  const p = quote.price;
  if (p.amount_to_pay !== task.amount_to_pay || p.taxed_price !== task.taxed_price) return true;
  const stored = await repo.targetLanguageRows(db, task.id);
  return p.languages.some((language) => {
    const row = stored.find((r) => r.language_id === language.targetLanguageId);
    const summary = row?.price_summary as { total?: string; rateMissing?: boolean } | null | undefined;
    return (
      summary?.total !== language.total ||
      Boolean(summary.rateMissing) !== quote.missingRates.includes(language.targetLanguageId)
    );
  });
}

/**
 * Prices a DRAFT or TEMPORAL task again from today's rates, minimums, grid, discount and type,
 * in one transaction with the task locked. A new price is stored (cancelling open card orders)
 * and noted in the task's history with `cause`; `always` stores it even when nothing changed
 * (staff asked). Any other state keeps its price, and so does an invoiced task.
 */
export async function requoteTask(
  deps: Deps,
  taskId: number,
  cause: string,
  userId: number | null,
  always = false,
): Promise<Requote> {
  return deps.db.transaction(async (tx) => {
    const task = await repo.lockTask(tx, taskId);
    if (!task || !(repo.REQUOTABLE_STATES as readonly string[]).includes(task.state))
      return { kind: 'kept', state: task?.state ?? 'deleted' };
    // An issued invoice bills the stored amounts (ADR 0026).
    if (task.invoice_id !== null) return { kind: 'invoiced' };
    const now = new Date();
    const quote = await quoteTask(tx, task, now);
    if (!always && !(await quoteChanged(tx, task, quote))) return { kind: 'same' };
    await storeQuote(deps, tx, taskId, quote, now);
    const to = quote.price.amount_to_pay;
    const state = task.state as (typeof repo.REQUOTABLE_STATES)[number];
    await repo.recordStateChange(
      tx,
      taskId,
      state,
      state,
      userId,
      `${task.amount_to_pay} → ${to} EUR (${cause})`,
      'requoted',
    );
    return { kind: 'changed', from: task.amount_to_pay, to };
  });
}

/** The job: every DRAFT and TEMPORAL quote concerned (one customer's, or all) priced again. */
export async function recalculateQuotes(
  deps: Deps,
  customerId: number | null,
  cause: string,
  signal?: AbortSignal,
) {
  let changed = 0;
  for (const id of await repo.requotableTaskIds(deps.db, customerId)) {
    if (signal?.aborted) break;
    if ((await requoteTask(deps, id, cause, null)).kind === 'changed') changed++;
  }
  if (changed) deps.log.info({ customerId, cause, changed }, 'quotes recalculated');
  return changed;
}

export function registerRequoteJob(app: FastifyInstance): void {
  app.jobs.work(RECALCULATE_QUOTES_JOB, async (payload, signal) => {
    const customerId = typeof payload.customerId === 'number' ? payload.customerId : null;
    await recalculateQuotes(app, customerId, String(payload.cause ?? 'rates changed'), signal);
  });
}

/** POST /tasks/{id}/recalculate: staff price a draft again now; an approved task keeps its price. */
export async function recalculateQuote(deps: Deps, actor: Actor, id: number) {
  const task = await visibleTask(deps, actor, id);
  const result = await requoteTask(deps, id, 'recalculated by staff', actor.user.id, true);
  if (result.kind === 'invoiced') throw invoicedRefusal();
  if (result.kind === 'kept')
    throw new AppError(422, 'tasks.not_recalculable', {
      values: { state: result.state },
      fields: { state: [{ key: 'tasks.not_recalculable', values: { state: result.state } }] },
    });
  const fresh = await repo.findTask(deps.db, id);
  return outcome(
    { id, amount_to_pay: fresh?.amount_to_pay ?? task.amount_to_pay, message: actor.t('tasks.recalculated') },
    {
      action: 'tasks.recalculate',
      key: 'tasks.recalculated',
      params: { code: task.code, from: task.amount_to_pay, to: fresh?.amount_to_pay ?? task.amount_to_pay },
      customerId: task.customer_id,
    },
  );
}
