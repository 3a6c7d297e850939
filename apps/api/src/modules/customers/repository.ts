import { containsPattern } from '../../lib/sql-like.ts';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { CompanyDto, CustomerEditInput, CustomerInput, Paginated } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { announcePairsDeleted } from '../../db/memory-pairs.ts';
import { toPage } from '../../lib/paging.ts';
import {
  bonusUsers,
  bonuses,
  countries,
  customers,
  departments,
  invoices,
  payments,
  tasks,
  users,
} from '../../db/schema/index.ts';

export type CustomerRow = typeof customers.$inferSelect;

/** Balance = bonuses given (or taken) + what authorised payments drew from it; never stored. */
const balanceOf = (customerId: SQL) =>
  sql<string>`((select coalesce(sum(b.amount), 0) from ${bonuses} b where b.customer_id = ${customerId})
    - (select coalesce(sum(p.balance_used), 0) from ${payments} p
       where p.customer_id = ${customerId} and p.status = 'AUTHORISED'))::numeric(14, 2)::text`;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialises everything that reads and draws one customer's balance. */
export async function lockCustomer(tx: Tx, customerId: number) {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

export async function customerBalance(db: Db, customerId: number): Promise<string> {
  const [row] = await db.select({ balance: balanceOf(sql`${customerId}`) }).from(sql`(select 1) as one`);
  return row?.balance ?? '0.00';
}

export async function findCustomer(db: Db, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/** `CompanyDto` as JSON from a statement: its balance is null where it is not shown. */
export type CompanyJson = Omit<CompanyDto, 'balance'> & { balance: string | null };

/**
 * The company as the API shows it, as one JSON value of a statement (null for no customer), so a
 * read that shows it (the signed-in account) stays one statement; the balance where `withBalance`.
 */
export function companyJson(customerId: SQL, withBalance: SQL): SQL<CompanyJson | null> {
  return sql<CompanyJson | null>`(select json_build_object(
    'id', c.id, 'name', c.name, 'customer_number', c.customer_number, 'address', c.address,
    'address_2', c.address_2, 'town', c.town, 'province', c.province, 'postal_code', c.postal_code,
    'tin', c.tin,
    'country', (select json_build_object('id', co.id, 'code', co.code, 'name', co.name_en) from ${countries} co where co.id = c.country_id),
    'success_representative', c.success_representative,
    'success_representative_email', c.success_representative_email,
    'payment_scheme', c.payment_scheme, 'show_rates', c.show_rates,
    'balance', case when ${withBalance} then ${balanceOf(sql`c.id`)} end
  ) from ${customers} c where c.id = ${customerId})`;
}

/** A company read by `companyJson`, as the API shows it. */
export function companyFrom(json: CompanyJson | string | null): CompanyDto | null {
  // node-postgres parses json; a driver that hands text gets it parsed here.
  const company = (typeof json === 'string' ? JSON.parse(json) : json) as CompanyJson | null;
  if (!company) return null;
  const { balance, ...shown } = company;
  return balance === null ? shown : { ...shown, balance };
}

export async function findCompany(
  db: Db,
  customerId: number,
  withBalance: boolean,
): Promise<CompanyDto | null> {
  const [row] = await db
    .select({ company: companyJson(sql`${customerId}`, sql`${withBalance}`) })
    .from(sql`(select 1) as one`);
  return companyFrom(row?.company ?? null);
}

export interface CustomerListRow {
  id: number;
  name: string;
  is_active: boolean;
  payment_scheme: string;
  country_code: string | null;
  last_login: string | null;
  last_login_date: Date | null;
  last_project_approved: string | null;
  last_project_approved_date: Date | null;
}

export async function listCustomers(
  db: Db,
  q: { page: number; per_page: number; search?: string | undefined },
): Promise<Paginated<CustomerListRow>> {
  const where = q.search ? ilike(customers.name, containsPattern(q.search)) : undefined;
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  const lastLoginUser = sql<
    string | null
  >`(select ${users.name} || ' ' || ${users.lastname} from ${users} where ${users.id} = ${customers.last_login_user_id})`;
  const lastTask = sql<
    string | null
  >`(select ${tasks.description} from ${tasks} where ${tasks.id} = ${customers.last_project_approved_task_id})`;
  const rows = await db
    .select({
      id: customers.id,
      name: customers.name,
      is_active: customers.is_active,
      payment_scheme: customers.payment_scheme,
      country_code: countries.code,
      last_login: lastLoginUser,
      last_login_date: customers.last_login_at,
      last_project_approved: lastTask,
      last_project_approved_date: customers.last_project_approved_at,
    })
    .from(customers)
    .leftJoin(countries, eq(countries.id, customers.country_id))
    .where(where)
    .orderBy(desc(customers.is_active), customers.name, customers.id)
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const n = total?.n ?? 0;
  return toPage(rows, n, q);
}

export async function insertCustomer(db: Db, input: Omit<CustomerInput, 'lang'>): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(input).returning();
  if (!row) throw new Error('customer insert returned nothing');
  return row;
}

/** Sets the fields given; one left undefined keeps its stored value. */
export async function updateCustomer(
  db: Db,
  id: number,
  input: Omit<CustomerEditInput, 'lang'>,
): Promise<void> {
  await db
    .update(customers)
    .set({ ...input, updated_at: new Date() })
    .where(eq(customers.id, id));
}

export async function countryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
  return Boolean(row);
}

