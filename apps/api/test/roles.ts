import type { FastifyInstance } from 'fastify';
import { DEMO, login } from './harness.ts';

export type RoleName = 'admin' | 'pm' | 'acmeAdmin' | 'acmeUser' | 'globexAdmin';
export const ROLE_NAMES: RoleName[] = ['admin', 'pm', 'acmeAdmin', 'acmeUser', 'globexAdmin'];

/** One token per demo role, for tables of "who may call what". */
export async function tokensByRole(app: FastifyInstance): Promise<Record<RoleName, string>> {
  const entries = await Promise.all(
    ROLE_NAMES.map(async (role) => [role, await login(app, DEMO[role])] as const),
  );
  return Object.fromEntries(entries) as Record<RoleName, string>;
}
