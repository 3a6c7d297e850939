import {
  and,
  asc,
  Column,
  count,
  desc,
  eq,
  inArray,
  is,
  ne,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LIST_TOTAL_CAP, type TaskListQuery, type TaskState } from '@verba/contracts';
import type { Db } from '../../../db/client.ts';
import { customers, departments, invoices, quoteRequests, tasks, users } from '../../../db/schema/index.ts';
import { prepared } from '../../../db/prepared.ts';
import { containsPattern } from '../../../lib/sql-like.ts';
import type { CurrentUser } from '../../../plugins/auth.ts';
import { tasksVisibleTo } from '../policy.ts';

/** Amount without taxes: the discounted base plus other concepts. */
const untaxed = sql<string>`(${tasks.base_price} - ${tasks.discount_amount} + ${tasks.other_prices})`;

/** A search walks at most this many of the newest rows (a word in 5 % of tasks fills a page of 15) before it reads the matches from the indexes. */
const WALK_BOUND = 300;
/** A walk counts matches among at most this many of the newest rows. */
const COUNT_WALK_BOUND = 2_000;
/** Sorts with an index to walk (the primary key, tasks_created_idx, the code's unique index). */
const WALKABLE_SORTS: string[] = ['id', 'created_at', 'code'];

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
  po_number: string | null;
  client_reference: string | null;
  /** A guest task (no customer): the company and person of its quote request. */
  guest_company: string | null;
  guest_name: string | null;
  due_date: Date | null;
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
 * The words of a search as a full-text query of the `simple` configuration; null when it has no
 * letter or digit. The last word is a prefix, since it may still be being typed (`task 1` finds
 * "Benchmark task 123"); the others are whole words, which the index can intersect without first
 * gathering every word that starts alike. Only letters and digits reach `to_tsquery`, so a user's
 * text cannot change the query's syntax.
 */
export function wordsQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ') : null;
}

/** Which rows a list shows, by the lister's scope and the filters (a search adds its own condition). */
function scopeOf(
  lister: TaskLister,
  q: TaskListQuery,
  value: (name: string, v: unknown) => Placeholder | unknown,
  options: { stateIndex?: boolean } = {},
) {
  const stateFilter =
    q.state === 'APPROVED_AND_DRAFT'
      ? 'draft-approved'
      : q.state
        ? 'one'
        : q.showCancelled
          ? 'cancelled'
          : 'live';
  const conditions: Array<SQL | undefined> = [
    tasksVisibleTo(
      lister.type,
      lister.customer_id === null ? null : (value('scope_customer', lister.customer_id) as number),
      value('scope_user', lister.id) as number,
    ),
  ];
  // Without the state's index (`|| ''`), the planner cannot AND a third of the table's rows into
  // a search's bitmap: filtering the matches by state as they are read costs less.
  const state = (
    options.stateIndex === false ? sql`(${tasks.state} || '')` : tasks.state
  ) as typeof tasks.state;
  if (stateFilter === 'draft-approved') conditions.push(inArray(state, ['APPROVED', 'DRAFT']));
  else if (stateFilter === 'one') conditions.push(eq(state, value('state', q.state) as TaskState));
  else if (stateFilter === 'cancelled') conditions.push(eq(state, 'CANCELLED'));
  else conditions.push(ne(tasks.state, 'CANCELLED'));
  if (q.client) conditions.push(eq(tasks.customer_id, value('client', q.client) as number));
  // Past its due date and still to deliver (the state's index of tasks_due_idx).
  if (q.overdue)
    conditions.push(sql`${tasks.due_date} < now() and ${tasks.state} not in ('DONE', 'CANCELLED')`);
  return { stateFilter, where: and(...conditions.filter((c): c is SQL => Boolean(c))) };
}

const sortColumns = {
  id: tasks.id,
  code: tasks.code,
  description: tasks.description,
  created_at: tasks.created_at,
  state: tasks.state,
  amount: untaxed,
};

