import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, sessions, users } from '../../db/schema/index.ts';

const live = (userId: number) =>
  and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), gt(sessions.expires_at, sql`now()`));

export async function liveSessions(db: Db, userId: number) {
  const rows = await db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      user_agent: sessions.user_agent,
      last_seen_at: sessions.last_seen_at,
      created_at: sessions.created_at,
    })
    .from(sessions)
    .where(live(userId))
    .orderBy(desc(sql`coalesce(${sessions.last_seen_at}, ${sessions.created_at})`), desc(sessions.id));
  return rows.map((row) => ({ ...row, last_seen_at: row.last_seen_at ?? row.created_at }));
}

/** Ends one live session of the user: false when it has none with that id. */
export async function revoke(db: Db, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(live(userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Ends every live session of the user but one: how many. */
export async function revokeOthers(db: Db, userId: number, keepId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(live(userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** When a session was last used (not announced to the other processes: migration 0024). */
export async function touch(db: Db, sessionId: number, at: Date): Promise<void> {
  await db.update(sessions).set({ last_seen_at: at }).where(eq(sessions.id, sessionId));
}

/**
 * Which of these sessions still sign their user in (the conditions of the auth plugin's session
 * statement: not revoked, not expired, user and customer active), in one statement.
 */
export async function stillLive(db: Db, sessionIds: number[]): Promise<Set<number>> {
  if (!sessionIds.length) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(customers, eq(customers.id, users.customer_id))
    .where(
      and(
        inArray(sessions.id, sessionIds),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql`now()`),
        eq(users.is_active, true),
        or(isNull(users.customer_id), eq(customers.is_active, true)),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
