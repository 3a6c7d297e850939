import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, notInArray } from 'drizzle-orm';
import { sumMoney } from '@verba/contracts/pricing';
import {
  actorKindOf,
  invoiceTag,
  mayTransition,
  taskFormSchema,
  issueField,
  issueMessage,
  type Locale,
  type TaskForm,
  type TaskListQuery,
  type TaskState,
} from '@verba/contracts';
import { departmentUsers, sourceFiles, taskTargetLanguages, tasks } from '../../db/schema/index.ts';
import { AppError, invalid, notFound, unauthenticated, type FieldMessages } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { isStaffUser, visibleTasks } from './policy.ts';
import * as repo from './repository.ts';
import { receiveTaskForm, type ReceivedForm } from './upload.ts';
import { queueAnalysis } from './analysis-job.ts';
import { quoteTask } from './pricing.ts';
import { notifySourceFilesValidated } from './notifications.ts';
import { illegalTransition, transition } from './transitions.ts';

const me = (request: FastifyRequest): CurrentUser => {
  if (!request.user) throw unauthenticated();
  return request.user;
};

export async function visibleTask(app: FastifyInstance, request: FastifyRequest, id: number) {
  const task = await repo.findVisibleTask(app.db, visibleTasks(me(request)), id);
  if (!task) throw notFound();
  return task;
}

export async function list(app: FastifyInstance, request: FastifyRequest, query: TaskListQuery) {
  const user = me(request);
  const page = await repo.listTasks(app.db, user, {
    ...query,
    client: isStaffUser(user) ? query.client : undefined,
  });
  return {
    ...page,
    data: page.data.map(({ customer_payment_scheme, ...row }) => ({
      ...row,
      invoice_tag: row.invoice_folio ? invoiceTag(row.state, customer_payment_scheme) : null,
    })),
  };
}

/** Validates the multipart fields with the shared schema plus the references only the server can check. */
async function checkForm(
  app: FastifyInstance,
  user: CurrentUser,
  form: ReceivedForm,
  keptCount: number,
): Promise<TaskForm> {
  const errors: FieldMessages = {};
  const parsed = taskFormSchema.safeParse(form.fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { key, values } = issueMessage(issue);
      (errors[issueField(issue)] ??= []).push(values ? { key, values } : key);
    }
  }
  if (form.files.length + keptCount === 0) (errors.files ??= []).push('validation.required');
  if (!parsed.success) throw invalid(errors);
  const input = parsed.data;
  if (!user.customer_id) throw invalid({ department: ['validation.invalid_option'] });
  const department = await repo.departmentForOrder(app.db, user.customer_id, input.department);
  if (!department) errors.department = ['validation.invalid_option'];
  else if (user.type === 'CLIENT_USER') {
    const [member] = await app.db
      .select()
      .from(departmentUsers)
      .where(and(eq(departmentUsers.department_id, department.id), eq(departmentUsers.user_id, user.id)));
    if (!member) errors.department = ['validation.invalid_option'];
  }
  const langs = await repo.languagesByIds(app.db, [input.source_language, ...input.target_languages]);
  const source = langs.find((l) => l.id === input.source_language);
  if (!source?.is_source) errors.source_language = ['validation.invalid_option'];
  const targets = new Set(input.target_languages);
  if (
    targets.size !== input.target_languages.length ||
    [...targets].some((id) => !langs.some((l) => l.id === id && l.is_active))
  ) {
    errors.target_languages = ['validation.invalid_option'];
  } else if (targets.has(input.source_language)) {
    errors.target_languages = ['tasks.target_is_source'];
  }
  if (!(await repo.translationTypeExists(app.db, input.translation_type)))
    errors.translation_type = ['validation.invalid_option'];
  if (Object.keys(errors).length) throw invalid(errors);
  return input;
}

export async function create(app: FastifyInstance, request: FastifyRequest) {
  const user = me(request);
  const form = await receiveTaskForm(app, request);
  try {
    const input = await checkForm(app, user, form, 0);
    const version = new Date();
    const task = await app.db.transaction(async (tx) => {
      const code = await repo.takeTaskCode(tx);
      const [row] = await tx
        .insert(tasks)
        .values({
          code,
          customer_id: user.customer_id,
          department_id: input.department,
          user_id: user.id,
          source_language_id: input.source_language,
          translation_type_id: input.translation_type,
          description: input.description,
          comments: input.comments,
          review: input.review,
          custom_quote: input.custom_quote,
          source_files_validation_requested: input.custom_quote,
          state: 'CALCULATING',
          created_at: version,
          updated_at: version,
          updated_user_id: user.id,
        })
        .returning();
      if (!row) throw new Error('task insert returned nothing');
      await tx
        .insert(taskTargetLanguages)
        .values(input.target_languages.map((language_id) => ({ task_id: row.id, language_id })));
      await tx.insert(sourceFiles).values(
        form.files.map((f) => ({
          task_id: row.id,
          file_name: f.name,
          file_path: f.key,
          size: f.size,
          sha256: f.sha256,
        })),
      );
      await transition(tx, {
        taskId: row.id,
        from: null,
        to: 'CALCULATING',
        by: actorKindOf(user.type),
        userId: user.id,
        reason: 'created',
      });
      return row;
    });
    await queueAnalysis(app, task.id, version);
    request.actionLog = {
      action: 'tasks.create',
      description: `Created task ${task.code} "${task.description}" with ${form.files.length} files`,
    };
    return detail(app, request, task.id);
  } catch (err) {
    await form.discard();
    throw err;
  }
}