export async function hasTasksOrInvoices(db: Db, customerId: number): Promise<boolean> {
  const [t] = await db.select({ n: count() }).from(tasks).where(eq(tasks.customer_id, customerId));
  const [i] = await db.select({ n: count() }).from(invoices).where(eq(invoices.customer_id, customerId));
  return (t?.n ?? 0) + (i?.n ?? 0) > 0;
}

export async function deactivateCustomer(db: Db, customerId: number): Promise<void> {
  await db
    .update(customers)
    .set({ is_active: false, updated_at: new Date() })
    .where(eq(customers.id, customerId));
}

/** Erases a customer without tasks or invoices, with its users, departments and bonuses. */
export async function eraseCustomer(db: Db, customerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const bonusIds = tx.select({ id: bonuses.id }).from(bonuses).where(eq(bonuses.customer_id, customerId));
    await tx.delete(bonusUsers).where(inArray(bonusUsers.bonus_id, bonusIds));
    await tx.delete(bonuses).where(eq(bonuses.customer_id, customerId));
    await tx.delete(departments).where(eq(departments.customer_id, customerId));
    await tx.delete(users).where(eq(users.customer_id, customerId));
    // Its memory goes with it (cascade): every server deletes its index snapshots of those pairs.
    await announcePairsDeleted(tx, customerId);
    await tx.delete(customers).where(eq(customers.id, customerId));
  });
}

export async function customerUsers(db: Db, customerId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      type: users.type,
      is_active: users.is_active,
      last_login_at: users.last_login_at,
    })
    .from(users)
    .where(eq(users.customer_id, customerId))
    .orderBy(users.name, users.lastname);
}

export async function listBonuses(db: Db, customerId: number) {
  const rows = await db
    .select({
      id: bonuses.id,
      amount: bonuses.amount,
      description: bonuses.description,
      created_at: bonuses.created_at,
      customer_id: bonuses.customer_id,
      created_by: sql<
        string | null
      >`(select ${users.name} || ' ' || ${users.lastname} from ${users} where ${users.id} = ${bonuses.created_by})`,
    })
    .from(bonuses)
    .where(eq(bonuses.customer_id, customerId))
    .orderBy(desc(bonuses.created_at), desc(bonuses.id));
  const links = rows.length
    ? await db
        .select({ bonus_id: bonusUsers.bonus_id, id: users.id, name: users.name, lastname: users.lastname })
        .from(bonusUsers)
        .innerJoin(users, eq(users.id, bonusUsers.user_id))
        .where(
          inArray(
            bonusUsers.bonus_id,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    ...row,
    user_ids: links.filter((l) => l.bonus_id === row.id).map((l) => l.id),
    users: links
      .filter((l) => l.bonus_id === row.id)
      .map(({ id, name, lastname }) => ({ id, name, lastname })),
  }));
}

export async function insertBonus(
  db: Db,
  input: {
    customer_id: number;
    amount: string;
    description: string | null;
    users: number[];
    created_by: number;
  },
) {
  return db.transaction(async (tx) => {
    const [bonus] = await tx
      .insert(bonuses)
      .values({
        customer_id: input.customer_id,
        amount: input.amount,
        description: input.description,
        created_by: input.created_by,
      })
      .returning();
    if (!bonus) throw new Error('bonus insert returned nothing');
    if (input.users.length)
      await tx.insert(bonusUsers).values(input.users.map((user_id) => ({ bonus_id: bonus.id, user_id })));
    return bonus;
  });
}

export async function usersOfCustomer(db: Db, customerId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customer_id, customerId), inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

export async function setAssignedProjects(
  db: Db,
  id: number,
  memoq: string | null,
  idcp: string | null,
): Promise<void> {
  await db
    .update(customers)
    .set({ memoq_project_id: memoq, idcp_project_id: idcp, updated_at: new Date() })
    .where(eq(customers.id, id));
}
