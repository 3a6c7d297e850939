import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { actorKindOf, transitionRefusal, type StaffTarget, type TaskState } from '@verba/contracts';
import {
  otherConcepts,
  payTaskHistories,
  sourceFiles,
  taskTargetLanguages,
  tasks,
  translatedFiles,
} from '../../db/schema/index.ts';
import { AppError, notFound, unauthenticated } from '../../lib/app-error.ts';
import { visibleTask } from './service.ts';
import { quoteTask, storeQuote } from './pricing.ts';
import { notifyStateChange } from './notifications.ts';
import { illegalTransition, transition } from './transitions.ts';

export type { StaffTarget };

async function missingTranslations(app: FastifyInstance, taskId: number): Promise<number> {
  const files = await app.db
    .select({ id: sourceFiles.id })
    .from(sourceFiles)
    .where(eq(sourceFiles.task_id, taskId));
  const targets = await app.db
    .select({ id: taskTargetLanguages.language_id })
    .from(taskTargetLanguages)
    .where(eq(taskTargetLanguages.task_id, taskId));
  const done = await app.db
    .select({ source_file_id: translatedFiles.source_file_id, language_id: translatedFiles.language_id })
    .from(translatedFiles)
    .where(eq(translatedFiles.task_id, taskId));
  let missing = 0;
  for (const f of files)
    for (const t of targets)
      if (!done.some((d) => d.source_file_id === f.id && d.language_id === t.id)) missing++;
  return missing;
}

export async function changeStatus(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  to: StaffTarget,
  note?: string,
) {
  const user = request.user;
  if (!user) throw unauthenticated();
  const task = await visibleTask(app, request, id);
  const from = task.state as TaskState;
  const by = actorKindOf(user.type);
  const facts = {
    isGuestTask: !task.customer_id,
    ...(to === 'DONE' ? { missingTranslations: await missingTranslations(app, id) } : {}),
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
  const moved = await app.db.transaction((tx) =>
    transition(tx, { taskId: id, from, to, by, userId: user.id, facts, note }),
  );
  if (!moved) throw new AppError(409, 'tasks.changed_meanwhile');
  if (to === 'IN_COURSE' || to === 'DONE') await notifyStateChange(app, { ...task, state: to });
  request.actionLog = {
    action: 'tasks.change_status',
    description: `Task ${task.code} ${task.state} -> ${to}`,
    customerId: task.customer_id,
  };
  return { id, state: to, message: request.t('tasks.status_changed') };
}

export async function setAmountToPay(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  amount: string,
) {
  const task = await visibleTask(app, request, id);
  await app.db
    .update(tasks)
    .set({ amount_to_pay: amount, updated_user_id: request.user?.id ?? null })
    .where(eq(tasks.id, id));
  request.actionLog = {
    action: 'tasks.amount_to_pay',
    description: `Task ${task.code} amount to pay ${task.amount_to_pay} -> ${amount}`,
    customerId: task.customer_id,
  };
  return { id, amount_to_pay: amount };
}

/** Days to add move the due date, counted from the approval (or from now for a quote). */
export async function setDaysToAdd(app: FastifyInstance, request: FastifyRequest, id: number, days: number) {
  const task = await visibleTask(app, request, id);
  await app.db.update(tasks).set({ days_to_add: days }).where(eq(tasks.id, id));
  const quote = await quoteTask(app.db, { ...task, days_to_add: days }, task.approved_at ?? new Date());
  const due = { due_date: quote.dueDate };
  await app.db
    .update(tasks)
    .set({ due_date: due.due_date ? new Date(due.due_date) : null })
    .where(eq(tasks.id, id));
  request.actionLog = {
    action: 'tasks.days_to_add',
    description: `Task ${task.code} days to add ${task.days_to_add} -> ${days}`,
    customerId: task.customer_id,
  };
  return { id, days_to_add: days, due_date: due.due_date };
}

/** Re-prices after other concepts change; an approved task keeps its due date. */
async function reprice(app: FastifyInstance, taskId: number) {
  const [task] = await app.db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!task || task.state === 'CALCULATING') return;
  const quote = await quoteTask(app.db, task);
  await storeQuote(
    app.db,
    taskId,
    task.approved_at ? { ...quote, dueDate: task.due_date?.toISOString() ?? null } : quote,
    task.quoted_at ?? new Date(),
  );
}