export async function update(app: FastifyInstance, request: FastifyRequest, id: number) {
  const user = me(request);
  const task = await visibleTask(app, request, id);
  if (task.state !== 'DRAFT') {
    // Drain the upload before refusing, so the client gets the answer.
    for await (const part of request.parts()) if (part.type === 'file') part.file.resume();
    throw new AppError(422, 'tasks.not_editable', { fields: { state: ['tasks.not_editable'] } });
  }
  const current = await repo.taskSourceFiles(app.db, id);
  const form = await receiveTaskForm(app, request, []);
  try {
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
    const input = await checkForm(app, user, form, kept.length);
    const dropped = current.filter((f) => !keptIds.has(f.id));
    const version = new Date();
    await app.db.transaction(async (tx) => {
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
          review: input.review,
          custom_quote: input.custom_quote,
          source_files_validation_requested: input.custom_quote || task.source_files_validation_requested,
          updated_at: version,
        },
      });
      if (!moved)
        throw new AppError(422, 'tasks.not_editable', { fields: { state: ['tasks.not_editable'] } });
      await tx.delete(taskTargetLanguages).where(eq(taskTargetLanguages.task_id, id));
      await tx
        .insert(taskTargetLanguages)
        .values(input.target_languages.map((language_id) => ({ task_id: id, language_id })));
      if (dropped.length)
        await tx
          .delete(sourceFiles)
          .where(and(eq(sourceFiles.task_id, id), notInArray(sourceFiles.id, [...keptIds, 0])));
      if (form.files.length) {
        await tx.insert(sourceFiles).values(
          form.files.map((f) => ({
            task_id: id,
            file_name: f.name,
            file_path: f.key,
            size: f.size,
            sha256: f.sha256,
          })),
        );
      }
    });
    await Promise.all(dropped.map((f) => app.storage.remove(f.file_path)));
    await queueAnalysis(app, id, version);
    request.actionLog = {
      action: 'tasks.update',
      description: `Edited task ${task.code}: ${form.files.length} files added, ${dropped.length} removed`,
    };
    return detail(app, request, id);
  } catch (err) {
    await form.discard();
    throw err;
  }
}

/** DRAFT -> CANCELLED (client, after confirmation) and CANCELLED -> DRAFT (client or staff). */
export async function changeState(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  to: 'CANCELLED' | 'DRAFT',
) {
  const user = me(request);
  const task = await visibleTask(app, request, id);
  const from = task.state as TaskState;
  const by = actorKindOf(user.type);
  if (!mayTransition(from, to, by)) throw illegalTransition(from, to);
  const moved = await app.db.transaction((tx) =>
    transition(tx, { taskId: id, from, to, by, userId: user.id }),
  );
  if (!moved) throw illegalTransition(from, to);
  request.actionLog = {
    action: to === 'CANCELLED' ? 'tasks.cancel' : 'tasks.reactivate',
    description: `Task ${task.code} ${from} -> ${to}`,
    customerId: task.customer_id,
  };
  return { id, state: to, message: request.t(to === 'CANCELLED' ? 'tasks.cancelled' : 'tasks.reactivated') };
}

export async function setSourceFilesValidated(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  validated: boolean,
) {
  const task = await visibleTask(app, request, id);
  await app.db
    .update(tasks)
    .set({ source_files_validated: validated, updated_user_id: me(request).id })
    .where(eq(tasks.id, id));
  if (validated && task.user_id) {
    await notifySourceFilesValidated(app, task);
  }
  request.actionLog = {
    action: 'tasks.validate_source_files',
    description: `Task ${task.code} source files ${validated ? 'validated' : 'no longer validated'}`,
    customerId: task.customer_id,
  };
  return { id, source_files_validated: validated };
}

const localized = <T extends Record<string, unknown>>(row: T | undefined, field: string, locale: Locale) =>
  row ? (row[`${field}_${locale}`] as string) : null;

