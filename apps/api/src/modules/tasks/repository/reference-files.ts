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

export async function taskReferenceFileNames(db: Db, taskId: number): Promise<string[]> {
  const rows = await db
    .select({ name: taskReferenceFiles.file_name })
    .from(taskReferenceFiles)
    .where(eq(taskReferenceFiles.task_id, taskId));
  return rows.map((r) => r.name);
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