interface ConceptInput {
  task_id: number;
  concept: string;
  description: string | null;
  unit: string | null;
  quantity: string;
  price: string;
  lang?: string | undefined;
}

export async function addOtherConcept(app: FastifyInstance, request: FastifyRequest, input: ConceptInput) {
  const task = await visibleTask(app, request, input.task_id);
  if (task.state === 'CANCELLED') throw new AppError(422, 'tasks.not_editable');
  const [row] = await app.db
    .insert(otherConcepts)
    .values({
      task_id: task.id,
      concept: input.concept,
      description: input.description,
      unit: input.unit,
      quantity: input.quantity,
      price: input.price,
      lang: input.lang ?? null,
    })
    .returning();
  await reprice(app, task.id);
  request.actionLog = {
    action: 'other_concepts.create',
    description: `Task ${task.code}: added "${input.concept}" ${input.quantity} x ${input.price}`,
    customerId: task.customer_id,
  };
  return row;
}

async function visibleConcept(app: FastifyInstance, request: FastifyRequest, id: number) {
  const [concept] = await app.db.select().from(otherConcepts).where(eq(otherConcepts.id, id));
  if (!concept) throw notFound();
  const task = await visibleTask(app, request, concept.task_id);
  return { concept, task };
}

export async function updateOtherConcept(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  input: ConceptInput,
) {
  const { task } = await visibleConcept(app, request, id);
  if (input.task_id !== task.id)
    throw new AppError(422, 'errors.validation', { fields: { task_id: ['validation.invalid_option'] } });
  const [row] = await app.db
    .update(otherConcepts)
    .set({
      concept: input.concept,
      description: input.description,
      unit: input.unit,
      quantity: input.quantity,
      price: input.price,
    })
    .where(eq(otherConcepts.id, id))
    .returning();
  await reprice(app, task.id);
  request.actionLog = {
    action: 'other_concepts.update',
    description: `Task ${task.code}: "${input.concept}" ${input.quantity} x ${input.price}`,
    customerId: task.customer_id,
  };
  return row;
}

export async function deleteOtherConcept(app: FastifyInstance, request: FastifyRequest, id: number) {
  const { concept, task } = await visibleConcept(app, request, id);
  await app.db.delete(otherConcepts).where(eq(otherConcepts.id, id));
  await reprice(app, task.id);
  request.actionLog = {
    action: 'other_concepts.delete',
    description: `Task ${task.code}: removed "${concept.concept}"`,
    customerId: task.customer_id,
  };
  return { deleted: true };
}

export async function addPayment(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { task_id: number; amount: string; type: string; lang?: string | undefined },
) {
  const task = await visibleTask(app, request, input.task_id);
  const [row] = await app.db
    .insert(payTaskHistories)
    .values({
      task_id: task.id,
      amount: input.amount,
      type: input.type,
      lang: input.lang ?? null,
      created_by: request.user?.id ?? null,
    })
    .returning();
  request.actionLog = {
    action: 'payments.record',
    description: `Task ${task.code}: payment of ${input.amount} EUR by ${input.type}`,
    customerId: task.customer_id,
  };
  return row;
}

/** VERBA_ADMIN only: the task, its rows and its files go. */
export async function deleteTask(app: FastifyInstance, request: FastifyRequest, id: number) {
  const task = await visibleTask(app, request, id);
  const files = await app.db
    .select({ key: sourceFiles.file_path })
    .from(sourceFiles)
    .where(eq(sourceFiles.task_id, id));
  const delivered = await app.db
    .select({ key: translatedFiles.file_path })
    .from(translatedFiles)
    .where(eq(translatedFiles.task_id, id));
  await app.db.delete(tasks).where(and(eq(tasks.id, id)));
  await Promise.all([...files, ...delivered].map((f) => app.storage.remove(f.key)));
  request.actionLog = {
    action: 'tasks.delete',
    description: `Deleted task ${task.code} "${task.description}"`,
    customerId: task.customer_id,
  };
  return { deleted: true, message: request.t('tasks.deleted') };
}
