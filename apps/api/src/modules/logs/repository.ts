import { containsPattern } from '../../lib/sql-like.ts';
import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { LIST_TOTAL_CAP, type Paginated } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { pageOffset, toCappedPage } from '../../lib/paging.ts';
import { actionLogs } from '../../db/schema/index.ts';
import type { ActionLogFilters, ActionLogsQuery } from '@verba/contracts';

/** Day filters are calendar days in the provider's time zone (Europe/Madrid). */
const madridDay = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Madrid')`;

export interface ActionLogRow {
  id: number;
  action: string;
  description: string;
  description_key: string | null;
  params: Record<string, string | number> | null;
  created_at: Date;
  ip: string | null;
  user_email: string | null;
  customer_name: string | null;
}

const columns = {
  id: actionLogs.id,
  action: actionLogs.action,
  description: actionLogs.description,
  description_key: actionLogs.description_key,
  params: actionLogs.params,
  created_at: actionLogs.created_at,
  ip: actionLogs.ip,
  user_email: actionLogs.user_email,
  customer_name: actionLogs.customer_name,
};

/** The action is picked from a list: an exact code (action_logs_action_idx). */
function whereOf(q: ActionLogFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.action) conditions.push(eq(actionLogs.action, q.action));
  if (q.email) conditions.push(ilike(actionLogs.user_email, containsPattern(q.email)));
  if (q.start_date) conditions.push(gte(actionLogs.created_at, madridDay(q.start_date)));
  if (q.end_date)
    conditions.push(lt(actionLogs.created_at, sql`${madridDay(q.end_date)} + interval '1 day'`));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listActionLogs(
  db: Db,
  q: ActionLogsQuery,
): Promise<Paginated<ActionLogRow> & { total_is_capped: boolean }> {
  const where = whereOf(q);
  // The log only grows: its matches are counted up to the cap, not all of them on every page.
  const capped = db
    .select({ one: sql`1` })
    .from(actionLogs)
    .where(where)
    .limit(LIST_TOTAL_CAP + 1)
    .as('capped');
  // Side by side: under load each statement waits its turn for a connection.
  const [[matches], rows] = await Promise.all([
    db.select({ n: count() }).from(capped),
    db
      .select(columns)
      .from(actionLogs)
      .where(where)
      .orderBy(desc(actionLogs.created_at), desc(actionLogs.id))
      .limit(q.per_page)
      .offset(pageOffset(q)),
  ]);
  return toCappedPage(rows, matches?.n ?? 0, q);
}

/** The filtered rows, newest first, at most `limit` of them (the CSV export). */
export function filteredActionLogs(db: Db, q: ActionLogFilters, limit: number): Promise<ActionLogRow[]> {
  return db
    .select(columns)
    .from(actionLogs)
    .where(whereOf(q))
    .orderBy(desc(actionLogs.created_at), desc(actionLogs.id))
    .limit(limit);
}
