import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { actionLogs, apiTokens, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { taskForm } from '../../../test/demo-fixtures.ts';

const TOKEN_RATE = 20;
let t: TestApp;
let acmeAdmin: string;
let acmeUser: string;
let globexAdmin: string;
let acmeUserId: number;

beforeAll(async () => {
  t = await createTestApp({ tokens: { maxPerMinute: TOKEN_RATE } });
  acmeAdmin = await login(t.app, DEMO.acmeAdmin);
  acmeUser = await login(t.app, DEMO.acmeUser);
  globexAdmin = await login(t.app, DEMO.globexAdmin);
  acmeUserId = (await call(t.app, 'GET', '/api/auth/me', { token: acmeUser })).json.data.id;
});
afterAll(() => t.close());

async function newToken(session: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/tokens', { token: session, body: { name: 'Script', ...body } });
  expect(res.status, res.raw.body).toBe(201);
  return res.json.data as { id: number; token: string };
}

const SESSION_EXPIRED = 'The session has expired. Please log in again to continue.';

describe('personal API tokens', () => {
  it('shows the secret once, with the vrb_ prefix, and keeps only its hash', async () => {
    const { id, token } = await newToken(acmeUser, { name: 'CMS', scopes: ['tasks:read'] });
    expect(token).toMatch(/^vrb_[A-Za-z0-9_-]{40,}$/);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    const list = await call(t.app, 'GET', '/api/tokens', { token: acmeUser });
    const listed = list.json.data.find((x: { id: number }) => x.id === id);
    expect(listed).toMatchObject({ name: 'CMS', scopes: ['tasks:read'], prefix: token.slice(0, 10) });
    expect(list.raw.body).not.toContain(token);
  });

  it('acts as its user within its scopes; a route outside them is 403 naming the missing scope', async () => {
    const { token } = await newToken(acmeAdmin, { scopes: ['tasks:read'] });
    expect((await call(t.app, 'GET', '/api/tasks', { token })).status).toBe(200);
    const write = await call(t.app, 'POST', '/api/tasks/1/updateStateAsCancelled', { token });
    expect(write.status).toBe(403);
    expect(write.json.message).toContain('tasks:write');
    const invoices = await call(t.app, 'GET', '/api/invoices', { token });
    expect(invoices.status).toBe(403);
    expect(invoices.json.message).toContain('invoices:read');
    const pay = await call(t.app, 'GET', '/api/tasks/1/payment-preview', { token });
    expect(pay.json.message).toContain('tasks:pay');
    // neither the account nor the tokens themselves are reachable with a token
    const tokens = await call(t.app, 'GET', '/api/tokens', { token });
    expect(tokens.status).toBe(403);
    expect(tokens.json.message).toContain('API token');
    // nor the bell and its live stream, so no stream opened with a token can outlive its revocation
    for (const url of ['/api/notifications', '/api/notifications/stream']) {
      const bell = await call(t.app, 'GET', url, { token, headers: { accept: 'text/event-stream' } });
      expect(bell.status).toBe(403);
      expect(bell.json.message).toContain('API token');
    }
    const es = await call(t.app, 'GET', '/api/invoices', { token, headers: { 'accept-language': 'es' } });
    expect(es.json.message).toBe('A este token de API le falta el permiso invoices:read.');
  });

  it('never lends more than its user’s role', async () => {
    const { token } = await newToken(acmeUser, { scopes: ['invoices:read'] });
    expect((await call(t.app, 'GET', '/api/invoices', { token })).status).toBe(403);
    const admins = await newToken(acmeAdmin, { scopes: ['invoices:read'] });
    expect((await call(t.app, 'GET', '/api/invoices', { token: admins.token })).status).toBe(200);
  });

  it('sees only its user’s customer: another customer’s task is 404', async () => {
    const { token } = await newToken(globexAdmin, { scopes: ['tasks:read'] });
    const acmeTasks = await call(t.app, 'GET', '/api/tasks', { token: acmeAdmin });
    const acmeTask = acmeTasks.json.data.data[0]?.id ?? 1;
    expect((await call(t.app, 'GET', `/api/task/${acmeTask}`, { token })).status).toBe(404);
  });

  it('writes its calls in the action log "via token <name>", and records its last use', async () => {
    const { id, token } = await newToken(acmeUser, {
      name: 'Importer',
      scopes: ['tasks:write', 'tasks:read'],
    });
    const department = (await call(t.app, 'GET', '/api/users/departments', { token })).json.data
      .departments[0].id;
    const langs = (await call(t.app, 'GET', '/api/languages', { token })).json.data as Array<{
      id: number;
      iso_code: string;
    }>;
    const lang = (code: string) => langs.find((l) => l.iso_code === code)!.id;
    const form = await taskForm(department, { en: lang('en'), es: lang('es'), fr: lang('fr') });
    const created = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
      token,
      body: form.payload,
      headers: form.headers,
    });
    expect(created.status, created.raw.body).toBe(201);
    const [log] = await t.database.db.select().from(actionLogs).orderBy(desc(actionLogs.id)).limit(1);
    expect(log!.description).toMatch(/\(via token Importer\)$/);
    expect(log!.user_id).toBe(acmeUserId);
    const logs = await call(t.app, 'GET', '/api/action-logs', {
      token: await login(t.app, DEMO.admin),
      headers: { 'accept-language': 'es' },
    });
    expect(logs.raw.body).toContain('(mediante el token Importer)');
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.last_used_at).not.toBeNull();
    expect(row!.last_used_ip).toBe('127.0.0.1');
  });

  it('answers 401 with the session-expired message when revoked, expired or malformed', async () => {
    const { id, token } = await newToken(acmeUser, { scopes: ['tasks:read'] });
    expect((await call(t.app, 'GET', '/api/tasks', { token })).status).toBe(200);
    const revoked = await call(t.app, 'DELETE', `/api/tokens/${id}`, { token: acmeUser });
    expect(revoked.status).toBe(200);
    expect(revoked.json.data.revoked_at).not.toBeNull();
    const after = await call(t.app, 'GET', '/api/tasks', { token });
    expect(after.status).toBe(401);
    expect(after.json.message).toBe(SESSION_EXPIRED);

    const expiring = await newToken(acmeUser, { scopes: ['tasks:read'] });
    expect((await call(t.app, 'GET', '/api/tasks', { token: expiring.token })).status).toBe(200);
    await t.database.db
      .update(apiTokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, expiring.id));
    await waitFor(
      async () => (await call(t.app, 'GET', '/api/tasks', { token: expiring.token })).status === 401,
    );

    for (const bad of ['vrb_', 'vrb_not-a-token', `${expiring.token}x`]) {
      const res = await call(t.app, 'GET', '/api/tasks', { token: bad });
      expect(res.status).toBe(401);
      expect(res.json.message).toBe(SESSION_EXPIRED);
    }
  });

  it('refuses an expiry in the past and unknown scopes (422 naming the field)', async () => {
    const past = await call(t.app, 'POST', '/api/tokens', {
      token: acmeUser,
      body: { name: 'Old', scopes: ['tasks:read'], expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(422);
    expect(Object.keys(past.json.errors)).toEqual(['expires_at']);
    const scope = await call(t.app, 'POST', '/api/tokens', {
      token: acmeUser,
      body: { name: 'Root', scopes: ['users:delete'] },
    });
    expect(scope.status).toBe(422);
    expect(Object.keys(scope.json.errors)[0]).toMatch(/^scopes/);
    const future = await newToken(acmeUser, { scopes: ['tasks:read'], expires_at: '2999-01-01T00:00:00Z' });
    expect((await call(t.app, 'GET', '/api/tasks', { token: future.token })).status).toBe(200);
  });

  it('lets a client admin make and revoke tokens of its own customer’s users only', async () => {
    const made = await newToken(acmeAdmin, {
      name: 'For Ulises',
      scopes: ['tasks:read'],
      user_id: acmeUserId,
    });
    const me = await call(t.app, 'GET', '/api/auth/me', { token: made.token });
    expect(me.status).toBe(403); // the account is closed to tokens, but the token is Ulises's:
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row!.user_id).toBe(acmeUserId);
    const adminsList = await call(t.app, 'GET', '/api/tokens', { token: acmeAdmin });
    expect(adminsList.json.data.map((x: { id: number }) => x.id)).toContain(made.id);
    // another customer's admin and a client user of the same customer cannot
    const byGlobex = await call(t.app, 'POST', '/api/tokens', {
      token: globexAdmin,
      body: { name: 'X', scopes: ['tasks:read'], user_id: acmeUserId },
    });
    expect(byGlobex.status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/tokens/${made.id}`, { token: globexAdmin })).status).toBe(404);
    const adminId = (await call(t.app, 'GET', '/api/auth/me', { token: acmeAdmin })).json.data.id;
    const byUser = await call(t.app, 'POST', '/api/tokens', {
      token: acmeUser,
      body: { name: 'X', scopes: ['tasks:read'], user_id: adminId },
    });
    expect(byUser.status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/tokens/${made.id}`, { token: acmeAdmin })).status).toBe(200);
  });

  it('is revoked when its user is deactivated or changes role', async () => {
    const { id, token } = await newToken(acmeUser, { scopes: ['tasks:read'] });
    expect((await call(t.app, 'GET', '/api/tasks', { token })).status).toBe(200);
    await t.database.db.update(users).set({ type: 'CLIENT_ADMIN' }).where(eq(users.id, acmeUserId));
    await t.database.db.update(users).set({ type: 'CLIENT_USER' }).where(eq(users.id, acmeUserId));
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.revoked_at).not.toBeNull();
    await waitFor(async () => (await call(t.app, 'GET', '/api/tasks', { token })).status === 401);

    acmeUser = await login(t.app, DEMO.acmeUser);
    const second = await newToken(acmeUser, { scopes: ['tasks:read'] });
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, acmeUserId));
    await t.database.db.update(users).set({ is_active: true }).where(eq(users.id, acmeUserId));
    const [again] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, second.id));
    expect(again!.revoked_at).not.toBeNull();
    acmeUser = await login(t.app, DEMO.acmeUser);
  });

  it('has a rate limit of its own', async () => {
    const { token } = await newToken(acmeUser, { scopes: ['tasks:read'] });
    const statuses: number[] = [];
    for (let i = 0; i <= TOKEN_RATE; i++)
      statuses.push((await call(t.app, 'GET', '/api/tasks', { token })).status);
    expect(statuses.slice(0, TOKEN_RATE).every((s) => s === 200)).toBe(true);
    expect(statuses[TOKEN_RATE]).toBe(429);
    // the user's session is not limited by its token's calls
    expect((await call(t.app, 'GET', '/api/tasks', { token: acmeUser })).status).toBe(200);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('is revoked at once in another server process', async () => {
    const other = await openDatabase({ databaseUrl: t.config.databaseUrl! });
    const second = await buildApp({ ...t.config, keepTaskReplies: true }, other);
    await second.ready();
    try {
      const { id, token } = await newToken(acmeUser, { scopes: ['tasks:read'] });
      // the second process knows the token (and keeps it in its cache)
      for (let i = 0; i < 3; i++)
        expect((await call(second, 'GET', '/api/tasks', { token })).status).toBe(200);
      expect((await call(t.app, 'DELETE', `/api/tokens/${id}`, { token: acmeUser })).status).toBe(200);
      await waitFor(async () => (await call(second, 'GET', '/api/tasks', { token })).status === 401);
    } finally {
      await second.close();
      await other.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on two server processes', () => {
  it("counts a token's calls to both against one rate limit, and records its last use once", async () => {
    const other = await openDatabase({ databaseUrl: t.config.databaseUrl! });
    const second = await buildApp({ ...t.config, keepTaskReplies: true }, other);
    await second.ready();
    try {
      const { id, token } = await newToken(acmeUser, { scopes: ['tasks:read'] });
      const statuses: number[] = [];
      for (let i = 0; i <= TOKEN_RATE; i++)
        statuses.push((await call(i % 2 ? second : t.app, 'GET', '/api/tasks', { token })).status);
      expect(statuses.slice(0, TOKEN_RATE).every((s) => s === 200)).toBe(true);
      expect(statuses[TOKEN_RATE]).toBe(429);
      const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
      expect(row!.last_used_at).not.toBeNull();
    } finally {
      await second.close();
      await other.close();
    }
  });
});

/** Until `check` holds: a change made on PostgreSQL reaches other connections' caches by notification. */
async function waitFor(check: () => Promise<boolean>, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition never held');
}