/**
 * The names and figures a list row shows besides the task's own columns. Replies are kept until the
 * database announces a change (ADR 0022): a column of another table shown here must be in the
 * triggers of migration 0016.
 */
function rowColumns() {
  // The names come from scalar subqueries, run for the page's rows only: four LEFT JOINs made the
  // planner search join orders on every call, which cost more than running the query.
  const lookup = (column: AnyPgColumn, id: AnyPgColumn, key: AnyPgColumn) =>
    sql<string | null>`(select ${column} from ${id.table} where ${id} = ${key})`;
  return {
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
    po_number: tasks.po_number,
    client_reference: tasks.client_reference,
    due_date: tasks.due_date,
    // Only guest tasks (no customer) look up their quote request.
    // Qualified by hand: inside the subquery an unqualified "id" would be the request's own.
    guest_company: sql<
      string | null
    >`case when ${tasks.customer_id} is null then (select qr.company_name from ${quoteRequests} qr where qr.task_id = "tasks"."id" limit 1) end`,
    guest_name: sql<
      string | null
    >`case when ${tasks.customer_id} is null then (select qr.first_name || ' ' || qr.last_name from ${quoteRequests} qr where qr.task_id = "tasks"."id" limit 1) end`,
  };
}

/**
 * A list without a search: the capped count and the page, in one statement per shape of the query
 * (the lister's role, which filters are present, the sort), its values in placeholders, so each
 * shape is built and planned once (see `prepared`).
 */
export function taskListStatements(db: Db, lister: TaskLister, q: TaskListQuery) {
  const firstPage = q.page === 1;
  const scope = scopeOf(lister, q, (name) => sql.placeholder(name));
  const key = [
    'tasks_list',
    lister.type,
    lister.customer_id === null ? 'no-customer' : 'customer',
    scope.stateFilter,
    q.client ? 'client' : '',
    q.overdue ? 'overdue' : '',
    q.sort,
    q.order,
    // The first page is the one nearly every visit asks for: its LIMIT is written into the SQL text
    // (one statement per page size) so that its plan is made once; see `limitInText`.
    firstPage ? `first-page-of-${q.per_page}` : 'later-page',
  ].join(':');
  return prepared(db, key, (name) => {
    const sortColumn = sortColumns[q.sort];
    const order = q.order === 'asc' ? asc(sortColumn) : desc(sortColumn);
    // Later pages are rarer and their OFFSET must be a placeholder, which would make PostgreSQL
    // re-plan a named statement on every call anyway: they are unnamed, planned per call.
    const statementName = (suffix: string) => (firstPage ? `${name}_${suffix}` : '');
    // Counting every match of a large list costs more than the page itself: count up to a cap.
    const capped = db
      .select({ one: sql`1` })
      .from(tasks)
      .where(scope.where)
      .limit(limitInText(LIST_TOTAL_CAP + 1))
      .as('capped');
    const countQuery = db.select({ n: count() }).from(capped);
    const page = db
      .select({
        // The count rides along with the page: one round trip instead of two.
        matches: sql<number>`(${countQuery})`.mapWith(Number),
        ...rowColumns(),
      })
      .from(tasks)
      .where(scope.where)
      .orderBy(order, desc(tasks.id))
      .limit(firstPage ? limitInText(q.per_page) : sql.placeholder('limit'))
      .offset(firstPage ? 0 : sql.placeholder('offset'))
      .prepare(statementName('p'));
    // An empty page (a page past the end) still needs the count.
    return { count: countQuery.prepare(statementName('n')), page };
  });
}

