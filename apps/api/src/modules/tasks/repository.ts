import { containsPattern } from '../../lib/sql-like.ts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Paginated, StateChangeReason, TaskListQuery, TaskState } from '@verba/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { toPage } from '../../lib/paging.ts';
import {
  customers,
  departments,
  invoices,
  languages,
  otherConcepts,
  payTaskHistories,
  settings,
  sourceFiles,
  taskStateChanges,
  taskTargetLanguages,
  tasks,
  translatedFiles,
  translationTypes,
  users,
  wordCounts,
} from '../../db/schema/index.ts';
import { NEXT_TASK_ID_KEY } from '../../db/seed/reference.ts';
import { prepared } from '../../db/prepared.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { tasksVisibleTo } from './policy.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Amount without taxes: the discounted base plus other concepts. */
const untaxed = sql<string>`(${tasks.base_price} - ${tasks.discount_amount} + ${tasks.other_prices})`;

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
  /** What the invoice tag depends on besides the state (the service applies the rule). */
  customer_payment_scheme: string | null;
  amount_without_taxes: string;
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
function taskListStatements(db: Db, lister: TaskLister, q: TaskListQuery) {
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
    q.search ? 'search' : '',
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
    if (q.search)
      conditions.push(
        or(
          ilike(tasks.description, sql.placeholder('pattern')),
          ilike(tasks.code, sql.placeholder('pattern')),
        ),
      );
    const where = and(...conditions.filter((c): c is SQL => Boolean(c)));
    const sortColumn = {
      id: tasks.id,
      code: tasks.code,
      description: tasks.description,
      created_at: tasks.created_at,
      state: tasks.state,
      amount: untaxed,
    }[q.sort];
    const order = q.order === 'asc' ? asc(sortColumn) : desc(sortColumn);
    // A search is planned for its own pattern: the generic plan of a named statement cannot know
    // that a pattern is selective enough for the trigram index. An unnamed statement ('') gets a
    // plan per call; the rest of the shapes are named and planned once per connection.
    // Later pages are rarer and their OFFSET must be a placeholder, which costs the plan the same
    // way: they are planned per call too.
    const statementName = (suffix: string) => (q.search || !firstPage ? '' : `${name}_${suffix}`);
    // Counting every match of a large list costs more than the page itself: count up to a cap.
    const capped = db
      .select({ one: sql`1` })
      .from(tasks)
      .where(where)
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
        amount_without_taxes: sql<string>`${untaxed}::numeric(14,2)::text`,
      })
      .from(tasks)
      .where(where)
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
  const statements = taskListStatements(db, lister, q);
  const values = {
    scope_customer: lister.customer_id,
    scope_user: lister.id,
    state: q.state,
    client: q.client,
    pattern: q.search ? containsPattern(q.search) : undefined,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  };
  const rows = await statements.page.execute(values);
  const total = rows.length ? { n: rows[0]!.matches } : (await statements.count.execute(values))[0];
  const n = Math.min(total?.n ?? 0, TOTAL_CAP);
  return {
    ...toPage(rows, n, q),
    total_is_capped: (total?.n ?? 0) > TOTAL_CAP,
    data: rows.map((r) => ({
      id: r.id,
      code: r.code,
      description: r.description,
      created_at: r.created_at,
      state: r.state,
      customer: r.customer_id ? { id: r.customer_id, name: r.customer_name ?? '' } : null,
      department: r.department_id ? { id: r.department_id, title: r.department_title ?? '' } : null,
      requested_by: r.user_name ? { name: r.user_name, lastname: r.user_lastname ?? '' } : null,
      invoice_folio: r.invoice_folio,
      customer_payment_scheme: r.customer_payment_scheme,
      amount_without_taxes: r.amount_without_taxes,
    })),
  };
}

export async function findVisibleTask(
  db: Db,
  scope: SQL | undefined,
  id: number,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), scope));
  return row;
}

/** Takes the next task code from the "next task id" setting, atomically. */
export async function takeTaskCode(tx: Tx): Promise<string> {
  const [row] = await tx
    .update(settings)
    .set({ value: sql`(${settings.value}::bigint + 1)::text` })
    .where(eq(settings.key, NEXT_TASK_ID_KEY))
    .returning({ value: settings.value });
  return String(Number(row?.value ?? 2) - 1);
}

export async function recordStateChange(
  tx: Tx | Db,
  taskId: number,
  from: string | null,
  to: TaskState,
  userId: number | null,
  note?: string,
  reason?: StateChangeReason,
) {
  await tx.insert(taskStateChanges).values({
    task_id: taskId,
    from_state: from,
    to_state: to,
    user_id: userId,
    note: note ?? null,
    reason: reason ?? null,
  });
}

