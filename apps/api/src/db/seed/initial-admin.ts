import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';

/** Creates the first VERBA_ADMIN of a production install when no admin exists yet. */
export async function ensureInitialAdmin(
  db: Db,
  admin: { email: string; password: string; name?: string; lastname?: string },
): Promise<'created' | 'exists'> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.type, 'VERBA_ADMIN'))
    .limit(1);
  if (existing) return 'exists';
  if (admin.password.length < 12)
    throw new Error('The initial admin password must have at least 12 characters.');
  await db.insert(users).values({
    name: admin.name ?? 'Admin',
    lastname: admin.lastname ?? 'Verba',
    email: admin.email.trim().toLowerCase(),
    type: 'VERBA_ADMIN',
    language: 'en',
    password_hash: await hashPassword(admin.password),
  });
  return 'created';
}
