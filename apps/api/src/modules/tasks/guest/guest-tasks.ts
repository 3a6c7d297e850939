import type { GuestTask, Locale } from '@verba/contracts';
import { notFound } from '../../../lib/app-error.ts';
import type { Actor, Deps } from '../../../lib/service.ts';
import { queueAnalysis } from '../pricing/analysis-job.ts';
import { openTranslation, zipOfTranslations } from '../delivery/files.ts';
import { quoteTask, storeQuote } from '../pricing/quote-task.ts';
import * as repo from '../repository.ts';
import type { NewSourceFile, TaskRow, Tx } from '../repository.ts';
import { transition } from '../transitions.ts';

/**
 * Guest tasks: a quote request of the public form becomes a task with no customer,
 * analysed and priced like any task (general rates, general minimum, the guest's country's taxes),
 * reached only through its link token. The guest-quotes module calls these through service.ts.
 */

export interface GuestTaskInput {
  token: string;
  description: string;
  comments: string | null;
  review: boolean;
  sourceLanguageId: number;
  targetLanguageIds: number[];
  /** Human translation unless staff change it. */
  translationTypeId: number;
  files: NewSourceFile[];
}

/**
 * Inserts the task in CALCULATING with its files and queues its analysis; `record` writes the
 * caller's own rows (the quote request) in the same transaction.
 */
export async function createGuestTask(
  deps: Deps,
  input: GuestTaskInput,
  record: (tx: Tx, task: TaskRow) => Promise<void>,
): Promise<TaskRow> {
  const version = new Date();
  return deps.db.transaction(async (tx) => {
    const code = await repo.takeTaskCode(tx);
    const row = await repo.insertTask(
      tx,
      {
        code,
        customer_id: null,
        department_id: null,
        user_id: null,
        source_language_id: input.sourceLanguageId,
        translation_type_id: input.translationTypeId,
        description: input.description,
        comments: input.comments,
        review: input.review,
        state: 'CALCULATING',
        guest_token: input.token,
        created_at: version,
        updated_at: version,
      },
      input.targetLanguageIds,
      input.files,
    );
    await transition(tx, {
      taskId: row.id,
      from: null,
      to: 'CALCULATING',
      by: 'guest',
      userId: null,
      facts: { isGuestTask: true },
      reason: 'guest_requested',
    });
    await queueAnalysis(deps, tx, row.id, version);
    await record(tx, row);
    return row;
  });
}

/** A guest's task by its link token; none once it has a customer. */
export function guestTaskByToken(deps: Pick<Deps, 'db'>, token: string) {
  return repo.findGuestTaskByToken(deps.db, token);
}

/** The guest's view of its task (GET /task/temporal/{token}); undefined for an unknown token. */
export async function guestTaskView(
  deps: Pick<Deps, 'db'>,
  token: string,
  locale: Locale,
  expiresAt: (createdAt: Date) => Date,
): Promise<GuestTask | undefined> {
  const task = await repo.findGuestTaskByToken(deps.db, token);
  if (!task) return undefined;
  const targets = await repo.targetLanguageIds(deps.db, task.id);
  const names = await repo.languageNames(deps.db, [task.source_language_id, ...targets], locale);
  const nameOf = (id: number) => names.find((n) => n.id === id) ?? { id, iso_code: '?', name: '?' };
  const summaries = await repo.targetLanguageRows(deps.db, task.id);
  const toConfirm = summaries.some(
    (r) => (r.price_summary as { rateMissing?: boolean } | null)?.rateMissing === true,
  );
  const state = task.state;
  return {
    id: token,
    code: task.code,
    state,
    description: task.description,
    comments: task.comments,
    created_at: task.created_at.toISOString(),
    due_date: task.due_date?.toISOString() ?? null,
    expires_at: expiresAt(task.created_at).toISOString(),
    source_language: nameOf(task.source_language_id),
    target_languages: targets.map(nameOf),
    files: await repo.filesWithWords(deps.db, task.id),
    base_price: task.base_price,
    price_taxes: task.price_taxes,
    tax_name: task.tax_name,
    tax_percentage: task.tax_percentage,
    taxed_price: task.taxed_price,
    price_to_be_confirmed: state === 'TEMPORAL' && toConfirm,
    can_pay: state === 'TEMPORAL' && !toConfirm && Number(task.amount_to_pay) > 0,
    translations: state === 'DONE' ? await repo.translationsWithSources(deps.db, task.id) : [],
  };
}

/** The guest's task by its token once it is DONE; else 404, as for an unknown token (nothing before). */
async function doneGuestTask(deps: Pick<Deps, 'db'>, token: string) {
  const task = await repo.findGuestTaskByToken(deps.db, token);
  if (task?.state !== 'DONE') throw notFound();
  return task;
}

/** One delivered translation of the guest's DONE task; a file of another task is 404. */
export async function guestTranslation(deps: Deps, token: string, fileId: number) {
  const task = await doneGuestTask(deps, token);
  return openTranslation(deps, task.id, fileId);
}

/** Every translation of the guest's DONE task as one zip, as the client downloads it. */
export async function guestTranslationsZip(deps: Deps, token: string) {
  const task = await doneGuestTask(deps, token);
  return { code: task.code, stream: await zipOfTranslations(deps, task) };
}

/**
 * Deletes unpaid guest tasks (TEMPORAL, or never analysed) created before `before`, with their
 * files. Returns the ids removed; a task paid meanwhile stays.
 */
export async function deleteUnpaidGuestTasks(deps: Deps, before: Date): Promise<number[]> {
  const removed: number[] = [];
  for (const task of await repo.unpaidGuestTasksBefore(deps.db, before)) {
    const keys = await repo.taskFileKeys(deps.db, task.id);
    const gone = await deps.db.transaction((tx) => repo.deleteUnpaidGuestTask(tx, task.id));
    if (!gone) continue;
    removed.push(task.id);
    await Promise.all(keys.map((key) => deps.storage.remove(key))).catch((err: unknown) =>
      deps.log.warn({ err, task: task.code }, 'could not remove the files of an expired guest task'),
    );
  }
  return removed;
}

/**
 * Moves a guest task to a customer with its history (staff): the requester becomes `userId`, the
 * link token stops working, and an unpaid TEMPORAL quote becomes the customer's DRAFT, priced again
 * with the customer's rates. A paid task keeps its state and price.
 */
export async function moveGuestTaskToCustomer(
  deps: Deps,
  actor: Actor,
  task: TaskRow,
  customerId: number,
  userId: number,
  tx: Tx,
) {
  const set = { customer_id: customerId, user_id: userId, guest_token: null, updated_user_id: actor.user.id };
  if (task.state === 'TEMPORAL') {
    const moved = await transition(tx, {
      taskId: task.id,
      from: 'TEMPORAL',
      to: 'DRAFT',
      by: 'staff',
      userId: actor.user.id,
      facts: { isGuestTask: true },
      reason: 'converted_to_customer',
      set,
    });
    if (!moved) return false;
    const fresh = await repo.lockTask(tx, task.id);
    if (fresh) await storeQuote(deps, tx, task.id, await quoteTask(tx, fresh));
  } else {
    await repo.updateTask(tx, task.id, set);
  }
  return true;
}
