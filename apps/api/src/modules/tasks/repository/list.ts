import { toPage } from '../../../lib/paging.ts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Paginated, TaskListQuery } from '@verba/contracts';
import type { Db } from '../../../db/client.ts';
import { customers, departments, invoices, quoteRequests, tasks, users } from '../../../db/schema/index.ts';
import { prepared } from '../../../db/prepared.ts';
import { containsPattern } from '../../../lib/sql-like.ts';
import type { CurrentUser } from '../../../plugins/auth.ts';
import { tasksVisibleTo } from '../policy.ts';

/** Amount without taxes: the discounted base plus other concepts. */
const untaxed = sql<string>`(${tasks.base_price} - ${tasks.discount_amount} + ${tasks.other_prices})`;

/** A search looks at most this many of the newest rows before it reads the matches from the indexes. */
const WALK_BOUND = 1_000;
/** A walk counts matches among at most this many of the newest rows. */
const COUNT_WALK_BOUND = 2_000;
/** Sorts with an index to walk (the primary key, tasks_created_idx, the code's unique index). */
const WALKABLE_SORTS: string[] = ['id', 'created_at', 'code'];

/** Lists report exact totals up to this many matches, then "1,000+" (`total_is_capped`). */
export const TOTAL_CAP = 1_000;

export interface TaskListRow {
  id: number;
  code: string;
  description: string;
  created_at: Date;
  state: string;
  customer: { id: number; name: string } | null;
  department: { id: number; title: string } | null;
  requested_by: { name: string; lastname: string } | null;
  invoice_folio: string | null;
  invoice_payment_status: string | null;
  /** What the invoice tag depends on besides the state (the service applies the rule). */
  customer_payment_scheme: string | null;
  amount_without_taxes: string;
  /** A guest task (no customer): the company and person of its quote request. */
  guest_company: string | null;
  guest_name: string | null;
}

/** Who is listing: the scope of DESIGN §5 depends on these three. */
export type TaskLister = Pick<CurrentUser, 'type' | 'customer_id' | 'id'>;

/**
 * A LIMIT written into the SQL text instead of a placeholder. PostgreSQL plans a named statement
 * once (a generic plan) only when that plan costs about what a plan for the actual values would;
 * with a placeholder LIMIT it must assume a tenth of the table is wanted, so the generic plan of a
 * "newest 15" page looks like a sort of every row and PostgreSQL re-plans on every call, which cost
 * three times what running the query did (`npm run bench:api`). Only for integers the code chose or
 * validated; never for user text.
 */
