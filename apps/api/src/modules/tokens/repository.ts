import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { TokenScope } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema/index.ts';

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  scopes: apiTokens.scopes,
  expires_at: apiTokens.expires_at,
  last_used_at: apiTokens.last_used_at,
  last_used_ip: apiTokens.last_used_ip,
  revoked_at: apiTokens.revoked_at,
  created_at: apiTokens.created_at,
  user_id: users.id,
  user_name: users.name,
  user_lastname: users.lastname,
  user_email: users.email,
  customer_id: users.customer_id,
};

export type TokenRow = Awaited<ReturnType<typeof findToken>> & {};

export async function listTokens(db: Db, scope: { userId: number } | { customerId: number }) {
  const where: SQL =
    'userId' in scope ? eq(apiTokens.user_id, scope.userId) : eq(users.customer_id, scope.customerId);
  return db
    .select(columns)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .where(where)
    .orderBy(desc(apiTokens.id));
}

export async function findToken(db: Db, id: number) {
  const [row] = await db
    .select(columns)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .where(eq(apiTokens.id, id));
  return row;
}

export async function findOwner(db: Db, userId: number) {
  const [row] = await db
    .select({ user_id: users.id, customer_id: users.customer_id, is_active: users.is_active })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function insertToken(
  db: Db,
  values: {
    user_id: number;
    created_by: number;
    name: string;
    token_hash: string;
    prefix: string;
    scopes: TokenScope[];
    expires_at: Date | null;
  },
) {
  const [row] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  return row!;
}

export async function revokeToken(db: Db, id: number) {
  await db
    .update(apiTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revoked_at)));
}
