import fp from 'fastify-plugin';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { can, ERROR_CODES, type Locale, type Permission, type Role } from '@verba/contracts';
import { customers, sessions, users } from '../db/schema/index.ts';
import { sha256 } from '../lib/tokens.ts';
import { AppError, forbidden, unauthenticated } from '../lib/app-error.ts';
import { prepared } from '../db/prepared.ts';
import type { Db } from '../db/client.ts';
import { HeardChangesCache, type Loaded } from '../lib/heard-changes-cache.ts';
import { heardChanges } from './heard-changes.ts';
import { assertTokenScope, findTokenUser, isApiToken, TokenUse, type TokenIdentity } from './api-tokens.ts';

/** What a route must declare: a permission, `authenticated` (any signed-in user) or `public`. */
export type RouteAccess = Permission | 'authenticated' | 'public';

export interface CurrentUser {
  id: number;
  type: Role;
  email: string;
  name: string;
  lastname: string;
  language: Locale;
  customer_id: number | null;
  session_id: number;
  /** Set when the call came with a personal API token (then `session_id` is 0). */
  token?: TokenIdentity;
  /** The session may only enrol a second factor (routes marked `enrolment`) until its user does. */
  enrolment_only?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Name of the action log row a successful call writes (mutating calls). */
    action?: string;
    /** The reply is a file or a page, not JSON: the one kind of route without a `response` schema. */
    binary?: boolean;
    /** Open to a session that must first enrol a second factor (the enrolment screen's calls). */
    enrolment?: boolean;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    /** What each `/api` route declared, by `METHOD /api/path` (tests read it to find who is refused). */
    routeAccess: ReadonlyMap<string, RouteAccess>;
  }
}

/** Sent by the database on every change that can end a session (migration 0005, ADR 0005). */
export const AUTH_CHANGE_CHANNEL = 'verba_auth_change';
/** A bound on what a missed notification could cost; the cache is not meant to outlive it. */
const SESSION_CACHE_MAX_AGE_MS = 30_000;

/** Routes outside our code that serve documentation only. */
const EXEMPT_PREFIXES = ['/api/docs'];

/**
 * Deny by default: every /api route must declare its access, or the app refuses to start
 * (and so every test fails). The permission is checked before the body is even validated.
 * Every JSON route also declares its reply schema (what the web's types are read from, ADR 0029);
 * only a route marked `binary` (files, pages) may go without.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  const routeAccess = new Map<string, RouteAccess>();
  app.decorate('routeAccess', routeAccess);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || EXEMPT_PREFIXES.some((p) => route.url.startsWith(p))) return;
    const config = route.config as { access?: RouteAccess; binary?: boolean } | undefined;
    const name = `${String(route.method)} ${route.url}`;
    if (!config?.access) throw new Error(`Route ${name} declares no access rule`);
    if (!route.schema?.response && !config.binary)
      throw new Error(`Route ${name} declares no response schema (mark a file or page route binary)`);
    for (const method of [route.method].flat()) routeAccess.set(`${method} ${route.url}`, config.access);
  });

  const sessions = new HeardChangesCache<CurrentUser>({
    maxAgeMs: SESSION_CACHE_MAX_AGE_MS,
    maxEntries: 10_000,
  });
  heardChanges(app, AUTH_CHANGE_CHANNEL, sessions);
  let tokenUse: TokenUse | undefined;

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    const token = bearerToken(request.headers.authorization);
    if (token) {
      const tokenHash = sha256(token);
      const find = isApiToken(token) ? findTokenUser : findSessionUser;
      request.user = await sessions.get(tokenHash, () => find(app.db, tokenHash));
    }
    if (!access || access === 'public') return;
    if (!request.user) throw unauthenticated();
    if (access !== 'authenticated' && !can(request.user.type, access)) throw forbidden();
    if (request.user.token) {
      assertTokenScope(request.user.token, access);
      tokenUse ??= new TokenUse(app.db, app.windowCounter, app.config.tokens.maxPerMinute);
      await tokenUse.record(request.user.token, request);
    }
    if (request.user.enrolment_only && !request.routeOptions.config.enrolment) throw enrolmentFirst();
  });
});

const enrolmentFirst = () =>
  new AppError(403, 'errors.two_factor_enrolment_required', {
    errorCode: ERROR_CODES.TWO_FACTOR_ENROLMENT_REQUIRED,
  });

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/**
 * The session of a request the cache does not know: one prepared statement (DESIGN §4: revoked the
 * moment its row is; ADR 0005 for how the cache keeps to that).
 */
function sessionUserStatement(db: Db) {
  return prepared(db, 'session_user', (name) =>
    db
      .select({
        session_id: sessions.id,
        id: users.id,
        type: users.type,
        email: users.email,
        name: users.name,
        lastname: users.lastname,
        language: users.language,
        customer_id: users.customer_id,
        enrolment_only: sessions.enrolment_only,
        expires_at: sessions.expires_at,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .leftJoin(customers, eq(customers.id, users.customer_id))
      .where(
        and(
          eq(sessions.token_hash, sql.placeholder('token_hash')),
          isNull(sessions.revoked_at),
          gt(sessions.expires_at, sql`now()`),
          eq(users.is_active, true),
          // a deactivated customer takes its users' sessions with it
          or(isNull(users.customer_id), eq(customers.is_active, true)),
        ),
      )
      .limit(1)
      .prepare(name),
  );
}

async function findSessionUser(db: Db, tokenHash: string): Promise<Loaded<CurrentUser> | null> {
  const [row] = await sessionUserStatement(db).execute({ token_hash: tokenHash });
  if (!row) return null;
  const { expires_at, ...user } = row;
  return {
    value: user,
    expiresAt: expires_at,
  };
}