function searchStatement(db: Db, lister: TaskLister, q: TaskListQuery & { search: string }) {
  // A code or a number (one token with a digit) is rare: its matches come straight from the
  // indexes. Words first walk the newest rows, if the sort has an index to walk.
  const codeLike = /^\S+$/.test(q.search) && /\d/.test(q.search);
  const walkable = !codeLike && WALKABLE_SORTS.includes(q.sort);
  // The task coded exactly as the search comes first on the first page (the code's unique index).
  const mayBeCode = q.page === 1 && /^\S{1,32}$/.test(q.search);
  const plain = /^[\p{L}\p{N}\s]+$/u.test(q.search);
  const firstPage = q.page === 1;
  const scope = scopeOf(lister, q, (name) => sql.placeholder(name));
  const key = [
    'tasks_search',
    lister.type,
    lister.customer_id === null ? 'no-customer' : 'customer',
    scope.stateFilter,
    q.client ? 'client' : '',
    q.overdue ? 'overdue' : '',
    walkable ? 'walk' : 'matches',
    mayBeCode ? 'code' : '',
    plain ? 'plain' : 'as-typed',
    q.sort,
    q.order,
    q.per_page,
    firstPage ? 'first-page' : 'later-page',
  ].join(':');
  return prepared(db, key, (name) => {
    const scoped = scope.where ?? sql`true`;
    // A search with other characters than letters, digits and spaces ("Bulk_99%") must also contain
    // them as typed: its words only narrow the rows down (a shape of its own).
    const pattern = sql.placeholder('pattern');
    const asTyped = plain
      ? sql``
      : sql` and (${tasks.description} ilike ${pattern} or ${tasks.po_number} ilike ${pattern} or ${tasks.client_reference} ilike ${pattern})`;
    const searched = sql`(("tasks"."search_words" @@ to_tsquery('simple', ${sql.placeholder('words')})${asTyped}) or ${tasks.code} ilike ${sql.placeholder('pattern')})`;
    const sortColumn = sortColumns[q.sort];
    const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
    const perPage = sql.raw(String(q.per_page));
    // On the first page the bounds are in the text, so that a plan made once fits every call: with
    // a placeholder LIMIT a generic plan must assume a tenth of the table is wanted (see
    // `limitInText`), and PostgreSQL would plan the search again on every call.
    const bound = (name: 'offset' | 'walk_bound' | 'count_bound') =>
      firstPage ? sql.raw(String(searchBounds(q)[name])) : sql.placeholder(name);
    const page = sql`limit ${perPage} offset ${bound('offset')}`;
    const cap = sql.raw(String(LIST_TOTAL_CAP));
    // The matching rows, materialised once for the count and the page: the sort is done on them
    // apart, so the planner cannot walk the sort order's index past rows that do not match.
    const scopedMatches =
      scopeOf(lister, q, (name) => sql.placeholder(name), { stateIndex: false }).where ?? sql`true`;
    const matches = sql`m as materialized (select ${tasks.id} as id, ${sortColumn} as k from ${tasks} where ${scopedMatches} and ${searched})`;
    const countMatches = sql`(select count(*)::int from (select 1 from m limit ${cap} + 1) c)`;
    const matchesPage = sql`array(select id from m order by k ${direction}, id desc ${page})`;
    let found: SQL;
    if (walkable) {
      const newest = (limit: 'walk_bound' | 'count_bound') =>
        sql`(select ${tasks.id}, ${tasks.code}, ${tasks.description}, ${tasks.po_number}, ${tasks.client_reference}, ${tasks.created_at}, "tasks"."search_words" from ${tasks} where ${scoped} order by ${sortColumn} ${direction}, ${tasks.id} desc limit ${bound(limit)}) "tasks"`;
      // The walk's page is read once (materialised: both CASEs use it); the newest rows are
      // counted only when the page is full, and at most once (COALESCE stops at its first value).
      const countWalk = sql`(select count(*)::int from (select 1 from ${newest('count_bound')} where ${searched} limit ${cap} + 1) c)`;
      found = sql`walk as materialized (select array(select ${tasks.id} from ${newest('walk_bound')} where ${searched} order by ${sortColumn} ${direction}, ${tasks.id} desc ${page}) as ids),
        found as (select case when cardinality(walk.ids) < ${perPage} then ${countMatches}
                              else coalesce((select ${cap} + 1 where ${countWalk} > ${cap}), ${countMatches}) end as matches,
                         case when cardinality(walk.ids) >= ${perPage} then walk.ids else ${matchesPage} end as ids
                  from walk)`;
    } else found = sql`found as (select ${countMatches} as matches, ${matchesPage} as ids)`;
    const exact = mayBeCode
      ? sql`array(select ${tasks.id} from ${tasks} where ${scoped} and ${tasks.code} in (${sql.placeholder('exact')}, ${sql.placeholder('exact_upper')}))`
      : sql`'{}'::int[]`;
    const columns = rowColumns();
    // One row even when nothing matches: it carries the count.
    const found_rows = sql`(with ${matches}, ${found},
        page as (select u.id, min(u.n) as n from found, unnest(${exact} || found.ids) with ordinality u(id, n)
                 group by u.id order by min(u.n) limit ${perPage})
      select found.matches, page.n as position, ${sql.join(
        Object.entries(columns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
        sql`, `,
      )}
      from found left join (page join ${tasks} on ${tasks.id} = page.id) on true) as "found"`;
    const field = (name: string) => sql`"found".${sql.identifier(name)}`;
    return (
      db
        .select({
          matches: field('matches').mapWith(Number),
          // Each read back as its column is (a timestamp as a Date on both drivers).
          ...Object.fromEntries(
            Object.entries(columns).map(([name, column]) => [
              name,
              is(column, Column) ? field(name).mapWith(column as Column) : field(name),
            ]),
          ),
        })
        .from(found_rows)
        .orderBy(sql`"found"."position"`)
        // The first page, which nearly every search asks for, is named: parsed once per connection,
        // and planned once when PostgreSQL finds that a generic plan costs no more than one for the
        // words of each call. Later pages are planned per call, like the list's.
        .prepare(firstPage ? `${name}_s` : '')
    );
  });
}

