import { and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { tokenMatches } from '../../db/token-lookup.ts';
import { countries, languages, quoteRequests, usedBotSolutions } from '../../db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Records a bot-check solution; false when it was used before (a replay). */
export async function useSolution(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  try {
    await db.insert(usedBotSolutions).values({ signature, expires_at: expiresAt });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

export async function forgetExpiredSolutions(db: Db, now: Date) {
  await db.delete(usedBotSolutions).where(lt(usedBotSolutions.expires_at, now));
}

export async function requestsByEmailSince(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(quoteRequests)
    .where(and(sql`lower(${quoteRequests.email}) = lower(${email})`, gte(quoteRequests.created_at, since)));
  return row?.n ?? 0;
}

/**
 * Until the transaction ends, the other requests for this e-mail (on any server) wait here: the
 * count read next and the row written after it are one step.
 */
export async function lockRequestsOf(tx: Db, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'guest-quote:' + email.toLowerCase()}))`);
}

export async function findCountry(db: Db, id: number) {
  const [row] = await db.select().from(countries).where(eq(countries.id, id));
  return row;
}

export async function languagesByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(languages).where(inArray(languages.id, ids));
}

export async function insertQuoteRequest(tx: Tx, values: typeof quoteRequests.$inferInsert) {
  await tx.insert(quoteRequests).values(values);
}

export async function findRequestByToken(db: Db, token: string) {
  const [row] = await db.select().from(quoteRequests).where(tokenMatches(quoteRequests.link_token, token));
  return row;
}

export async function findRequestByTask(db: Db, taskId: number) {
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.task_id, taskId));
  return row;
}

/** Requests whose task is gone (housekeeping removed it): their link now says the quote expired. */
export async function markExpired(db: Db, at: Date) {
  await db
    .update(quoteRequests)
    .set({ expired_at: at })
    .where(and(isNull(quoteRequests.task_id), isNull(quoteRequests.expired_at)));
}
