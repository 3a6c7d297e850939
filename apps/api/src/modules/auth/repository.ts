import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { actionLogs, customers, passwordResets, sessions, users } from '../../db/schema/index.ts';

export const LOGIN_FAILED_ACTION = 'auth.login_failed';

export async function countRecentLoginFailures(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(actionLogs)
    .where(
      and(
        eq(actionLogs.action, LOGIN_FAILED_ACTION),
        eq(sql`lower(${actionLogs.user_email})`, email),
        gt(actionLogs.created_at, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Claims a sign-in attempt before its password is checked: under a lock on the email, counts the
 * window's failures and, below `max`, writes this attempt's failure row at once. Attempts racing on
 * one account queue on the lock, so no more than `max` of them ever reach the password check.
 * Answers the row's id, or undefined when the account is locked (nothing written).
 */
export async function claimLoginAttempt(
  db: Db,
  attempt: { email: string; ip: string; since: Date; max: number },
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${attempt.email}`}, 0))`);
    if ((await countRecentLoginFailures(tx, attempt.email, attempt.since)) >= attempt.max) return undefined;
    const [row] = await tx
      .insert(actionLogs)
      .values({
        action: LOGIN_FAILED_ACTION,
        description: 'Failed sign-in attempt',
        description_key: 'auth.sign_in_failed',
        params: {},
        ip: attempt.ip,
        user_id: null,
        user_email: attempt.email,
        customer_id: null,
        customer_name: null,
      })
      .returning({ id: actionLogs.id });
    return row?.id;
  });
}

/** Withdraws a claimed attempt that turned out not to be a failure (the right password). */
export async function releaseLoginAttempt(db: Db, id: number): Promise<void> {
  await db.delete(actionLogs).where(eq(actionLogs.id, id));
}

export async function createSession(
  db: Db,
  values: { userId: number; tokenHash: string; expiresAt: Date; ip: string; userAgent: string | undefined },
): Promise<void> {
  await db.insert(sessions).values({
    user_id: values.userId,
    token_hash: values.tokenHash,
    expires_at: values.expiresAt,
    ip: values.ip,
    user_agent: values.userAgent ?? null,
  });
}

export async function recordLogin(
  db: Db,
  userId: number,
  customerId: number | null,
  at: Date,
): Promise<void> {
  await db.update(users).set({ last_login_at: at }).where(eq(users.id, userId));
  if (customerId) {
    await db
      .update(customers)
      .set({ last_login_at: at, last_login_user_id: userId })
      .where(eq(customers.id, customerId));
  }
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
}

export async function findUsableReset(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: passwordResets.id,
      user_id: passwordResets.user_id,
      email: users.email,
      is_active: users.is_active,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.user_id))
    .where(
      and(
        eq(passwordResets.token_hash, tokenHash),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the token used only if nobody used it first; false when it lost that race. */
export async function consumeReset(db: Db, resetId: number): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ used_at: new Date() })
    .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.used_at)))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}
