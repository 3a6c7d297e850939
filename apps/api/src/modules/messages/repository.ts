import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taskMessageFiles, taskMessageReads, taskMessages, tasks } from '../../db/schema/index.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type MessageRow = typeof taskMessages.$inferSelect;
export type MessageFileRow = typeof taskMessageFiles.$inferSelect;

/** The messages a side may read: staff all, clients and guests none of the internal notes. */
const readable = (withInternal: boolean): SQL | undefined =>
  withInternal ? undefined : eq(taskMessages.internal, false);

export async function insertMessage(
  tx: Tx,
  values: typeof taskMessages.$inferInsert,
  files: Array<Omit<typeof taskMessageFiles.$inferInsert, 'message_id'>>,
) {
  const [message] = await tx.insert(taskMessages).values(values).returning();
  if (!message) throw new Error('message insert returned nothing');
  const stored = files.length
    ? await tx
        .insert(taskMessageFiles)
        .values(files.map((f) => ({ ...f, message_id: message.id })))
        .returning()
    : [];
  return { message, files: stored };
}

export async function listMessages(
  db: Db,
  taskId: number,
  withInternal: boolean,
  limit: number,
  offset: number,
) {
  const where = and(eq(taskMessages.task_id, taskId), readable(withInternal));
  const [rows, [total]] = await Promise.all([
    db.select().from(taskMessages).where(where).orderBy(desc(taskMessages.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(taskMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function filesOf(db: Db, messageIds: number[]) {
  if (!messageIds.length) return [];
  return db.select().from(taskMessageFiles).where(inArray(taskMessageFiles.message_id, messageIds));
}

export async function findMessageFile(db: Db, taskId: number, messageId: number, fileId: number) {
  const [row] = await db
    .select({ message: taskMessages, file: taskMessageFiles })
    .from(taskMessageFiles)
    .innerJoin(taskMessages, eq(taskMessages.id, taskMessageFiles.message_id))
    .where(
      and(eq(taskMessageFiles.id, fileId), eq(taskMessages.id, messageId), eq(taskMessages.task_id, taskId)),
    );
  return row;
}

/** Messages the user has not read yet: readable by it, written by someone else. */
const unreadOf = (userId: number, withInternal: boolean) =>
  and(
    readable(withInternal),
    or(isNull(taskMessages.author_user_id), ne(taskMessages.author_user_id, userId)),
    gt(
      taskMessages.id,
      sql`coalesce((select ${taskMessageReads.last_read_id} from ${taskMessageReads}
        where ${taskMessageReads.task_id} = ${taskMessages.task_id} and ${taskMessageReads.user_id} = ${userId}), 0)`,
    ),
  );

export async function unreadCount(db: Db, taskId: number, userId: number, withInternal: boolean) {
  const [row] = await db
    .select({ n: count() })
    .from(taskMessages)
    .where(and(eq(taskMessages.task_id, taskId), unreadOf(userId, withInternal)));
  return row?.n ?? 0;
}

/** Unread counts of the tasks `visible` (the tasks policy's filter) lets the user see, where any. */
export async function unreadByTask(db: Db, visible: SQL | undefined, userId: number, withInternal: boolean) {
  return db
    .select({ task_id: taskMessages.task_id, unread: count() })
    .from(taskMessages)
    .innerJoin(tasks, eq(tasks.id, taskMessages.task_id))
    .where(and(visible, unreadOf(userId, withInternal)))
    .groupBy(taskMessages.task_id);
}

/** Everything of the thread up to now counts as read by the user. */
export async function markRead(db: Db, taskId: number, userId: number) {
  const [last] = await db
    .select({ id: sql<number>`max(${taskMessages.id})` })
    .from(taskMessages)
    .where(eq(taskMessages.task_id, taskId));
  const lastId = Number(last?.id ?? 0);
  await db
    .insert(taskMessageReads)
    .values({ task_id: taskId, user_id: userId, last_read_id: lastId })
    .onConflictDoUpdate({
      target: [taskMessageReads.task_id, taskMessageReads.user_id],
      set: { last_read_id: sql`greatest(${taskMessageReads.last_read_id}, ${lastId})` },
    });
}
