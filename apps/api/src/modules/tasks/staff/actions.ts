import { actorKindOf, transitionRefusal, type StaffTarget } from '@verba/contracts';
import { publishEvent } from '../../events/service.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { outcome, type Actor, type Deps } from '../../../lib/service.ts';
import * as repo from '../repository.ts';
import { visibleTask } from '../service.ts';
import { lockUninvoiced, quoteTask, storePriceChange, storeQuote } from '../pricing/quote-task.ts';
import { notifyStateChange } from '../notifications.ts';
import { illegalTransition, transition } from '../transitions.ts';
import { removeUnreferenced } from '../../../plugins/storage.ts';

export type { StaffTarget };

/** The status screen's move (DESIGN §6); DONE needs every translation delivered. */
export async function changeStatus(deps: Deps, actor: Actor, id: number, to: StaffTarget, note?: string) {
  const user = actor.user;
  const task = await visibleTask(deps, actor, id);
  const from = task.state;
  const by = actorKindOf(user.type);
  const facts = {
    isGuestTask: !task.customer_id,
    ...(to === 'DONE' ? { missingTranslations: await repo.missingTranslations(deps.db, id) } : {}),
  };
  const refusal = transitionRefusal(from, to, by, facts);
  if (refusal === 'translations_complete') {
    const count = facts.missingTranslations;
    throw new AppError(422, 'tasks.translations_missing', {
      values: { count },
      fields: { state: [{ key: 'tasks.translations_missing', values: { count } }] },
    });
  }
  if (refusal) throw illegalTransition(from, to);
  const moved = await deps.db.transaction((tx) =>
    transition(tx, { taskId: id, from, to, by, userId: user.id, facts, note }),
  );
  if (!moved) throw new AppError(409, 'tasks.changed_meanwhile');
  // A signed-in requester hears it through its notifications (modules/notifications); a guest by mail.
  if (!task.user_id && (to === 'IN_COURSE' || to === 'DONE'))
    await notifyStateChange(deps, { ...task, state: to });
  return outcome(
    { id, state: to, message: actor.t('tasks.status_changed') },
    {
      action: 'tasks.change_status',
      key: 'tasks.state_changed',
      params: { code: task.code, from: task.state, to },
      customerId: task.customer_id,
    },
  );
}

export async function setAmountToPay(deps: Deps, actor: Actor, id: number, amount: string) {
  const task = await visibleTask(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    await lockUninvoiced(tx, id, 'amount_to_pay');
    await storePriceChange(deps, tx, id, { amount_to_pay: amount, updated_user_id: actor.user.id });
  });
  return outcome(
    { id, amount_to_pay: amount },
    {
      action: 'tasks.amount_to_pay',
      key: 'tasks.amount_changed',
      params: { code: task.code, from: task.amount_to_pay, to: amount },
      customerId: task.customer_id,
    },
  );
}

/** Days to add move the due date, counted from the approval (or from now for a quote). */
export async function setDaysToAdd(deps: Deps, actor: Actor, id: number, days: number) {
  const task = await visibleTask(deps, actor, id);
  const quote = await quoteTask(deps.db, { ...task, days_to_add: days }, task.approved_at ?? new Date());
  const dueDate = quote.dueDate ? new Date(quote.dueDate) : null;
  await deps.db.transaction(async (tx) => {
    await storePriceChange(deps, tx, id, { days_to_add: days, due_date: dueDate });
    if (dueDate?.getTime() !== task.due_date?.getTime())
      await publishEvent(tx, {
        type: 'task.due_date_changed',
        task_id: id,
        invoice_id: null,
        customer_id: task.customer_id,
        actor_user_id: actor.user.id,
        data: { code: task.code, from: task.due_date?.toISOString() ?? null, to: quote.dueDate },
      });
  });
  return outcome(
    { id, days_to_add: days, due_date: quote.dueDate },
    {
      action: 'tasks.days_to_add',
      key: 'tasks.days_changed',
      params: { code: task.code, from: task.days_to_add, to: days },
      customerId: task.customer_id,
    },
  );
}

/**
 * A change of the task's other concepts, with the task locked (and refused once invoiced), then
 * the task priced again in the same transaction; an approved task keeps its due date.
 */
