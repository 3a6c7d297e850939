import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { taskReferenceFiles, tasks } from '../../../db/schema/index.ts';
import type { Tx } from './tasks.ts';

export type ReferenceFileRow = typeof taskReferenceFiles.$inferSelect;
export type NewReferenceFile = { name: string; key: string; size: number };

export async function insertReferenceFiles(tx: Tx | Db, taskId: number, files: NewReferenceFile[]) {
  if (!files.length) return;
  await tx
    .insert(taskReferenceFiles)
    .values(files.map((f) => ({ task_id: taskId, file_name: f.name, file_path: f.key, size: f.size })));
}

/** The task's reference files (an edit checks what it removes against them). */
export async function taskReferenceFileRows(db: Db, taskId: number): Promise<ReferenceFileRow[]> {
  return db
    .select()
    .from(taskReferenceFiles)
    .where(eq(taskReferenceFiles.task_id, taskId))
    .orderBy(taskReferenceFiles.id);
}

/** Removes reference files of the task (their stored files are removed by the caller after the commit). */
export async function deleteReferenceFiles(tx: Tx | Db, taskId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .delete(taskReferenceFiles)
    .where(and(eq(taskReferenceFiles.task_id, taskId), inArray(taskReferenceFiles.id, ids)));
}

export async function findReferenceFile(
  db: Db,
  taskId: number,
  fileId: number,
): Promise<ReferenceFileRow | undefined> {
  const [row] = await db
    .select()
    .from(taskReferenceFiles)
    .where(and(eq(taskReferenceFiles.task_id, taskId), eq(taskReferenceFiles.id, fileId)));
  return row;
}

/** Of these reference files, the ones on tasks within `scope` (the caller's visible tasks). */
export async function visibleReferenceFiles(
  db: Db,
  scope: SQL | undefined,
  ids: number[],
): Promise<ReferenceFileRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ file: taskReferenceFiles })
    .from(taskReferenceFiles)
    .innerJoin(tasks, eq(tasks.id, taskReferenceFiles.task_id))
    .where(and(inArray(taskReferenceFiles.id, ids), scope))
    .orderBy(taskReferenceFiles.id);
  return rows.map((r) => r.file);
}