/**
 * The page of a search and the count of its matches up to the cap, in one statement.
 * Two ways to find the rows, and the statement chooses as it runs:
 * - the walk: the newest rows of the list in its order (its index), matching rows kept. A word
 *   most tasks contain fills the page after a few rows, and the newest `COUNT_WALK_BOUND` rows
 *   reach the cap of the count;
 * - the matches: the matching rows read from the indexes (full text on the description, trigrams
 *   on the code), then sorted. A rare word, a number, or a word whose tasks are all old.
 * The matches are read only when the walk does not fill the page or does not reach the cap, and
 * the newest rows are counted only when the walk fills the page (PostgreSQL tries a CASE's
 * conditions in order and runs a branch's subquery only when the branch is taken). One round trip:
 * under load each statement of a request waits its turn for a connection. It is planned on every
 * call, since the best plan depends on the words (about 0.3 ms); its text is built once per shape.
 */
/** A row of the list's statements. */
export type ListRow = Awaited<ReturnType<ReturnType<typeof taskListStatements>['page']['execute']>>[number];

/** How many rows a search skips, walks and counts among the newest (see `searchStatement`). */
function searchBounds(q: TaskListQuery) {
  const offset = (q.page - 1) * q.per_page;
  return {
    offset,
    walk_bound: Math.max(WALK_BOUND, (offset + q.per_page) * 20),
    count_bound: COUNT_WALK_BOUND,
  };
}

export async function searchPage(db: Db, lister: TaskLister, q: TaskListQuery & { search: string }) {
  const result = await searchStatement(db, lister, q).execute({
    scope_customer: lister.customer_id,
    scope_user: lister.id,
    state: q.state,
    client: q.client,
    // Without a letter or digit no word matches (the code's pattern still may).
    words: wordsQuery(q.search) ?? '',
    pattern: containsPattern(q.search),
    exact: q.search,
    exact_upper: q.search.toUpperCase(),
    ...searchBounds(q),
  });
  const rows = result as unknown as Array<ListRow & { id: number | null }>;
  return { matches: rows[0]?.matches ?? 0, rows: rows.filter((r): r is ListRow => r.id !== null) };
}
