/**
 * Single sign-on across two server processes on one PostgreSQL database (ADR 0032): the login
 * state (state, nonce, PKCE verifier) is kept in the database, so a sign-in started on one server
 * ends on the other (a load balancer need not be sticky), and is still used once only, whichever
 * server the answer is replayed to. Against a real OpenID provider (oidc-provider) on a free port.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { customers, sessions, ssoLogins } from '../src/db/schema/index.ts';
import { call, createTestApp, DEMO, login, type TestApp } from './harness.ts';
import { followToPortal, startTestIdp, type TestIdp } from './oidc-idp.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const PORTAL = 'http://portal.test';

describe.runIf(serverUrl)('single sign-on across two servers on one PostgreSQL database', () => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let bDatabase: Database;
  let idp: TestIdp;

  beforeAll(async () => {
    t = await createTestApp();
    a = t.app;
    bDatabase = await openDatabase({ databaseUrl: t.config.databaseUrl! });
    b = await buildApp(t.config, bDatabase);
    await b.ready();
    idp = await startTestIdp(PORTAL);
    idp.accounts.set('acme-user', { email: DEMO.acmeUser, email_verified: true });
    const [acme] = await t.database.db.select().from(customers).where(eq(customers.name, 'Acme'));
    // Configured on one server, used from the other.
    const created = await call(b, 'POST', '/api/sso/providers', {
      token: await login(b, DEMO.admin),
      body: {
        customer_id: acme!.id,
        issuer_url: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        domains: ['acme.test'],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await idp?.close();
    await b?.close();
    await bDatabase?.close();
    await t?.close();
  });
  beforeEach(() => {
    idp.signInAs = 'acme-user';
  });

  /** Starts on `server`, walks through the provider: the query it sends back to /login/sso. */
  async function startOn(server: FastifyInstance) {
    const started = await call(server, 'POST', '/api/auth/sso/start', { body: { email: DEMO.acmeUser } });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect(started.json.data.method).toBe('sso');
    const back = await followToPortal(started.json.data.authorization_url, PORTAL);
    expect(back.pathname).toBe('/login/sso');
    return Object.fromEntries(back.searchParams);
  }
  const finishOn = (server: FastifyInstance, params: Record<string, string>, lang = 'en') =>
    call(server, 'POST', '/api/auth/sso/callback', { body: params, headers: { 'accept-language': lang } });
  const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;

  for (const [from, to] of [
    ['A', 'B'],
    ['B', 'A'],
  ] as const) {
    it(`starts on server ${from}, ends on server ${to}; the answer is used once on either`, async () => {
      const servers = { A: a, B: b };
      const params = await startOn(servers[from]);
      const pending = await t.database.db.select({ n: count() }).from(ssoLogins);
      expect(pending[0]!.n).toBeGreaterThan(0);

      const signedIn = await finishOn(servers[to], params);
      expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
      const token = signedIn.json.data.access_token as string;
      for (const server of [a, b]) {
        const me = await call(server, 'GET', '/api/auth/me', { token });
        expect(me.status).toBe(200);
        expect(me.json.data.email).toBe(DEMO.acmeUser);
      }

      // Replayed to either server (the one that started it too): refused, translated, no session.
      const before = await sessionCount();
      for (const server of [servers[from], servers[to]]) {
        const again = await finishOn(server, params, 'ca');
        expect(again.status).toBe(422);
        expect(again.json.errors.state).toBeDefined();
        expect(again.json.message).toMatch(/Torni a iniciar la sessió/);
      }
      expect(await sessionCount()).toBe(before);

      // Signed out on the other server: the session ends on both (the other's cache hears of it).
      expect((await call(servers[from], 'POST', '/api/auth/logout', { token })).status).toBe(200);
      for (const server of [a, b])
        await vi.waitFor(
          async () => expect((await call(server, 'GET', '/api/auth/me', { token })).status).toBe(401),
          { timeout: 3_000, interval: 20 },
        );
    });
  }

  it('refuses on the other server a state that was tampered with, and the right one still works there', async () => {
    const params = await startOn(a);
    const before = await sessionCount();
    const refused = await finishOn(b, { ...params, state: 'tampered-state' }, 'es');
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/Vuelva a iniciar sesión/);
    expect(await sessionCount()).toBe(before);
    expect((await finishOn(b, params)).status).toBe(200);
  });
});
