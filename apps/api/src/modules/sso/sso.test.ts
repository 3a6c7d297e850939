import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { followToPortal, startTestIdp, type TestIdp } from '../../../test/oidc-idp.ts';
import {
  actionLogs,
  customers,
  departmentUsers,
  sessions,
  ssoProviders,
  users,
} from '../../db/schema/index.ts';

// Single sign-on against a real OpenID provider (oidc-provider) on a free port: nothing mocked.
const PORTAL = 'http://portal.test';
let t: TestApp;
let idp: TestIdp;
let admin: string;
let acmeProvider: number;

const providerBody = (over: Record<string, unknown> = {}) => ({
  customer_id: null,
  issuer_url: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  domains: ['example.test'],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  idp = await startTestIdp(PORTAL);
  admin = await login(t.app, DEMO.admin);
  const [acme] = await t.database.db.select().from(customers).where(eq(customers.name, 'Acme'));
  const created = await call(t.app, 'POST', '/api/sso/providers', {
    token: admin,
    body: providerBody({ customer_id: acme!.id, domains: ['acme.test'] }),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  acmeProvider = created.json.data.id;
  idp.accounts.set('acme-user', { email: DEMO.acmeUser, email_verified: true });
}, 120_000);

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

beforeEach(() => {
  idp.wrongAudience = false;
  idp.signInAs = 'acme-user';
});

const start = (email: string, lang = 'en') =>
  call(t.app, 'POST', '/api/auth/sso/start', { body: { email }, headers: { 'accept-language': lang } });

/** Starts a sign-in for the e-mail and walks through the provider: the query it sends back. */
async function throughProvider(email: string) {
  const started = await start(email);
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  expect(started.json.data.method).toBe('sso');
  const back = await followToPortal(started.json.data.authorization_url, PORTAL);
  expect(back.pathname).toBe('/login/sso');
  return Object.fromEntries(back.searchParams);
}

const finish = (params: Record<string, string>, lang = 'en') =>
  call(t.app, 'POST', '/api/auth/sso/callback', { body: params, headers: { 'accept-language': lang } });

const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;

describe('the e-mail-first step', () => {
  it('answers password for a domain without SSO, whether or not the account exists', async () => {
    const known = await start(DEMO.admin);
    const unknown = await start('nobody@verba.test');
    expect(known.status).toBe(200);
    expect(known.json).toEqual({ data: { method: 'password', authorization_url: null, password: true } });
    expect(unknown.json).toEqual(known.json);
  });

  it('answers the same for a known and an unknown e-mail of an SSO domain (only the random parts differ)', async () => {
    const shape = async (email: string) => {
      const reply = (await start(email)).json.data;
      const url = new URL(reply.authorization_url);
      for (const random of ['state', 'nonce', 'code_challenge']) url.searchParams.delete(random);
      return { ...reply, authorization_url: url.href };
    };
    const known = await shape(DEMO.acmeUser);
    expect(known.method).toBe('sso');
    expect(known.authorization_url).toContain(`${idp.issuer}/auth?`);
    expect(known.authorization_url).toContain('code_challenge_method=S256');
    expect(await shape('nobody@acme.test')).toEqual(known);
  });

  it('refuses, translated, when the issuer does not answer', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const created = await call(t.app, 'POST', '/api/sso/providers', {
      token: admin,
      body: providerBody({ issuer_url: `http://127.0.0.1:${port}`, domains: ['down.test'] }),
    });
    expect(created.status).toBe(201);
    const before = await sessionCount();
    const refused = await start('someone@down.test', 'es');
    expect(refused.status).toBe(502);
    expect(refused.json.message).toMatch(/no responde/);
    expect(await sessionCount()).toBe(before);
  });
});

describe('the authorisation code flow', () => {
  it('signs an existing active user in, logs it, and signs out at the provider too', async () => {
    const reply = await finish(await throughProvider(DEMO.acmeUser));
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const token = reply.json.data.access_token;
    const me = await call(t.app, 'GET', '/api/auth/me', { token });
    expect(me.json.data.email).toBe(DEMO.acmeUser);
    const [logged] = await t.database.db
      .select()
      .from(actionLogs)
      .where(and(eq(actionLogs.action, 'auth.sso_login'), eq(actionLogs.user_email, DEMO.acmeUser)));
    expect(logged?.description).toContain(idp.issuer);

    const out = await call(t.app, 'POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    const logoutUrl = new URL(out.json.data.logout_url);
    expect(logoutUrl.href.startsWith(`${idp.issuer}/session/end`)).toBe(true);
    expect(logoutUrl.searchParams.get('id_token_hint')).toBeTruthy();
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/login`);
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('refuses the same answer a second time', async () => {
    const params = await throughProvider(DEMO.acmeUser);
    expect((await finish(params)).status).toBe(200);
    const again = await finish(params);
    expect(again.status).toBe(422);
    expect(again.json.errors.state).toBeDefined();
  });

  it('refuses a wrong state, translated, with no session', async () => {
    const params = await throughProvider(DEMO.acmeUser);
    const before = await sessionCount();
    const refused = await finish({ ...params, state: 'tampered-state' }, 'es');
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/Vuelva a iniciar sesión/);
    expect(refused.json.data).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an ID token for another audience', async () => {
    idp.wrongAudience = true;
    const params = await throughProvider(DEMO.acmeUser);
    const before = await sessionCount();
    const refused = await finish(params, 'ca');
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/No s'ha pogut verificar/);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    idp.accounts.set('unverified', { email: DEMO.acmeAdmin, email_verified: false });
    idp.signInAs = 'unverified';
    const before = await sessionCount();
    const refused = await finish(await throughProvider(DEMO.acmeAdmin));
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/not verified your e-mail/);
    expect(await sessionCount()).toBe(before);
  });

  it("refuses an e-mail outside the provider's domains and customer", async () => {
    idp.accounts.set('intruder', { email: DEMO.admin, email_verified: true });
    idp.signInAs = 'intruder';
    const refused = await finish(await throughProvider(DEMO.acmeUser));
    expect(refused.status).toBe(401);
    expect(refused.json.message).toMatch(/no active account/);
  });

  it('refuses an inactive user', async () => {
    idp.accounts.set('inactive', { email: DEMO.inactive, email_verified: true });
    idp.signInAs = 'inactive';
    const refused = await finish(await throughProvider(DEMO.inactive));
    expect(refused.status).toBe(401);
    expect(refused.json.error_code).toBe(6);
  });

  it('creates a new user at the first sign-in only when the customer allows it', async () => {
    idp.accounts.set('newbie', {
      email: 'newbie@acme.test',
      email_verified: true,
      given_name: 'Nova',
      family_name: 'Person',
    });
    idp.signInAs = 'newbie';
    const refused = await finish(await throughProvider('newbie@acme.test'));
    expect(refused.status).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'newbie@acme.test'))).toHaveLength(
      0,
    );

    const current = (await call(t.app, 'GET', '/api/sso/providers', { token: admin })).json.data.find(
      (p: { id: number }) => p.id === acmeProvider,
    );
    const allowed = await call(t.app, 'PUT', `/api/sso/providers/${acmeProvider}`, {
      token: admin,
      body: {
        customer_id: current.customer_id,
        issuer_url: current.issuer_url,
        client_id: current.client_id,
        domains: current.domains,
        create_users: true,
      },
    });
    expect(allowed.status, JSON.stringify(allowed.json)).toBe(200);
    const signedIn = await finish(await throughProvider('newbie@acme.test'));
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'newbie@acme.test'));
    expect(row).toMatchObject({ type: 'CLIENT_USER', name: 'Nova', lastname: 'Person', password_hash: null });
    expect(row!.customer_id).toBe(current.customer_id);
    expect(
      await t.database.db.select().from(departmentUsers).where(eq(departmentUsers.user_id, row!.id)),
    ).toHaveLength(0);
  });

  it('keeps the client secret encrypted', async () => {
    const [row] = await t.database.db.select().from(ssoProviders).where(eq(ssoProviders.id, acmeProvider));
    expect(row!.client_secret_encrypted).toMatch(/^v1\./);
    expect(row!.client_secret_encrypted).not.toContain(idp.clientSecret);
  });
});

describe('password sign-in switched off for a domain', () => {
  it('refuses a password for every e-mail of the domain, known or not, and still signs in through SSO', async () => {
    const current = (await call(t.app, 'GET', '/api/sso/providers', { token: admin })).json.data.find(
      (p: { id: number }) => p.id === acmeProvider,
    );
    const off = await call(t.app, 'PUT', `/api/sso/providers/${acmeProvider}`, {
      token: admin,
      body: { ...current, password_sign_in: false, id: undefined, customer_name: undefined },
    });
    expect(off.status, JSON.stringify(off.json)).toBe(422); // replies' read-only fields are refused
    const saved = await call(t.app, 'PUT', `/api/sso/providers/${acmeProvider}`, {
      token: admin,
      body: {
        customer_id: current.customer_id,
        issuer_url: current.issuer_url,
        client_id: current.client_id,
        domains: current.domains,
        create_users: current.create_users,
        password_sign_in: false,
      },
    });
    expect(saved.status).toBe(200);
    const known = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: DEMO.acmeUser, password: 'whatever' },
    });
    const unknown = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: 'nobody@acme.test', password: 'whatever' },
    });
    expect(known.status).toBe(422);
    expect(known.json.message).toMatch(/single sign-on/);
    expect(unknown.json).toEqual(known.json);
    expect((await start(DEMO.acmeUser)).json.data.password).toBe(false);
    expect((await finish(await throughProvider(DEMO.acmeUser))).status).toBe(200);
  });
});
