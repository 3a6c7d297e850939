import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox, uiErrors } from '../../db/schema/index.ts';

export type UiErrorValues = typeof uiErrors.$inferInsert;

export async function insertUiError(db: Db, values: UiErrorValues): Promise<void> {
  await db.insert(uiErrors).values(values);
}

export function latestOutboxMails(db: Db, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/** A round trip to the database (readiness). */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
