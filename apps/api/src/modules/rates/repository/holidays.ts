import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { holidays } from '../../../db/schema/index.ts';

export async function listHolidays(
  db: Db,
  filter: { year?: number | undefined; region?: string | undefined },
) {
  return db
    .select()
    .from(holidays)
    .where(
      and(
        filter.year === undefined
          ? undefined
          : sql`${holidays.date} between ${`${filter.year}-01-01`} and ${`${filter.year}-12-31`}`,
        filter.region === undefined ? undefined : eq(holidays.region, filter.region.toUpperCase()),
      ),
    )
    .orderBy(holidays.date, holidays.region);
}

/** Returns false when that date and region already had a holiday. */
export async function insertHoliday(db: Db, values: typeof holidays.$inferInsert): Promise<boolean> {
  const rows = await db.insert(holidays).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function deleteHoliday(db: Db, date: string, region: string) {
  const [row] = await db
    .delete(holidays)
    .where(and(eq(holidays.date, date), eq(holidays.region, region)))
    .returning();
  return row;
}
