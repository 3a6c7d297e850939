import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  TOKEN_SCOPE_PERMISSIONS,
  type Permission,
  type TokenScope,
} from '@verba/contracts';
import { apiTokens, customers, users } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { AppError } from '../lib/app-error.ts';
import type { Loaded } from '../lib/heard-changes-cache.ts';
import type { CurrentUser, RouteAccess } from './auth.ts';
import type { WindowCounter } from './rate-limits.ts';

export interface TokenIdentity {
  id: number;
  name: string;
  scopes: TokenScope[];
}

export const isApiToken = (bearer: string) => bearer.startsWith(TOKEN_PREFIX);

/**
 * The user a personal API token acts as: only while the token is neither revoked nor expired, and
 * its user and customer are active (the same conditions as a session's, ADR 0005).
 */
function tokenUserStatement(db: Db) {
  return prepared(db, 'api_token_user', (name) =>
    db
      .select({
        token_id: apiTokens.id,
        token_name: apiTokens.name,
        scopes: apiTokens.scopes,
        token_expires_at: apiTokens.expires_at,
        id: users.id,
        type: users.type,
        email: users.email,
        name: users.name,
        lastname: users.lastname,
        language: users.language,
        customer_id: users.customer_id,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.user_id))
      .leftJoin(customers, eq(customers.id, users.customer_id))
      .where(
        and(
          eq(apiTokens.token_hash, sql.placeholder('token_hash')),
          isNull(apiTokens.revoked_at),
          or(isNull(apiTokens.expires_at), gt(apiTokens.expires_at, sql`now()`)),
          eq(users.is_active, true),
          or(isNull(users.customer_id), eq(customers.is_active, true)),
        ),
      )
      .limit(1)
      .prepare(name),
  );
}

export async function findTokenUser(db: Db, tokenHash: string): Promise<Loaded<CurrentUser> | null> {
  const [row] = await tokenUserStatement(db).execute({ token_hash: tokenHash });
  if (!row) return null;
  const { token_id, token_name, scopes, token_expires_at, ...user } = row;
  const known = new Set<string>(TOKEN_SCOPES);
  return {
    value: {
      ...user,
      session_id: 0,
      token: { id: token_id, name: token_name, scopes: scopes.filter((s): s is TokenScope => known.has(s)) },
    },
    ...(token_expires_at ? { expiresAt: token_expires_at } : {}),
  };
}

/**
 * A token reaches a route only through a scope that lends the route's permission: otherwise 403
 * naming the scope it lacks. Routes for any signed-in user (account, tokens) are closed to tokens.
 */
export function assertTokenScope(token: TokenIdentity, access: RouteAccess): void {
  if (access === 'public') return;
  const needed = access === 'authenticated' ? [] : scopesLending(access);
  if (needed.some((scope) => token.scopes.includes(scope))) return;
  if (!needed.length) throw new AppError(403, 'tokens.route_closed');
  throw new AppError(403, 'tokens.missing_scope', { values: { scope: needed[0] } });
}

const scopesLending = (permission: Permission): TokenScope[] =>
  TOKEN_SCOPES.filter((scope) => TOKEN_SCOPE_PERMISSIONS[scope].includes(permission));

/** How often a token's last use is written, at most. */
const LAST_USE_EVERY_MS = 60_000;
const RATE_WINDOW_MS = 60_000;

/**
 * Tokens' own rate limit (a fixed window of a minute, counted where every server sees it) and the
 * record of their last use (written at most once a minute, whichever server sees the call).
 */
export class TokenUse {
  readonly #written = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly counter: WindowCounter,
    private readonly maxPerMinute: number,
  ) {}

  async record(token: TokenIdentity, request: FastifyRequest): Promise<void> {
    const { current, ttl } = await this.counter.hit(`api-token:${token.id}`, RATE_WINDOW_MS);
    if (current > this.maxPerMinute) {
      const seconds = Math.max(1, Math.ceil(ttl / 1000));
      throw new AppError(429, 'errors.too_many_requests', { headers: { 'retry-after': String(seconds) } });
    }
    const now = Date.now();
    if (now - (this.#written.get(token.id) ?? 0) < LAST_USE_EVERY_MS) return;
    if (this.#written.size > 10_000) this.#written.clear();
    this.#written.set(token.id, now);
    await this.db
      .update(apiTokens)
      .set({ last_used_at: new Date(now), last_used_ip: request.ip })
      .where(
        and(
          eq(apiTokens.id, token.id),
          or(isNull(apiTokens.last_used_at), lt(apiTokens.last_used_at, sql`now() - interval '1 minute'`)),
        ),
      );
  }
}
