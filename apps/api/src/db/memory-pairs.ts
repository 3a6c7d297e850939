import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Announces a memory pair deleted (`<customer>:<source>:<target>`), at the commit of the transaction
 * that deleted it: every server deletes its index snapshots of the pair (ADR 0027, tenth pass).
 */
export const PAIR_DELETED_CHANNEL = 'verba_tm_pair_deleted';

/**
 * Announces, at the commit of `tx`, the pairs of a customer that are being deleted (all of them, or
 * the one named): called before the units are deleted, while they can still be found.
 */
export async function announcePairsDeleted(
  tx: Db,
  customerId: number,
  pair?: { source: string; target: string },
): Promise<void> {
  await tx.execute(
    sql`select pg_notify(${PAIR_DELETED_CHANNEL}, ${customerId} || ':' || source_lang || ':' || target_lang)
        from (select distinct source_lang, target_lang from tm_units where customer_id = ${customerId}
              ${pair ? sql`and source_lang = ${pair.source} and target_lang = ${pair.target}` : sql``}) pairs`,
  );
}
