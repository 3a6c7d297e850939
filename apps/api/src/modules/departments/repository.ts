import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, departmentUsers, departments, users } from '../../db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Whether another department of the customer already has this title, case-insensitively. The
 * customer's row is locked first, so two saves of one title cannot both pass the check (titles that
 * were already duplicated before the rule stay as they are).
 */
async function titleTaken(tx: Tx, customerId: number, title: string, exceptId?: number): Promise<boolean> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  const [clash] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        eq(departments.customer_id, customerId),
        sql`lower(${departments.title}) = lower(${title})`,
        exceptId === undefined ? undefined : ne(departments.id, exceptId),
      ),
    )
    .limit(1);
  return clash !== undefined;
}

export type DepartmentRow = typeof departments.$inferSelect;

export async function findDepartment(db: Db, id: number): Promise<DepartmentRow | undefined> {
  const [row] = await db.select().from(departments).where(eq(departments.id, id));
  return row;
}

export async function membersOf(db: Db, departmentIds: number[]) {
  if (!departmentIds.length) return [];
  return db
    .select({
      department_id: departmentUsers.department_id,
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
    })
    .from(departmentUsers)
    .innerJoin(users, eq(users.id, departmentUsers.user_id))
    .where(inArray(departmentUsers.department_id, departmentIds))
    .orderBy(users.name, users.lastname);
}

export async function listDepartments(db: Db, customerId: number, onlyForUser?: number) {
  const rows = onlyForUser
    ? await db
        .select({ department: departments })
        .from(departments)
        .innerJoin(departmentUsers, eq(departmentUsers.department_id, departments.id))
        .where(and(eq(departments.customer_id, customerId), eq(departmentUsers.user_id, onlyForUser)))
        .orderBy(departments.title)
        .then((r) => r.map((x) => x.department))
    : await db
        .select()
        .from(departments)
        .where(eq(departments.customer_id, customerId))
        .orderBy(departments.title);
  const members = await membersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((d) => ({
    id: d.id,
    title: d.title,
    created_at: d.created_at,
    users: members
      .filter((m) => m.department_id === d.id)
      .map(({ id, name, lastname, email }) => ({ id, name, lastname, email })),
  }));
}

/** Whether the department is the customer's and, given `onlyForUser`, has that user as a member. */
export async function isOrderable(db: Db, customerId: number, departmentId: number, onlyForUser?: number) {
  const own = and(eq(departments.id, departmentId), eq(departments.customer_id, customerId));
  const [row] = onlyForUser
    ? await db
        .select({ id: departments.id })
        .from(departments)
        .innerJoin(departmentUsers, eq(departmentUsers.department_id, departments.id))
        .where(and(own, eq(departmentUsers.user_id, onlyForUser)))
    : await db.select({ id: departments.id }).from(departments).where(own);
  return Boolean(row);
}

/** Of `ids`, the CLIENT_USERs of this customer (the only ones a department can hold). */
export async function clientUsersOf(db: Db, customerId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customer_id, customerId), eq(users.type, 'CLIENT_USER'), inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertDepartment(
  db: Db,
  customerId: number,
  title: string,
  userIds: number[],
): Promise<DepartmentRow | 'title-taken'> {
  return db.transaction(async (tx) => {
    if (await titleTaken(tx, customerId, title)) return 'title-taken' as const;
    const [row] = await tx.insert(departments).values({ customer_id: customerId, title }).returning();
    if (!row) throw new Error('department insert returned nothing');
    if (userIds.length)
      await tx.insert(departmentUsers).values(userIds.map((user_id) => ({ department_id: row.id, user_id })));
    return row;
  });
}

/** A new title must be free; a department keeps its own title (even one duplicated before the rule). */
export async function updateDepartment(
  db: Db,
  current: DepartmentRow,
  title: string,
  userIds: number[] | undefined,
): Promise<'title-taken' | undefined> {
  const id = current.id;
  return db.transaction(async (tx) => {
    const renamed = title.trim().toLowerCase() !== current.title.trim().toLowerCase();
    if (renamed && (await titleTaken(tx, current.customer_id, title, id))) return 'title-taken' as const;
    await tx.update(departments).set({ title, updated_at: new Date() }).where(eq(departments.id, id));
    if (userIds) {
      await tx.delete(departmentUsers).where(eq(departmentUsers.department_id, id));
      if (userIds.length)
        await tx.insert(departmentUsers).values(userIds.map((user_id) => ({ department_id: id, user_id })));
    }
    return undefined;
  });
}

export async function deleteDepartment(db: Db, id: number): Promise<void> {
  await db.delete(departments).where(eq(departments.id, id));
}
