import { and, eq, ne, sql } from 'drizzle-orm';
import type { Locale, Role, UserDto } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { departmentUsers, departments, sessions, users } from '../../db/schema/index.ts';
import { findCompany } from '../customers/repository.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user as the API shows it; the company's balance only for its CLIENT_ADMIN. */
export async function userDto(db: Db, user: UserRow): Promise<UserDto> {
  const type = user.type as Role;
  const depts = await db
    .select({ id: departments.id, title: departments.title })
    .from(departmentUsers)
    .innerJoin(departments, eq(departments.id, departmentUsers.department_id))
    .where(eq(departmentUsers.user_id, user.id))
    .orderBy(departments.title);
  return {
    id: user.id,
    name: user.name,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    type,
    language: user.language as Locale,
    is_active: user.is_active,
    customer_id: user.customer_id,
    customer: user.customer_id ? await findCompany(db, user.customer_id, type === 'CLIENT_ADMIN') : null,
    departments: depts,
  };
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
