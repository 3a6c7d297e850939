import { containsPattern } from '../../lib/sql-like.ts';
import { and, count, desc, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Paginated } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { pageOffset, toPage } from '../../lib/paging.ts';
import { actionLogs } from '../../db/schema/index.ts';
import type { ActionLogsQuery } from './schemas.ts';

/** Day filters are calendar days in the provider's time zone (Europe/Madrid). */
const madridDay = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Madrid')`;

export interface ActionLogRow {
  id: number;
  action: string;
  description: string;
  created_at: Date;
  ip: string | null;
  user_email: string | null;
  customer_name: string | null;
}

export async function listActionLogs(db: Db, q: ActionLogsQuery): Promise<Paginated<ActionLogRow>> {
  const conditions: SQL[] = [];
  if (q.action) conditions.push(ilike(actionLogs.action, containsPattern(q.action)));
  if (q.email) conditions.push(ilike(actionLogs.user_email, containsPattern(q.email)));
  if (q.start_date) conditions.push(gte(actionLogs.created_at, madridDay(q.start_date)));
  if (q.end_date)
    conditions.push(lt(actionLogs.created_at, sql`${madridDay(q.end_date)} + interval '1 day'`));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(actionLogs).where(where);
  const rows = await db
    .select({
      id: actionLogs.id,
      action: actionLogs.action,
      description: actionLogs.description,
      created_at: actionLogs.created_at,
      ip: actionLogs.ip,
      user_email: actionLogs.user_email,
      customer_name: actionLogs.customer_name,
    })
    .from(actionLogs)
    .where(where)
    .orderBy(desc(actionLogs.created_at), desc(actionLogs.id))
    .limit(q.per_page)
    .offset(pageOffset(q));
  return toPage(rows, total?.n ?? 0, q);
}
