import { inArray, sql, type SQL } from 'drizzle-orm';
import type { TaskState } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { customers, departments } from '../../db/schema/index.ts';

/**
 * The dashboards' aggregations. Each is one statement over `tasks`, served by the
 * indexes named beside it (schema/tasks.ts): the figures of 100,000 tasks never travel to Node.
 */

/** States whose approved work counts as revenue (or spend): paid or ordered, not cancelled. */
const ORDERED = sql`('APPROVED', 'DEFERRED', 'IN_COURSE', 'DONE')`;
/** States of work in production, which has a due date. */
const IN_PRODUCTION = sql`('APPROVED', 'DEFERRED', 'IN_COURSE')`;
/** Tasks a client still follows. */
const OPEN = sql`('DRAFT', 'CALCULATING', 'APPROVED', 'DEFERRED', 'IN_COURSE')`;

/** The first instant of the month 11 months before the current one, in Madrid. */
const windowStart = sql`((date_trunc('month', now() at time zone 'Europe/Madrid') - interval '11 months') at time zone 'Europe/Madrid')`;
/**
 * The month of an approval as 1…12 (oldest first): a binary search among the 12 month starts,
 * far cheaper per row than converting each timestamp to Madrid's calendar.
 */
const monthStarts = sql`(select array_agg(((date_trunc('month', now() at time zone 'Europe/Madrid') - make_interval(months => 11 - g)) at time zone 'Europe/Madrid') order by g) from generate_series(0, 11) as g)`;
const monthOf = sql`width_bucket(t.approved_at, ${monthStarts})`;

export interface StateCount {
  state: TaskState;
  count: number;
}
export interface Figure {
  tasks: number;
  words: number;
  amount: string;
}

const rows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** tasks_state_idx (state, id): an index-only count. */
export function countByState(db: Db, customerId?: number): Promise<StateCount[]> {
  const where =
    customerId === undefined ? sql`true` : sql`t.customer_id = ${customerId} and t.state in ${OPEN}`;
  return rows(
    db,
    sql`select t.state, count(*)::int as count from tasks t where ${where} group by t.state order by t.state`,
  );
}

type Grouped = Figure & { month: number | null; key: number | null; grouping: number };

/**
 * Approved work of the last 12 months, grouped two ways in one scan (GROUPING SETS): by month,
 * and by `by` (customer or department). Staff count revenue without taxes; clients what they
 * spend, taxes included. tasks_approved_idx / tasks_customer_approved_idx.
 */
export async function approvedWork(
  db: Db,
  scope: { customerId: number } | { staff: true },
): Promise<{ months: Array<Figure & { month: number }>; groups: Array<Figure & { key: number | null }> }> {
  const staff = 'staff' in scope;
  const amount = staff ? sql`t.taxed_price - t.price_taxes - t.other_prices_taxes` : sql`t.amount_to_pay`;
  const by = staff ? sql`t.customer_id` : sql`t.department_id`;
  const tenant = staff ? sql`true` : sql`t.customer_id = ${scope.customerId}`;
  const result = await rows<Grouped>(
    db,
    sql`select ${monthOf} as month, ${by} as key, grouping(${monthOf}) as grouping,
               count(*)::int as tasks, coalesce(sum(t.word_count), 0)::int as words,
               coalesce(sum(${amount}), 0)::numeric(14, 2)::text as amount
        from tasks t
        where ${tenant} and t.approved_at >= ${windowStart} and t.state in ${ORDERED}
        group by grouping sets ((${monthOf}), (${by}))`,
  );
  const figure = (r: Grouped): Figure => ({ tasks: r.tasks, words: r.words, amount: r.amount });
  return {
    months: result
      .filter((r) => Number(r.grouping) === 0)
      .map((r) => ({ month: Number(r.month), ...figure(r) })),
    groups: result.filter((r) => Number(r.grouping) === 1).map((r) => ({ key: r.key, ...figure(r) })),
  };
}

