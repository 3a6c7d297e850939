import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  actionLogs,
  customers,
  passwordResets,
  sessions,
  twoFactorChallenges,
  users,
} from '../../db/schema/index.ts';

export const LOGIN_FAILED_ACTION = 'auth.login_failed';

/** Marks a claimed attempt whose password is still being checked (cleared when it proves wrong). */
const CHECKING = { checking: 1 };

export type LoginClaim = { id: number } | 'locked' | 'busy';

/**
 * Claims a sign-in attempt before its password is checked, under a lock on the email. Answers
 * `locked` when the window holds `max` failures, `busy` when failures and the checks in flight fill
 * the `max` slots (the caller waits for one to end), or else writes the attempt's row, marked
 * checking, and answers its id. Attempts racing on one account queue on the lock, so no more than
 * `max` wrong passwords are ever checked; a right one frees its slot (`releaseLoginAttempt`), so
 * many sign-ins at once are slowed, never refused. A checking row older than `staleBefore` (its
 * process died during the check) counts as a failure.
 */
export async function claimLoginAttempt(
  db: Db,
  attempt: { email: string; ip: string; since: Date; staleBefore: Date; max: number },
): Promise<LoginClaim> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${attempt.email}`}, 0))`);
    const checking = sql`(${actionLogs.params}->>'checking') is not null and ${actionLogs.created_at} > ${attempt.staleBefore}`;
    const [counts] = await tx
      .select({
        failures: sql<number>`(count(*) filter (where not (${checking})))::int`,
        checking: sql<number>`(count(*) filter (where ${checking}))::int`,
      })
      .from(actionLogs)
      .where(
        and(
          eq(actionLogs.action, LOGIN_FAILED_ACTION),
          eq(sql`lower(${actionLogs.user_email})`, attempt.email),
          gt(actionLogs.created_at, attempt.since),
        ),
      );
    const failures = counts?.failures ?? 0;
    if (failures >= attempt.max) return 'locked';
    if (failures + (counts?.checking ?? 0) >= attempt.max) return 'busy';
    const [row] = await tx
      .insert(actionLogs)
      .values({
        action: LOGIN_FAILED_ACTION,
        description: 'Failed sign-in attempt',
        description_key: 'auth.sign_in_failed',
        params: CHECKING,
        ip: attempt.ip,
        user_id: null,
        user_email: attempt.email,
        customer_id: null,
        customer_name: null,
      })
      .returning({ id: actionLogs.id });
    return { id: row!.id };
  });
}

/** A claimed attempt whose password was wrong: a failure from now on. */
export async function confirmLoginFailure(db: Db, id: number): Promise<void> {
  await db.update(actionLogs).set({ params: {} }).where(eq(actionLogs.id, id));
}

/** Withdraws a claimed attempt that turned out not to be a failure (the right password). */
export async function releaseLoginAttempt(db: Db, id: number): Promise<void> {
  await db.delete(actionLogs).where(eq(actionLogs.id, id));
}

export async function createSession(
  db: Db,
  values: {
    userId: number;
    tokenHash: string;
    expiresAt: Date;
    ip: string;
    userAgent: string | undefined;
    enrolmentOnly: boolean;
  },
): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
      ip: values.ip,
      user_agent: values.userAgent ?? null,
      last_seen_at: new Date(),
      enrolment_only: values.enrolmentOnly,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

export async function createChallenge(
  db: Db,
  values: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(twoFactorChallenges).values({
    user_id: values.userId,
    token_hash: values.tokenHash,
    expires_at: values.expiresAt,
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