function limitInText(n: number): Placeholder {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a row limit: ${n}`);
  // Drizzle writes an SQL chunk given as the limit into the text as is; its type admits only
  // numbers (sent as values) and placeholders.
  return sql.raw(String(n)) as unknown as Placeholder;
}

/**
 * The list's two statements (capped count and page) for one shape of the query: the lister's role,
 * which filters are present, the sort. Values are placeholders, so each shape is built and planned
 * once (see `prepared`).
 */
/**
 * How a search finds its rows (issue 23):
 * - `walk`: the sort order's index, newest first, matching rows kept, at most `walk_bound` rows
 *   looked at: a word most tasks contain fills the page after a few rows;
 * - `matches`: the matching rows from the indexes (full text on the description, trigrams on the
 *   code), then sorted: a rare word, a number, or a word whose tasks are all old;
 * - `exact`: the task whose code is the search (first on the first page).
 */
type SearchPlan = 'walk' | 'matches' | 'exact';

/**
 * The words of a search as a full-text query of the `simple` configuration, each word a prefix
 * (`task 1` finds "Benchmark task 123"); null when it has no letter or digit. Only letters and
 * digits reach `to_tsquery`, so a user's text cannot change the query's syntax.
 */
export function wordsQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((w) => `${w}:*`).join(' & ') : null;
}

function taskListStatements(db: Db, lister: TaskLister, q: TaskListQuery, plan: SearchPlan = 'matches') {
  const stateFilter =
    q.state === 'APPROVED_AND_DRAFT'
      ? 'draft-approved'
      : q.state
        ? 'one'
        : q.showCancelled
          ? 'cancelled'
          : 'live';
  const key = [
    'tasks_list',
    lister.type,
    lister.customer_id === null ? 'no-customer' : 'customer',
    stateFilter,
    q.client ? 'client' : '',
    q.search ? `search-${plan}` : '',
    q.sort,
    q.order,
    // The first page is the one nearly every visit asks for: its LIMIT is written into the SQL text
    // (one statement per page size) so that its plan is made once; see `limitInText`.
    q.page === 1 ? `first-page-of-${q.per_page}` : 'later-page',
  ].join(':');
  const firstPage = q.page === 1;
  return prepared(db, key, (name) => {
    const conditions: Array<SQL | undefined> = [
      tasksVisibleTo(
        lister.type,
        lister.customer_id === null ? null : sql.placeholder('scope_customer'),
        sql.placeholder('scope_user'),
      ),
    ];
    if (stateFilter === 'draft-approved') conditions.push(inArray(tasks.state, ['APPROVED', 'DRAFT']));
    else if (stateFilter === 'one') conditions.push(eq(tasks.state, sql.placeholder('state')));
    else if (stateFilter === 'cancelled') conditions.push(eq(tasks.state, 'CANCELLED'));
    else conditions.push(ne(tasks.state, 'CANCELLED'));
    if (q.client) conditions.push(eq(tasks.customer_id, sql.placeholder('client')));
    const scoped = and(...conditions.filter((c): c is SQL => Boolean(c)));
    let searched: SQL | undefined;
    if (q.search && plan === 'exact')
      searched = inArray(tasks.code, [sql.placeholder('exact'), sql.placeholder('exact_upper')]);
    else if (q.search)
      // Words by full text (the stored search_words, tasks_search_words_idx), a code or number also by any part of it
      // (tasks_code_trgm_idx): "31337" finds the task coded "Q-31337".
      searched = or(
        // A search with other characters than letters, digits and spaces ("Bulk_99%") must also
        // contain them as typed: its words only narrow the rows down.
        sql`("tasks"."search_words" @@ to_tsquery('simple', ${sql.placeholder('words')}) and (${sql.placeholder('plain')}::boolean or ${tasks.description} ilike ${sql.placeholder('pattern')}))`,
        ilike(tasks.code, sql.placeholder('pattern')),
      );
    const where = and(scoped, searched);
    const sortColumn = {
      id: tasks.id,
      code: tasks.code,
      description: tasks.description,
      created_at: tasks.created_at,
      state: tasks.state,
      amount: untaxed,
    }[q.sort];
    // The matching rows are sorted after they are found: `+ 0` / `|| ''` keep the planner from
    // walking the sort order's index past rows that do not match (80,030 rows for "task 1").
    const sortKey =
      plan === 'matches' && q.search
        ? sortColumn === untaxed
          ? untaxed
          : ['id'].includes(q.sort)
            ? sql`(${sortColumn} + 0)`
            : q.sort === 'created_at'
              ? sql`(${sortColumn} + interval '0 s')`
              : sql`(${sortColumn} || '')`
        : sortColumn;
    const order = q.order === 'asc' ? asc(sortKey) : desc(sortKey);
    // A search is planned for its own pattern: the generic plan of a named statement cannot know
    // that a pattern is selective enough for the trigram index. An unnamed statement ('') gets a
    // plan per call; the rest of the shapes are named and planned once per connection.
    // Later pages are rarer and their OFFSET must be a placeholder, which costs the plan the same
    // way: they are planned per call too.
    const statementName = (suffix: string) => (q.search || !firstPage ? '' : `${name}_${suffix}`);
    // Counting every match of a large list costs more than the page itself: count up to a cap.
    // The newest `bound` rows of the list in its order, named "tasks" so that the columns and
    // lookups read them as they read the table (a search's walk, see SearchPlan).
    const newest = (bound: string) =>
      db
        .select({ ...getTableColumns(tasks), search_words: sql`"tasks"."search_words"`.as('search_words') })
        .from(tasks)
        .where(scoped)
        .orderBy(order, desc(tasks.id))
        .limit(sql.placeholder(bound))
        .as('tasks') as unknown as typeof tasks;
    const walking = plan === 'walk' && Boolean(q.search);
    // A walk counts the matches among the newest `count_bound` rows: a common word reaches the cap
    // at once; below the cap, `listTasks` counts again from the indexes.
    const capped = db
      .select({ one: sql`1` })
      .from(walking ? newest('count_bound') : tasks)
      .where(walking ? searched : where)
      .limit(limitInText(TOTAL_CAP + 1))
      .as('capped');
    const countQuery = db.select({ n: count() }).from(capped);
    // The names come from scalar subqueries, run for the page's rows only: four LEFT JOINs made the
    // planner search join orders on every call, which cost more than running the query.
    const lookup = (column: AnyPgColumn, id: AnyPgColumn, key: AnyPgColumn) =>
      sql<string | null>`(select ${column} from ${id.table} where ${id} = ${key})`;
    const page = db
      .select({
        // The count rides along with the page: one round trip instead of two.
        matches: sql<number>`(${countQuery})`.mapWith(Number),
        id: tasks.id,
        code: tasks.code,
        description: tasks.description,
        created_at: tasks.created_at,
        state: tasks.state,
        customer_id: tasks.customer_id,
        customer_name: lookup(customers.name, customers.id, tasks.customer_id),
        customer_payment_scheme: lookup(customers.payment_scheme, customers.id, tasks.customer_id),
        department_id: tasks.department_id,
        department_title: lookup(departments.title, departments.id, tasks.department_id),
        user_name: lookup(users.name, users.id, tasks.user_id),
        user_lastname: lookup(users.lastname, users.id, tasks.user_id),
        invoice_folio: lookup(invoices.folio, invoices.id, tasks.invoice_id),
        invoice_payment_status: lookup(invoices.payment_status, invoices.id, tasks.invoice_id),
        amount_without_taxes: sql<string>`${untaxed}::numeric(14,2)::text`,
        // Only guest tasks (no customer) look up their quote request.
        // Qualified by hand: inside the subquery an unqualified "id" would be the request's own.
        guest_company: sql<
          string | null
        >`case when ${tasks.customer_id} is null then (select qr.company_name from ${quoteRequests} qr where qr.task_id = "tasks"."id" limit 1) end`,
        guest_name: sql<
          string | null
        >`case when ${tasks.customer_id} is null then (select qr.first_name || ' ' || qr.last_name from ${quoteRequests} qr where qr.task_id = "tasks"."id" limit 1) end`,
      })
      .from(walking ? newest('walk_bound') : tasks)
      .where(walking ? searched : where)
      .orderBy(order, desc(tasks.id))
      .limit(firstPage ? limitInText(q.per_page) : sql.placeholder('limit'))
      .offset(firstPage ? 0 : sql.placeholder('offset'))
      .prepare(statementName('p'));
    // An empty page (none match, or a page past the end) still needs the count.
    return { count: countQuery.prepare(statementName('n')), page };
  });
}

export async function listTasks(
  db: Db,
  lister: TaskLister,
  q: TaskListQuery,
): Promise<Paginated<TaskListRow> & { total_is_capped: boolean }> {
  const search = q.search || undefined;
  const words = search ? wordsQuery(search) : null;
  const offset = (q.page - 1) * q.per_page;
  const values = {
    scope_customer: lister.customer_id,
    scope_user: lister.id,
    state: q.state,
    client: q.client,
    pattern: search ? containsPattern(search) : undefined,
    // Without a letter or digit, no word matches (the code's pattern still may).
    words: words ?? '',
    plain: search ? /^[\p{L}\p{N}\s]+$/u.test(search) : true,
    exact: search,
    exact_upper: search?.toUpperCase(),
    walk_bound: Math.max(WALK_BOUND, (offset + q.per_page) * 20),
    count_bound: COUNT_WALK_BOUND,
    limit: q.per_page,
    offset,
  };
  // A code or a number (one token with a digit) is rare: its matches come straight from the
  // indexes. Words first walk the newest rows in the list's order, where a common word fills the
  // page at once; if they do not fill it, the matching rows are read from the indexes instead.
  const codeLike = search !== undefined && /^\S+$/.test(search) && /\d/.test(search);
  const walkable = search !== undefined && !codeLike && WALKABLE_SORTS.includes(q.sort);
  // The task coded exactly as the search comes first on the first page (a unique index).
  const mayBeCode = search !== undefined && q.page === 1 && /^\S{1,32}$/.test(search);
  let statements = taskListStatements(db, lister, q, walkable ? 'walk' : 'matches');
  let rows = await statements.page.execute(values);
  if (walkable && rows.length < q.per_page) {
    statements = taskListStatements(db, lister, q, 'matches');
    rows = await statements.page.execute(values);
  }
  let total = rows.length ? { n: rows[0]!.matches } : (await statements.count.execute(values))[0];
  // A walk that filled the page counted only the newest rows: below the cap, count them all.
  if (walkable && rows.length === q.per_page && (total?.n ?? 0) <= TOTAL_CAP)
    total = (await taskListStatements(db, lister, q, 'matches').count.execute(values))[0];
  // The exact code is among the matches: looked up apart only when the page is full without it.
  const isExact = (code: string) => code === search || code === values.exact_upper;
  const exact = !mayBeCode
    ? []
    : rows.some((r) => isExact(r.code))
      ? rows.filter((r) => isExact(r.code))
      : rows.length === q.per_page
        ? await taskListStatements(db, lister, q, 'exact').page.execute(values)
        : [];
  if (exact.length) {
    const first = new Set(exact.map((r) => r.id));
    rows = [...exact, ...rows.filter((r) => !first.has(r.id))].slice(0, q.per_page);
  }
  const n = Math.min(total?.n ?? 0, TOTAL_CAP);
  return {
    ...toPage(
      rows.map((r) => ({
        id: r.id,
        code: r.code,
        description: r.description,
        created_at: r.created_at,
        state: r.state,
        customer: r.customer_id ? { id: r.customer_id, name: r.customer_name ?? '' } : null,
        department: r.department_id ? { id: r.department_id, title: r.department_title ?? '' } : null,
        requested_by: r.user_name ? { name: r.user_name, lastname: r.user_lastname ?? '' } : null,
        invoice_folio: r.invoice_folio,
        invoice_payment_status: r.invoice_payment_status,
        customer_payment_scheme: r.customer_payment_scheme,
        amount_without_taxes: r.amount_without_taxes,
        guest_company: r.guest_company,
        guest_name: r.guest_name,
      })),
      n,
      q,
    ),
    total_is_capped: (total?.n ?? 0) > TOTAL_CAP,
  };
}
