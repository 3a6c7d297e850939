import {
  actorKindOf,
  invoiceTag,
  mayTransition,
  taskFormSchema,
  type ServiceLevelQuote,
  type TaskListQuery,
  type TaskState,
} from '@verba/contracts';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import { outcome, type Actor, type Deps } from '../../lib/service.ts';
import { openStored } from '../../plugins/storage.ts';
import { isStaffUser, visibleTasks } from './policy.ts';
import * as repo from './repository.ts';
import type { ReceivedForm } from './upload.ts';
import { queueAnalysis } from './pricing/analysis-job.ts';
import { readQuote } from './pricing/quote-read.ts';
import { quoteTask } from './pricing/quote-task.ts';
import { notifySourceFilesValidated } from './notifications.ts';
import { illegalTransition, transition } from './transitions.ts';
import { checkForm } from './form.ts';
import { detail } from './detail.ts';
import { copyReferenceFiles } from './reference-files.ts';

export async function visibleTask(deps: Pick<Deps, 'db'>, actor: Actor, id: number) {
  const task = await repo.findVisibleTask(deps.db, visibleTasks(actor.user), id);
  if (!task) throw notFound();
  return task;
}

export async function list(deps: Deps, actor: Actor, query: TaskListQuery) {
  const user = actor.user;
  const page = await repo.listTasks(deps.db, user, {
    ...query,
    client: isStaffUser(user) ? query.client : undefined,
  });
  return {
    ...page,
    data: page.data.map(({ customer_payment_scheme, invoice_payment_status, ...row }) => ({
      ...row,
      state: row.state,
      invoice_tag: row.invoice_folio
        ? invoiceTag(row.state, customer_payment_scheme, invoice_payment_status === 'paid')
        : null,
    })),
  };
}

/**
 * The upload has been read and stored (see `receiveTaskForm`); a refusal before the commit discards
 * it. Once committed, rows point at the files: a later failure keeps them (and the queued analysis).
 */
export async function create(deps: Deps, actor: Actor, form: ReceivedForm) {
  const user = actor.user;
  let committed = false;
  try {
    const input = await checkForm(deps, user, form, 0);
    await copyReferenceFiles(deps, actor, input.copy_reference_files, form.referenceFiles);
    const version = new Date();
    const task = await deps.db.transaction(async (tx) => {
      const code = await repo.takeTaskCode(tx);
      const row = await repo.insertTask(
        tx,
        {
          code,
          customer_id: user.customer_id,
          department_id: input.department,
          user_id: user.id,
          source_language_id: input.source_language,
          translation_type_id: input.translation_type,
          description: input.description,
          comments: input.comments,
          po_number: input.po_number,
          client_reference: input.client_reference,
          requested_date: input.requested_date ?? null,
          review: input.review,
          custom_quote: input.custom_quote,
          source_files_validation_requested: input.custom_quote,
          state: 'CALCULATING',
          created_at: version,
          updated_at: version,
          updated_user_id: user.id,
        },
        input.target_languages,
        form.files,
      );
      await repo.insertReferenceFiles(tx, row.id, form.referenceFiles);
      await transition(tx, {
        taskId: row.id,
        from: null,
        to: 'CALCULATING',
        by: actorKindOf(user.type),
        userId: user.id,
        reason: 'created',
      });
      await queueAnalysis(deps, tx, row.id, version);
      return row;
    });
    committed = true;
    return outcome(await detail(deps, actor, task.id), {
      action: 'tasks.create',
      key: 'tasks.created',
      params: { code: task.code, description: task.description, files: form.files.length },
    });
  } catch (err) {
    if (!committed) await form.discard();
    throw err;
  }
}

/** The task, if the caller may edit it now; routes ask before reading an upload. */
export async function editableTask(deps: Deps, actor: Actor, id: number) {
  const task = await visibleTask(deps, actor, id);
  if (task.state !== 'DRAFT')
    throw new AppError(422, 'tasks.not_editable', { fields: { state: ['tasks.not_editable'] } });
  return task;
}

