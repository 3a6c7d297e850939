import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  notificationDigests,
  notificationPreferences,
  notifications,
  taskMessages,
  taskStateChanges,
  tasks,
  users,
} from '../../db/schema/index.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type NotificationRow = typeof notifications.$inferSelect;
export type Recipient = Pick<typeof users.$inferSelect, 'id' | 'email' | 'name' | 'language' | 'type'>;

const recipientColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  language: users.language,
  type: users.type,
};

export async function findTask(db: Db, id: number) {
  const [row] = await db
    .select({
      id: tasks.id,
      code: tasks.code,
      user_id: tasks.user_id,
      customer_id: tasks.customer_id,
      due_date: tasks.due_date,
    })
    .from(tasks)
    .where(eq(tasks.id, id));
  return row;
}

export async function findMessage(db: Db, id: number) {
  const [row] = await db.select().from(taskMessages).where(eq(taskMessages.id, id));
  return row;
}

export async function activeUsers(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.is_active, true)));
}

export async function clientAdmins(db: Db, customerId: number) {
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(eq(users.customer_id, customerId), eq(users.type, 'CLIENT_ADMIN'), eq(users.is_active, true)));
}

export async function activeStaff(db: Db) {
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(inArray(users.type, ['VERBA_ADMIN', 'VERBA_PM']), eq(users.is_active, true)));
}

/** The PM who took the task: the staff member who last moved it, if any. */
export async function takenBy(db: Db, taskId: number) {
  const [row] = await db
    .select(recipientColumns)
    .from(taskStateChanges)
    .innerJoin(users, eq(users.id, taskStateChanges.user_id))
    .where(
      and(
        eq(taskStateChanges.task_id, taskId),
        inArray(users.type, ['VERBA_ADMIN', 'VERBA_PM']),
        eq(users.is_active, true),
      ),
    )
    .orderBy(desc(taskStateChanges.id))
    .limit(1);
  return row;
}

export async function preferencesOf(db: Db, userIds: number[]) {
  if (!userIds.length) return [];
  return db.select().from(notificationPreferences).where(inArray(notificationPreferences.user_id, userIds));
}

export async function replacePreferences(
  db: Db,
  userId: number,
  rows: Array<{ kind: string; channel: string }>,
) {
  await db.transaction(async (tx) => {
    for (const row of rows)
      await tx
        .insert(notificationPreferences)
        .values({ user_id: userId, ...row })
        .onConflictDoUpdate({
          target: [notificationPreferences.user_id, notificationPreferences.kind],
          set: { channel: row.channel },
        });
  });
}

/** Inserts the notifications of one event; the ones already there (a job run again) are left. */
export async function insertNotifications(db: Db, rows: Array<typeof notifications.$inferInsert>) {
  if (!rows.length) return [];
  return db.insert(notifications).values(rows).onConflictDoNothing().returning();
}

export async function listNotifications(db: Db, userId: number, unreadOnly: boolean, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), unreadOnly ? isNull(notifications.read_at) : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export async function unreadCount(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return row?.n ?? 0;
}

export async function markRead(db: Db, userId: number, ids: number[] | 'all') {
  await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(
      and(
        eq(notifications.user_id, userId),
        isNull(notifications.read_at),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    );
}

/** Users with notifications waiting for their digest. */
export async function usersWithDigest(db: Db) {
  const rows = await db
    .selectDistinct({ user_id: notifications.user_id })
    .from(notifications)
    .where(eq(notifications.digest_pending, true));
  return rows.map((r) => r.user_id);
}

/**
 * Takes the user's digest if none went out in the last `hours` (at once across processes: the
 * claim is one statement), with the notifications it holds, which stop waiting.
 */
export async function claimDigest(db: Db, userId: number, hours: number) {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(notificationDigests)
      .values({ user_id: userId, sent_at: new Date() })
      .onConflictDoUpdate({
        target: notificationDigests.user_id,
        set: { sent_at: sql`now()` },
        where: sql`${notificationDigests.sent_at} <= now() - make_interval(hours => ${hours})`,
      })
      .returning();
    if (!claimed.length) return [];
    return tx
      .update(notifications)
      .set({ digest_pending: false })
      .where(and(eq(notifications.user_id, userId), eq(notifications.digest_pending, true)))
      .returning();
  });
}
