import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings, tasks } from '../../db/schema/index.ts';
import { NEXT_TASK_ID_KEY } from '../../db/seed/reference.ts';

export async function readNextTaskId(db: Db): Promise<string | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, NEXT_TASK_ID_KEY));
  return row?.value;
}

/** Task codes are numeric strings; the highest of every task id and numeric code used. */
export async function highestTaskNumber(db: Db): Promise<number> {
  const [used] = await db
    .select({
      highest: sql<number>`greatest(coalesce(max(${tasks.id}), 0), coalesce(max(case when ${tasks.code} ~ '^[0-9]{1,10}$' then ${tasks.code}::bigint end), 0))::int`,
    })
    .from(tasks);
  return Number(used?.highest ?? 0);
}

export async function writeNextTaskId(db: Db, id: number): Promise<void> {
  await db
    .insert(settings)
    .values({ key: NEXT_TASK_ID_KEY, value: String(id) })
    .onConflictDoUpdate({ target: settings.key, set: { value: String(id) } });
}