async function changeConcepts<T>(
  deps: Deps,
  taskId: number,
  change: (tx: repo.Tx) => Promise<T>,
  refusedOn?: 'price',
) {
  return deps.db.transaction(async (tx) => {
    const task = await lockUninvoiced(tx, taskId, refusedOn);
    const result = await change(tx);
    if (task.state === 'CALCULATING') return result;
    const quote = await quoteTask(tx, task);
    await storeQuote(
      deps,
      tx,
      taskId,
      task.approved_at ? { ...quote, dueDate: task.due_date?.toISOString() ?? null } : quote,
      task.quoted_at ?? new Date(),
    );
    return result;
  });
}

export interface ConceptInput {
  task_id: number;
  concept: string;
  description: string | null;
  unit: string | null;
  quantity: string;
  price: string;
  lang?: string | undefined;
}

const conceptFields = (input: ConceptInput): repo.OtherConceptFields => ({
  concept: input.concept,
  description: input.description,
  unit: input.unit,
  quantity: input.quantity,
  price: input.price,
});

export async function addOtherConcept(deps: Deps, actor: Actor, input: ConceptInput) {
  const task = await visibleTask(deps, actor, input.task_id);
  if (task.state === 'CANCELLED') throw new AppError(422, 'tasks.not_editable');
  const row = await changeConcepts(
    deps,
    task.id,
    (tx) =>
      repo.insertOtherConcept(tx, { task_id: task.id, ...conceptFields(input), lang: input.lang ?? null }),
    'price',
  );
  return outcome(row, {
    action: 'other_concepts.create',
    key: 'concepts.added',
    params: { code: task.code, concept: input.concept, quantity: input.quantity, price: input.price },
    customerId: task.customer_id,
  });
}

async function visibleConcept(deps: Deps, actor: Actor, id: number) {
  const concept = await repo.findOtherConcept(deps.db, id);
  if (!concept) throw notFound();
  const task = await visibleTask(deps, actor, concept.task_id);
  return { concept, task };
}

export async function updateOtherConcept(deps: Deps, actor: Actor, id: number, input: ConceptInput) {
  const { task } = await visibleConcept(deps, actor, id);
  if (input.task_id !== task.id)
    throw new AppError(422, 'errors.validation', { fields: { task_id: ['validation.invalid_option'] } });
  const row = await changeConcepts(
    deps,
    task.id,
    (tx) => repo.updateOtherConcept(tx, id, conceptFields(input)),
    'price',
  );
  return outcome(row, {
    action: 'other_concepts.update',
    key: 'concepts.updated',
    params: { code: task.code, concept: input.concept, quantity: input.quantity, price: input.price },
    customerId: task.customer_id,
  });
}

export async function deleteOtherConcept(deps: Deps, actor: Actor, id: number) {
  const { concept, task } = await visibleConcept(deps, actor, id);
  await changeConcepts(deps, task.id, (tx) => repo.deleteOtherConcept(tx, id));
  return outcome(
    { deleted: true as const },
    {
      action: 'other_concepts.delete',
      key: 'concepts.removed',
      params: { code: task.code, concept: concept.concept },
      customerId: task.customer_id,
    },
  );
}

export async function addPayment(
  deps: Deps,
  actor: Actor,
  input: { task_id: number; amount: string; type: string; lang?: string | undefined },
) {
  const task = await visibleTask(deps, actor, input.task_id);
  const row = await repo.insertPayTaskHistory(deps.db, {
    task_id: task.id,
    amount: input.amount,
    type: input.type,
    lang: input.lang ?? null,
    created_by: actor.user.id,
  });
  return outcome(row, {
    action: 'payments.record',
    key: 'payments.recorded',
    params: { code: task.code, amount: input.amount, type: input.type },
    customerId: task.customer_id,
  });
}

/** VERBA_ADMIN only: the task, its rows and its files go. */
export async function deleteTask(deps: Deps, actor: Actor, id: number) {
  const task = await visibleTask(deps, actor, id);
  const keys = await repo.taskFileKeys(deps.db, id);
  await repo.deleteTaskRow(deps.db, id);
  await removeUnreferenced(deps.storage, deps.log, keys);
  return outcome(
    { deleted: true as const, message: actor.t('tasks.deleted') },
    {
      action: 'tasks.delete',
      key: 'tasks.deleted',
      params: { code: task.code, description: task.description },
      customerId: task.customer_id,
    },
  );
}