/** DRAFT -> CALCULATING with the edited fields and files; the upload is discarded on a refusal before the commit. */
export async function update(deps: Deps, actor: Actor, id: number, form: ReceivedForm) {
  const user = actor.user;
  let committed = false;
  try {
    const task = await editableTask(deps, actor, id);
    const current = await repo.taskSourceFiles(deps.db, id);
    const keptIds = new Set(taskFormSchema.shape.source_files.safeParse(form.fields.source_files).data ?? []);
    const kept = current.filter((f) => keptIds.has(f.id));
    if (kept.length !== keptIds.size) throw invalid({ source_files: ['validation.invalid_option'] });
    const clash = form.files.find((f) =>
      kept.some((k) => k.file_name.toLowerCase() === f.name.toLowerCase()),
    );
    if (clash)
      throw new AppError(422, 'tasks.same_name_title', {
        fields: { files: [{ key: 'tasks.same_name', values: { name: clash.name } }] },
      });
    const input = await checkForm(deps, user, form, kept.length);
    const references = await repo.taskReferenceFileRows(deps.db, id);
    const removedIds = new Set(input.remove_reference_files);
    const removedReferences = references.filter((f) => removedIds.has(f.id));
    if (removedReferences.length !== removedIds.size)
      throw invalid({ remove_reference_files: ['validation.invalid_option'] });
    // a removed file's name is free again: the editor may replace it with a new version
    const keptReferences = references
      .filter((f) => !removedIds.has(f.id))
      .map((f) => f.file_name.toLowerCase());
    const referenceClash = form.referenceFiles.find((f) => keptReferences.includes(f.name.toLowerCase()));
    if (referenceClash)
      throw new AppError(422, 'tasks.same_name_title', {
        fields: { reference_files: [{ key: 'tasks.same_name', values: { name: referenceClash.name } }] },
      });
    await copyReferenceFiles(deps, actor, input.copy_reference_files, form.referenceFiles);
    const dropped = current.filter((f) => !keptIds.has(f.id));
    const version = new Date();
    await deps.db.transaction(async (tx) => {
      const moved = await transition(tx, {
        taskId: id,
        from: 'DRAFT',
        to: 'CALCULATING',
        by: actorKindOf(user.type),
        userId: user.id,
        reason: 'edited',
        set: {
          department_id: input.department,
          source_language_id: input.source_language,
          translation_type_id: input.translation_type,
          description: input.description,
          comments: input.comments,
          po_number: input.po_number,
          client_reference: input.client_reference,
          // absent: unchanged; empty: none
          ...(input.requested_date === undefined ? {} : { requested_date: input.requested_date }),
          review: input.review,
          custom_quote: input.custom_quote,
          source_files_validation_requested: input.custom_quote || task.source_files_validation_requested,
          updated_at: version,
        },
      });
      if (!moved)
        throw new AppError(422, 'tasks.not_editable', { fields: { state: ['tasks.not_editable'] } });
      await repo.replaceTaskContents(tx, id, input.target_languages, [...keptIds], form.files);
      await repo.deleteReferenceFiles(tx, id, [...removedIds]);
      await repo.insertReferenceFiles(tx, id, form.referenceFiles);
      await queueAnalysis(deps, tx, id, version);
    });
    committed = true;
    await Promise.all([...dropped, ...removedReferences].map((f) => deps.storage.remove(f.file_path))).catch(
      (err: unknown) =>
        deps.log.warn({ err, task: task.code }, 'could not remove the files dropped from a task'),
    );
    return outcome(await detail(deps, actor, id), {
      action: 'tasks.update',
      key: 'tasks.edited',
      params: { code: task.code, added: form.files.length, removed: dropped.length },
    });
  } catch (err) {
    if (!committed) await form.discard();
    throw err;
  }
}

/** DRAFT -> CANCELLED (client, after confirmation) and CANCELLED -> DRAFT (client or staff). */
export async function changeState(deps: Deps, actor: Actor, id: number, to: 'CANCELLED' | 'DRAFT') {
  const user = actor.user;
  const task = await visibleTask(deps, actor, id);
  const from = task.state;
  const by = actorKindOf(user.type);
  if (!mayTransition(from, to, by)) throw illegalTransition(from, to);
  const moved = await deps.db.transaction((tx) =>
    transition(tx, { taskId: id, from, to, by, userId: user.id }),
  );
  if (!moved) throw illegalTransition(from, to);
  const cancel = to === 'CANCELLED';
  return outcome(
    { id, state: to, message: actor.t(cancel ? 'tasks.cancelled' : 'tasks.reactivated') },
    {
      action: cancel ? 'tasks.cancel' : 'tasks.reactivate',
      key: 'tasks.state_changed',
      params: { code: task.code, from, to },
      customerId: task.customer_id,
    },
  );
}

export async function setSourceFilesValidated(deps: Deps, actor: Actor, id: number, validated: boolean) {
  const task = await visibleTask(deps, actor, id);
  await repo.updateTask(deps.db, id, { source_files_validated: validated, updated_user_id: actor.user.id });
  if (validated && task.user_id) await notifySourceFilesValidated(deps, task);
  return outcome(
    { id, source_files_validated: validated },
    {
      action: 'tasks.validate_source_files',
      key: validated ? 'tasks.files_validated' : 'tasks.files_unvalidated',
      params: { code: task.code },
      customerId: task.customer_id,
    },
  );
}