/** The task as spec part 1 §3 describes it; staff also see the customer. */
export async function detail(app: FastifyInstance, request: FastifyRequest, id: number) {
  const user = me(request);
  const task = await visibleTask(app, request, id);
  const p = await repo.taskDetailParts(app.db, task);
  const locale = request.locale;
  // Owed and paid before taxes: a payment by card carries its tax, a line typed by staff has none.
  const outstanding = sumMoney(
    task.base_price,
    `-${task.discount_amount}`,
    task.other_prices,
    ...p.payments.flatMap((row) => [`-${row.amount}`, row.taxes]),
  );
  return {
    id: task.id,
    code: task.code,
    description: task.description,
    comments: task.comments,
    review: task.review,
    custom_quote: task.custom_quote,
    source_files_validated: task.source_files_validated,
    source_files_validation_requested: task.source_files_validation_requested,
    current_task_state: { state: task.state },
    state: task.state,
    analysis_error: task.analysis_error,
    source_language: p.source
      ? { id: p.source.id, iso_code: p.source.iso_code, name: localized(p.source, 'name', locale) }
      : null,
    target_languages: p.targets.map((t) => ({
      target_language_id: t.language_id,
      target_language: { id: t.language_id, iso_code: t.iso_code, name: localized(t, 'name', locale) },
    })),
    translation_type_id: task.translation_type_id,
    translation_type: p.type
      ? {
          id: p.type.id,
          percent: p.type.percent,
          name: localized(p.type, 'name', locale),
          description: localized(p.type, 'description', locale),
          description_2: localized(p.type, 'description_2', locale),
        }
      : null,
    department_id: task.department_id,
    department: p.department ? { id: p.department.id, title: p.department.title } : null,
    customer:
      isStaffUser(user) && p.customer
        ? { id: p.customer.id, name: p.customer.name, payment_scheme: p.customer.payment_scheme }
        : null,
    user: p.requester ?? null,
    source_files: p.files.map((f) => ({
      id: f.id,
      file_name: f.file_name,
      size: f.size,
      filter: f.filter,
      error: f.error_key,
      word_count: p.counts.filter((c) => c.source_file_id === f.id),
      translated_files: p.translated
        .filter((t) => t.source_file_id === f.id)
        .map((t) => ({
          id: t.id,
          language_id: t.language_id,
          file_name: t.file_name,
          created_at: t.created_at,
        })),
    })),
    word_count: task.word_count,
    base_price: task.base_price,
    discount_percentage: task.discount_percentage,
    discount_amount: task.discount_amount,
    other_prices: task.other_prices,
    price_taxes: task.price_taxes,
    other_prices_taxes: task.other_prices_taxes,
    tax_name: task.tax_name,
    tax_percentage: task.tax_percentage,
    taxed_price: task.taxed_price,
    amount_to_pay: task.amount_to_pay,
    days_to_add: task.days_to_add,
    due_date: task.due_date,
    quoted_at: task.quoted_at,
    other_concepts: p.concepts,
    payments: user.type === 'CLIENT_USER' ? [] : p.payments,
    outstanding_balance: outstanding,
    changes: p.changes,
    invoice: p.invoice
      ? { folio: p.invoice.folio, tag: invoiceTag(task.state, p.customer?.payment_scheme) }
      : null,
    created_at: task.created_at,
    updated_at: task.updated_at,
  };
}

/** GET tasks/getPrice/{id}: the stored price summary per target language. */
export async function priceSummary(app: FastifyInstance, request: FastifyRequest, id: number) {
  const task = await visibleTask(app, request, id);
  const rows = await app.db.select().from(taskTargetLanguages).where(eq(taskTargetLanguages.task_id, id));
  if (task.state === 'CALCULATING' || rows.some((r) => !r.price_summary)) {
    const quote = await quoteTask(app.db, task);
    return quote.price.languages.map((l) => ({
      ...l,
      rateMissing: quote.missingRates.includes(l.targetLanguageId),
    }));
  }
  return rows.map((r) => r.price_summary);
}

export async function sourceFileForDownload(
  app: FastifyInstance,
  request: FastifyRequest,
  taskId: number,
  fileId: number,
) {
  await visibleTask(app, request, taskId);
  const [file] = await app.db
    .select()
    .from(sourceFiles)
    .where(and(eq(sourceFiles.id, fileId), eq(sourceFiles.task_id, taskId)));
  if (!file) throw notFound();
  request.actionLog = { action: 'tasks.download_source', description: `Downloaded ${file.file_name}` };
  return file;
}

/** The module's public surface for other modules (their repositories stay private). */
export { findVisibleTask, taskDetailParts, type TaskRow } from './repository.ts';
export { approveTask, sendToProduction, type Approval } from './approval.ts';
export { quoteTask } from './pricing.ts';