export interface LanguagePair {
  source: string;
  target: string;
  tasks: number;
  words: number;
}

/** The most ordered language pairs of the last 12 months (a task's words count once per target). */
export function topLanguagePairs(db: Db, limit: number): Promise<LanguagePair[]> {
  return rows(
    db,
    sql`select s.iso_code as source, l.iso_code as target, p.tasks, p.words
        from (select t.source_language_id as source_id, ttl.language_id as target_id, count(*)::int as tasks,
                     coalesce(sum(t.word_count), 0)::int as words
              from tasks t
              join task_target_languages ttl on ttl.task_id = t.id
              where t.approved_at >= ${windowStart} and t.state in ${ORDERED}
              group by 1, 2) p
        join languages s on s.id = p.source_id
        join languages l on l.id = p.target_id
        order by p.tasks desc, p.words desc, s.iso_code, l.iso_code
        limit ${limit}`,
  );
}

/** Names of the customers (or titles of the departments) the figures name by id. */
export async function namesOf(db: Db, table: 'customers' | 'departments', ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const found =
    table === 'customers'
      ? await db
          .select({ id: customers.id, name: customers.name })
          .from(customers)
          .where(inArray(customers.id, ids))
      : await db
          .select({ id: departments.id, name: departments.title })
          .from(departments)
          .where(inArray(departments.id, ids));
  return new Map(found.map((r) => [r.id, r.name]));
}

export interface DueRow {
  id: number;
  code: string;
  description: string;
  customer_name: string | null;
  state: TaskState;
  due_date: Date | string;
  overdue: boolean;
}

/** Work in production due within `days` days or late, soonest first; tasks_due_idx (partial). */
export async function dueTasks(db: Db, days: number, limit: number) {
  const horizon = sql`now() + make_interval(days => ${days})`;
  const [counts] = await rows<{ overdue: number; due_soon: number }>(
    db,
    sql`select count(*) filter (where due_date < now())::int as overdue,
               count(*) filter (where due_date >= now())::int as due_soon
        from tasks where state in ${IN_PRODUCTION} and due_date < ${horizon}`,
  );
  const list = await rows<DueRow>(
    db,
    sql`select t.id, t.code, t.description, c.name as customer_name, t.state, t.due_date,
               (t.due_date < now()) as overdue
        from tasks t left join customers c on c.id = t.customer_id
        where t.state in ${IN_PRODUCTION} and t.due_date < ${horizon}
        order by t.due_date, t.id
        limit ${limit}`,
  );
  return {
    overdue: counts?.overdue ?? 0,
    due_soon: counts?.due_soon ?? 0,
    // PGlite hands raw timestamps as text: Dates, as the replies' serialiser writes them.
    tasks: list.map((r) => ({ ...r, due_date: new Date(r.due_date) })),
  };
}

export interface QueuedRow {
  id: number;
  code: string;
  description: string;
  customer_name: string | null;
  files: number;
  since: Date | string;
}

/** Tasks whose files are being analysed (CALCULATING), the longest waiting first; tasks_state_idx. */
export async function analysisQueue(db: Db, limit: number) {
  const [total] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from tasks where state = 'CALCULATING'`,
  );
  const list = await rows<QueuedRow>(
    db,
    sql`select t.id, t.code, t.description, c.name as customer_name, t.updated_at as since,
               (select count(*)::int from source_files f where f.task_id = t.id) as files
        from tasks t left join customers c on c.id = t.customer_id
        where t.state = 'CALCULATING'
        order by t.updated_at, t.id
        limit ${limit}`,
  );
  return { total: total?.n ?? 0, tasks: list.map((r) => ({ ...r, since: new Date(r.since) })) };
}

/** A client's open tasks by state: tasks_customer_visible_idx (customer_id, state, …). */
export const openTasksByState = (db: Db, customerId: number) => countByState(db, customerId);