/** Moves a task only if it is still in `from`; false when someone else moved it first. */
export async function moveState(
  tx: Tx | Db,
  taskId: number,
  from: readonly string[],
  to: TaskState,
  userId: number | null,
  extra: Partial<TaskRow> = {},
) {
  const rows = await tx
    .update(tasks)
    .set({ updated_at: new Date(), ...(userId ? { updated_user_id: userId } : {}), ...extra, state: to })
    .where(and(eq(tasks.id, taskId), inArray(tasks.state, [...from])))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

/** Locks the task row for the rest of the transaction. */
export async function lockTask(tx: Tx, taskId: number) {
  const [row] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
  return row;
}

/** The customer's last approved project (shown on the customer's page). */
export async function markCustomerApproval(tx: Tx, customerId: number, taskId: number, at: Date) {
  await tx
    .update(customers)
    .set({ last_project_approved_at: at, last_project_approved_task_id: taskId })
    .where(eq(customers.id, customerId));
}

export async function taskSourceFiles(db: Db, taskId: number) {
  return db.select().from(sourceFiles).where(eq(sourceFiles.task_id, taskId)).orderBy(sourceFiles.id);
}

export async function taskDetailParts(db: Db, task: TaskRow) {
  const files = await taskSourceFiles(db, task.id);
  const fileIds = files.map((f) => f.id);
  const [counts, translated, targets, concepts, payments, changes] = await Promise.all([
    fileIds.length
      ? db.select().from(wordCounts).where(inArray(wordCounts.source_file_id, fileIds))
      : Promise.resolve([]),
    db.select().from(translatedFiles).where(eq(translatedFiles.task_id, task.id)).orderBy(translatedFiles.id),
    db
      .select({
        language_id: taskTargetLanguages.language_id,
        iso_code: languages.iso_code,
        price_summary: taskTargetLanguages.price_summary,
        name_en: languages.name_en,
        name_es: languages.name_es,
        name_ca: languages.name_ca,
      })
      .from(taskTargetLanguages)
      .innerJoin(languages, eq(languages.id, taskTargetLanguages.language_id))
      .where(eq(taskTargetLanguages.task_id, task.id))
      .orderBy(languages.iso_code),
    db.select().from(otherConcepts).where(eq(otherConcepts.task_id, task.id)).orderBy(otherConcepts.id),
    db
      .select()
      .from(payTaskHistories)
      .where(eq(payTaskHistories.task_id, task.id))
      .orderBy(payTaskHistories.id),
    db
      .select({
        id: taskStateChanges.id,
        from_state: taskStateChanges.from_state,
        to_state: taskStateChanges.to_state,
        created_at: taskStateChanges.created_at,
        reason: taskStateChanges.reason,
        note: taskStateChanges.note,
        user_name: users.name,
        user_lastname: users.lastname,
      })
      .from(taskStateChanges)
      .leftJoin(users, eq(users.id, taskStateChanges.user_id))
      .where(eq(taskStateChanges.task_id, task.id))
      .orderBy(taskStateChanges.id),
  ]);
  const [source] = await db.select().from(languages).where(eq(languages.id, task.source_language_id));
  const [type] = await db
    .select()
    .from(translationTypes)
    .where(eq(translationTypes.id, task.translation_type_id));
  const [customer] = task.customer_id
    ? await db.select().from(customers).where(eq(customers.id, task.customer_id))
    : [];
  const [department] = task.department_id
    ? await db.select().from(departments).where(eq(departments.id, task.department_id))
    : [];
  const [requester] = task.user_id
    ? await db
        .select({ name: users.name, lastname: users.lastname, type: users.type })
        .from(users)
        .where(eq(users.id, task.user_id))
    : [];
  const [invoice] = task.invoice_id
    ? await db.select().from(invoices).where(eq(invoices.id, task.invoice_id))
    : [];
  return {
    files,
    counts,
    translated,
    targets,
    concepts,
    payments,
    changes,
    source,
    type,
    customer,
    department,
    requester,
    invoice,
  };
}

export async function languagesByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(languages).where(inArray(languages.id, ids));
}

export async function translationTypeExists(db: Db, id: number) {
  const [row] = await db
    .select({ id: translationTypes.id })
    .from(translationTypes)
    .where(eq(translationTypes.id, id));
  return Boolean(row);
}

export async function departmentForOrder(db: Db, customerId: number, departmentId: number) {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.id, departmentId), eq(departments.customer_id, customerId)));
  return row;
}
