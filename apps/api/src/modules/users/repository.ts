import { containsPattern } from '../../lib/sql-like.ts';
import { and, count, eq, gt, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Locale, Paginated } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import {
  customers,
  departmentUsers,
  departments,
  passwordResets,
  sessions,
  tasks,
  users,
} from '../../db/schema/index.ts';
import { toPage } from '../../lib/paging.ts';
import { prepared } from '../../db/prepared.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

/** Active provider staff who hear about approvals and custom quotes (VERBA_ADMIN and VERBA_PM). */
export async function activeStaff(db: Db) {
  return db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(eq(users.is_active, true), inArray(users.type, ['VERBA_ADMIN', 'VERBA_PM'])));
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The departments a user belongs to, by title. */
export async function departmentsOfUser(
  db: Db,
  userId: number,
): Promise<Array<{ id: number; title: string }>> {
  return db
    .select({ id: departments.id, title: departments.title })
    .from(departmentUsers)
    .innerJoin(departments, eq(departments.id, departmentUsers.department_id))
    .where(eq(departmentUsers.user_id, userId))
    .orderBy(departments.title);
}

/**
 * A user's row with its company and departments, in one statement (one round trip, one pool
 * connection; prepared, so planned once per connection): the signed-in account, read on every
 * page load. `company` is the customers module's `companyJson`, shown with the balance to a
 * CLIENT_ADMIN.
 */
export async function userWithCompany<Company>(
  db: Db,
  userId: number,
  company: (customerId: SQL, withBalance: SQL) => SQL<Company>,
) {
  const statement = prepared(db, 'user_with_company', (name) =>
    db
      .select({
        user: users,
        // Columns named in full: inside a subquery a bare name could be the subquery's own column.
        company: company(sql`"users"."customer_id"`, sql`"users"."type" = 'CLIENT_ADMIN'`),
        departments: sql<Array<{ id: number; title: string }> | string>`coalesce((select json_agg(
          json_build_object('id', d.id, 'title', d.title) order by d.title)
          from ${departmentUsers} du join ${departments} d on d.id = du.department_id
          where du.user_id = "users"."id"), '[]'::json)`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = await statement.execute({ id: userId });
  if (!row) return undefined;
  const departmentRows = typeof row.departments === 'string' ? JSON.parse(row.departments) : row.departments;
  return { ...row, departments: departmentRows as Array<{ id: number; title: string }> };
}

export async function anyAdminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.type, 'VERBA_ADMIN')).limit(1);
  return Boolean(row);
}

/**
 * A new password link replaces any earlier one that was not used. With a cap, none is made (false)
 * when the user already got `max` links since `since`; the user's row is locked meanwhile, so
 * parallel requests cannot pass the cap together.
 */
export async function replaceResetToken(
  db: Db,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
  cap?: { since: Date; max: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (cap) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [recent] = await tx
        .select({ n: count() })
        .from(passwordResets)
        .where(and(eq(passwordResets.user_id, userId), gt(passwordResets.created_at, cap.since)));
      if ((recent?.n ?? 0) >= cap.max) return false;
    }
    await tx
      .update(passwordResets)
      .set({ used_at: new Date() })
      .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)));
    await tx.insert(passwordResets).values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt });
    return true;
  });
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where(eq(users.id, userId));
}

export async function setLanguage(db: Db, userId: number, language: Locale): Promise<void> {
  await db.update(users).set({ language, updated_at: new Date() }).where(eq(users.id, userId));
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(sessions.user_id, userId),
        sql`${sessions.revoked_at} is null`,
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

export interface UserListRow {
  id: number;
  name: string;
  lastname: string;
  email: string;
  type: string;
  is_active: boolean;
  customer_id: number | null;
  customer_name: string | null;
}

export async function listUsers(
  db: Db,
  q: { page: number; per_page: number; customer_id?: number | undefined; search?: string | undefined },
): Promise<Paginated<UserListRow>> {
  const conditions = [
    q.customer_id ? eq(users.customer_id, q.customer_id) : undefined,
    q.search
      ? or(
          ilike(users.name, containsPattern(q.search)),
          ilike(users.lastname, containsPattern(q.search)),
          ilike(users.email, containsPattern(q.search)),
        )
      : undefined,
  ].filter((c): c is SQL => Boolean(c));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      type: users.type,
      is_active: users.is_active,
      customer_id: users.customer_id,
      customer_name: customers.name,
    })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customer_id))
    .where(where)
    .orderBy(users.name, users.lastname, users.id)
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const n = total?.n ?? 0;
  return toPage(rows, n, q);
}

/** The user (other than `exceptId`) who already has this email, if any. */
export async function emailHolder(
  db: Db,
  email: string,
  exceptId?: number,
): Promise<{ id: number; customer_id: number | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, customer_id: users.customer_id })
    .from(users)
    .where(and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return row;
}

export async function departmentsOfCustomer(db: Db, customerId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.customer_id, customerId), inArray(departments.id, ids)));
  return rows.map((r) => r.id);
}

export type UserWrite = Omit<typeof users.$inferInsert, 'id' | 'password_hash' | 'created_at'>;
type UserInsert = UserWrite & { password_hash?: string };

export async function insertUser(
  db: Db,
  values: UserInsert,
  departmentIds: number[] | undefined,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(values).returning();
    if (!row) throw new Error('user insert returned nothing');
    if (departmentIds?.length) {
      await tx
        .insert(departmentUsers)
        .values(departmentIds.map((department_id) => ({ department_id, user_id: row.id })));
    }
    return row;
  });
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<UserWrite>,
  departmentIds: number[] | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...values, updated_at: new Date() })
      .where(eq(users.id, id));
    if (departmentIds) {
      await tx.delete(departmentUsers).where(eq(departmentUsers.user_id, id));
      if (departmentIds.length) {
        await tx
          .insert(departmentUsers)
          .values(departmentIds.map((department_id) => ({ department_id, user_id: id })));
      }
    }
  });
}

export async function userHasTasks(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(tasks).where(eq(tasks.user_id, id));
  return (row?.n ?? 0) > 0;
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
