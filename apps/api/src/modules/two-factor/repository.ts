import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  customers,
  sessions,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  users,
} from '../../db/schema/index.ts';

/** The user of a challenge that is unused and unexpired. */
export async function challengeUser(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ user_id: twoFactorChallenges.user_id })
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.token_hash, tokenHash),
        isNull(twoFactorChallenges.used_at),
        gt(twoFactorChallenges.expires_at, now),
      ),
    );
  return row?.user_id;
}

/** Spends a challenge: false when another request spent it first. */
export async function consumeChallenge(db: Db, tokenHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ used_at: at })
    .where(and(eq(twoFactorChallenges.token_hash, tokenHash), isNull(twoFactorChallenges.used_at)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

/** Keys stored before they were encrypted (they do not start with the sealed prefix). */
/** Every stored TOTP key (pending or in use), for re-encryption at start. */
export async function storedSecrets(db: Db): Promise<Array<{ id: number; totp_secret: string }>> {
  const rows = await db
    .select({ id: users.id, totp_secret: users.totp_secret })
    .from(users)
    .where(isNotNull(users.totp_secret));
  return rows.filter((r): r is { id: number; totp_secret: string } => r.totp_secret !== null);
}

/** Replaces a stored key by its re-encrypted form, unless another process already did. */
export async function replaceSecret(db: Db, userId: number, from: string, sealed: string): Promise<void> {
  await db
    .update(users)
    .set({ totp_secret: sealed })
    .where(and(eq(users.id, userId), eq(users.totp_secret, from)));
}

export async function setPendingSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db
    .update(users)
    .set({ totp_secret: secret, totp_last_step: null })
    .where(and(eq(users.id, userId), isNull(users.totp_enabled_at)));
}

/**
 * Records that a code of `step` was accepted, unless a code of that step (or a later one) already
 * was: false then, and the code is refused as a replay.
 */
export async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totp_last_step: step })
    .where(and(eq(users.id, userId), or(isNull(users.totp_last_step), lt(users.totp_last_step, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns the second factor on with its recovery codes, and lets the user's sessions do everything. */
export async function enable(db: Db, userId: number, codeHashes: string[], at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })));
    await tx.update(users).set({ totp_enabled_at: at }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ enrolment_only: false })
      .where(and(eq(sessions.user_id, userId), eq(sessions.enrolment_only, true)));
  });
}

/** Turns the second factor off and forgets its key and recovery codes. */
export async function disable(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, userId));
    await tx
      .update(users)
      .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where(eq(users.id, userId));
  });
}

/** Spends an unused recovery code of the user: false when there is none with that hash. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ used_at: at })
    .where(
      and(
        eq(twoFactorRecoveryCodes.user_id, userId),
        eq(twoFactorRecoveryCodes.code_hash, codeHash),
        isNull(twoFactorRecoveryCodes.used_at),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.user_id, userId), isNull(twoFactorRecoveryCodes.used_at)));
  return row?.n ?? 0;
}

export async function customerRequirement(db: Db, customerId: number) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, require_2fa: customers.require_2fa })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

export async function setCustomerRequirement(db: Db, customerId: number, required: boolean): Promise<void> {
  await db
    .update(customers)
    .set({ require_2fa: required, updated_at: sql`now()` })
    .where(eq(customers.id, customerId));
}