/** GET tasks/getPrice/{id}: the price summary per target language (stored, or priced now). */
export async function priceSummary(deps: Deps, actor: Actor, id: number) {
  const task = await visibleTask(deps, actor, id);
  const quote = await readQuote(deps.db, task, await repo.targetLanguageRows(deps.db, id));
  return quote.languages.map((l) => ({ ...l.summary, rateMissing: l.rateMissing }));
}

/**
 * GET /tasks/{id}/service-levels: the task's total at every service level, for its analysed files and target
 * languages, from the quote's own pricing (rates, grid, minimums, discount, taxes, other concepts) with only the
 * translation type changed, and its delivery date as if approved now. Nothing is stored; empty without targets.
 */
export async function serviceLevels(deps: Deps, actor: Actor, id: number): Promise<ServiceLevelQuote[]> {
  const task = await visibleTask(deps, actor, id);
  const at = new Date();
  const levels: ServiceLevelQuote[] = [];
  for (const typeId of await repo.translationTypeIds(deps.db)) {
    const quote = await quoteTask(deps.db, { ...task, translation_type_id: typeId }, at);
    if (!quote.price.languages.length) return [];
    levels.push({
      translation_type_id: typeId,
      taxed_price: quote.price.taxed_price,
      due_date: quote.dueDate,
      rate_missing: quote.missingRates.length > 0,
    });
  }
  return levels;
}

export async function sourceFileForDownload(deps: Deps, actor: Actor, taskId: number, fileId: number) {
  await visibleTask(deps, actor, taskId);
  const file = await repo.findSourceFile(deps.db, taskId, fileId);
  if (!file) throw notFound();
  const stream = await openStored(deps.storage, file.file_path);
  return outcome(
    { file_name: file.file_name, stream },
    { action: 'tasks.download_source', key: 'tasks.source_downloaded', params: { file: file.file_name } },
  );
}

export { detail };
export { referenceFileForDownload } from './reference-files.ts';

/** The task if `user` may see it, else undefined: for callers that judge the role before the 404. */
export function findTaskSeenBy(deps: Pick<Deps, 'db'>, user: Actor['user'], id: number) {
  return repo.findVisibleTask(deps.db, visibleTasks(user), id);
}

/** A task by id, whoever may see it: for services whose caller's permission is already judged. */
export function findTaskById(deps: Pick<Deps, 'db'>, id: number) {
  return repo.findTask(deps.db, id);
}

/** What the task's documents show: files, counts, targets, concepts, payments, customer, history. */
export function taskParts(deps: Pick<Deps, 'db'>, task: repo.TaskRow) {
  return repo.taskDetailParts(deps.db, task);
}

/** Locks the task's row until the caller's transaction ends (payments move it with its money). */
export function lockTask(tx: repo.Tx, id: number) {
  return repo.lockTask(tx, id);
}

/** The task's state now, or undefined when it is gone. */
export async function taskState(deps: Pick<Deps, 'db'>, id: number) {
  return (await repo.findTask(deps.db, id))?.state;
}

/** A customer's tasks that can be invoiced: in `states`, on no invoice yet; oldest first. */
export function invoiceableTasks(deps: Pick<Deps, 'db'>, customerId: number, states: readonly TaskState[]) {
  return repo.invoiceableTasks(deps.db, customerId, states);
}

/** The tasks an invoice is being issued for, locked until the issuing transaction ends. */
export function lockTasksToInvoice(tx: repo.Tx, ids: number[]) {
  return repo.lockTasksToInvoice(tx, ids);
}

/** Puts the tasks on the invoice; false when one was invoiced meanwhile (nothing is changed then). */
export function attachTasksToInvoice(tx: repo.Tx, invoiceId: number, ids: number[]) {
  return repo.attachTasksToInvoice(tx, invoiceId, ids);
}

/** A corrected invoice lets its tasks be invoiced again. */
export function releaseInvoicedTasks(tx: repo.Tx, invoiceId: number) {
  return repo.releaseInvoicedTasks(tx, invoiceId);
}

/** The module's public surface for other modules (their repositories stay private). */
export type { TaskRow } from './repository.ts';
export { requesterOf } from './notifications.ts';
export { approveTask, sendToProduction } from './approval.ts';
export { PRICE_CHANGED_JOB, pricedForPayment, quoteTask } from './pricing/quote-task.ts';
export { readQuote, type QuoteTotals, type TaskQuoteRead } from './pricing/quote-read.ts';
export { receiveTaskForm, type ReceivedForm } from './upload.ts';
export {
  createGuestTask,
  deleteUnpaidGuestTasks,
  guestTaskByToken,
  guestTaskView,
  guestTranslation,
  guestTranslationsZip,
  moveGuestTaskToCustomer,
} from './guest/guest-tasks.ts';
