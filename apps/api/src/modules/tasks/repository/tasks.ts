import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { StateChangeReason, TaskState } from '@verba/contracts';
import type { Db } from '../../../db/client.ts';
import {
  customers,
  languages,
  settings,
  sourceFiles,
  taskReferenceFiles,
  taskStateChanges,
  taskTargetLanguages,
  tasks,
  translatedFiles,
  translationTypes,
} from '../../../db/schema/index.ts';
import { NEXT_TASK_ID_KEY } from '../../../db/seed/reference.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type NewSourceFile = { name: string; key: string; size: number; sha256: string };

export async function findVisibleTask(
  db: Db,
  scope: SQL | undefined,
  id: number,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), scope));
  return row;
}

export async function findTask(db: Db, id: number): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

/** Locks the task row for the rest of the transaction. */
export async function lockTask(tx: Tx, taskId: number) {
  const [row] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
  return row;
}

/** Takes the next task code from the "next task id" setting, atomically. */
export async function takeTaskCode(tx: Tx): Promise<string> {
  const [row] = await tx
    .update(settings)
    .set({ value: sql`(${settings.value}::bigint + 1)::text` })
    .where(eq(settings.key, NEXT_TASK_ID_KEY))
    .returning({ value: settings.value });
  return String(Number(row?.value ?? 2) - 1);
}

const sourceFileRows = (taskId: number, files: NewSourceFile[]) =>
  files.map((f) => ({
    task_id: taskId,
    file_name: f.name,
    file_path: f.key,
    size: f.size,
    sha256: f.sha256,
  }));

/** A new task with its target languages and source files. */
export async function insertTask(
  tx: Tx,
  values: typeof tasks.$inferInsert,
  targetLanguageIds: number[],
  files: NewSourceFile[],
): Promise<TaskRow> {
  const [row] = await tx.insert(tasks).values(values).returning();
  if (!row) throw new Error('task insert returned nothing');
  await tx
    .insert(taskTargetLanguages)
    .values(targetLanguageIds.map((language_id) => ({ task_id: row.id, language_id })));
  if (files.length) await tx.insert(sourceFiles).values(sourceFileRows(row.id, files));
  return row;
}

/** An edited task's new target languages and files: the kept files stay, the others go. */
export async function replaceTaskContents(
  tx: Tx,
  taskId: number,
  targetLanguageIds: number[],
  keptFileIds: number[],
  newFiles: NewSourceFile[],
) {
  await tx.delete(taskTargetLanguages).where(eq(taskTargetLanguages.task_id, taskId));
  await tx
    .insert(taskTargetLanguages)
    .values(targetLanguageIds.map((language_id) => ({ task_id: taskId, language_id })));
  await tx
    .delete(sourceFiles)
    .where(and(eq(sourceFiles.task_id, taskId), notInArray(sourceFiles.id, [...keptFileIds, 0])));
  if (newFiles.length) await tx.insert(sourceFiles).values(sourceFileRows(taskId, newFiles));
}

/** Columns other than the state (a state goes through `transitions.ts`). */
export async function updateTask(db: Db | Tx, id: number, set: Omit<Partial<TaskRow>, 'state'>) {
  await db.update(tasks).set(set).where(eq(tasks.id, id));
}

export async function deleteTaskRow(db: Db, id: number) {
  await db.delete(tasks).where(eq(tasks.id, id));
}

/** Storage keys of every file of the task: its sources, its reference files and its translations. */
export async function taskFileKeys(db: Db, taskId: number): Promise<string[]> {
  const files = await db
    .select({ key: sourceFiles.file_path })
    .from(sourceFiles)
    .where(eq(sourceFiles.task_id, taskId));
  const delivered = await db
    .select({ key: translatedFiles.file_path })
    .from(translatedFiles)
    .where(eq(translatedFiles.task_id, taskId));
  const references = await db
    .select({ key: taskReferenceFiles.file_path })
    .from(taskReferenceFiles)
    .where(eq(taskReferenceFiles.task_id, taskId));
  return [...files, ...references, ...delivered].map((f) => f.key);
}

export async function recordStateChange(
  tx: Tx | Db,
  taskId: number,
  from: TaskState | null,
  to: TaskState,
  userId: number | null,
  note?: string,
  reason?: StateChangeReason,
) {
  await tx.insert(taskStateChanges).values({
    task_id: taskId,
    from_state: from,
    to_state: to,
    user_id: userId,
    note: note ?? null,
    reason: reason ?? null,
  });
}

/** Moves a task only if it is still in `from`; false when someone else moved it first. */
export async function moveState(
  tx: Tx | Db,
  taskId: number,
  from: readonly TaskState[],
  to: TaskState,
  userId: number | null,
  extra: Partial<TaskRow> = {},
) {
  const rows = await tx
    .update(tasks)
    .set({ updated_at: new Date(), ...(userId ? { updated_user_id: userId } : {}), ...extra, state: to })
    .where(and(eq(tasks.id, taskId), inArray(tasks.state, [...from])))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

/** The customer's last approved project (shown on the customer's page). */
export async function markCustomerApproval(tx: Tx, customerId: number, taskId: number, at: Date) {
  await tx
    .update(customers)
    .set({ last_project_approved_at: at, last_project_approved_task_id: taskId })
    .where(eq(customers.id, customerId));
}

export async function taskSourceFiles(db: Db, taskId: number) {
  return db.select().from(sourceFiles).where(eq(sourceFiles.task_id, taskId)).orderBy(sourceFiles.id);
}

export async function findSourceFile(db: Db, taskId: number, fileId: number) {
  const [file] = await db
    .select()
    .from(sourceFiles)
    .where(and(eq(sourceFiles.id, fileId), eq(sourceFiles.task_id, taskId)));
  return file;
}

export async function targetLanguageRows(db: Db, taskId: number) {
  return db.select().from(taskTargetLanguages).where(eq(taskTargetLanguages.task_id, taskId));
}

export async function languagesByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(languages).where(inArray(languages.id, ids));
}

export async function translationTypeExists(db: Db, id: number) {
  const [row] = await db
    .select({ id: translationTypes.id })
    .from(translationTypes)
    .where(eq(translationTypes.id, id));
  return Boolean(row);
}
