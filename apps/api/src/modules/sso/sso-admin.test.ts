import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { ROLE_NAMES, tokensByRole, type RoleName } from '../../../test/roles.ts';
import { actionLogs, customers } from '../../db/schema/index.ts';

// Who configures identity providers: the provider admin only (every other role 403, no session 401).
let t: TestApp;
let tokens: Record<RoleName, string>;
let acmeId: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  acmeId = (await t.database.db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const body = (over: Record<string, unknown> = {}) => ({
  customer_id: acmeId,
  issuer_url: 'https://login.acme.example',
  client_id: 'verba',
  client_secret: 'the-client-secret',
  domains: ['acme.example'],
  ...over,
});

describe('identity providers', () => {
  it('only VERBA_ADMIN lists, adds, changes and removes them; the secret is never shown', async () => {
    const created = await call(t.app, 'POST', '/api/sso/providers', { token: tokens.admin, body: body() });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({
      customer_id: acmeId,
      customer_name: 'Acme',
      domains: ['acme.example'],
      has_client_secret: true,
      password_sign_in: true,
      create_users: false,
    });
    expect(JSON.stringify(created.json)).not.toContain('the-client-secret');
    const id = created.json.data.id;

    for (const role of ROLE_NAMES.filter((r) => r !== 'admin')) {
      const token = tokens[role];
      expect((await call(t.app, 'GET', '/api/sso/providers', { token })).status, role).toBe(403);
      expect((await call(t.app, 'POST', '/api/sso/providers', { token, body: body() })).status, role).toBe(
        403,
      );
      expect(
        (await call(t.app, 'PUT', `/api/sso/providers/${id}`, { token, body: body() })).status,
        role,
      ).toBe(403);
      expect((await call(t.app, 'DELETE', `/api/sso/providers/${id}`, { token })).status, role).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/sso/providers')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/sso/providers', { body: body() })).status).toBe(401);

    const listed = await call(t.app, 'GET', '/api/sso/providers', { token: tokens.admin });
    expect(listed.json.data).toHaveLength(1);
    expect(JSON.stringify(listed.json)).not.toContain('the-client-secret');

    const { client_secret: _kept, ...withoutSecret } = body({ domains: ['acme.example', 'ACME.org'] });
    const changed = await call(t.app, 'PUT', `/api/sso/providers/${id}`, {
      token: tokens.admin,
      body: withoutSecret,
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.data.domains).toEqual(['acme.example', 'acme.org']);
    expect(changed.json.data.has_client_secret).toBe(true);

    const removed = await call(t.app, 'DELETE', `/api/sso/providers/${id}`, { token: tokens.admin });
    expect(removed.status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/sso/providers/${id}`, { token: tokens.admin })).status).toBe(
      404,
    );
    const logged = await t.database.db.select().from(actionLogs).where(eq(actionLogs.action, 'sso.delete'));
    expect(logged).toHaveLength(1);
  });

  it('refuses, translated, a domain another provider has, a staff provider that creates users, and bad fields', async () => {
    expect(
      (await call(t.app, 'POST', '/api/sso/providers', { token: tokens.admin, body: body() })).status,
    ).toBe(201);
    const taken = await call(t.app, 'POST', '/api/sso/providers', {
      token: tokens.admin,
      body: body({ customer_id: null }),
      headers: { 'accept-language': 'es' },
    });
    expect(taken.status).toBe(422);
    expect(taken.json.errors.domains[0]).toMatch(/acme\.example/);
    const staffCreates = await call(t.app, 'POST', '/api/sso/providers', {
      token: tokens.admin,
      body: body({ customer_id: null, domains: ['verba.example'], create_users: true }),
    });
    expect(staffCreates.status).toBe(422);
    expect(staffCreates.json.errors.create_users).toBeDefined();
    const bad = await call(t.app, 'POST', '/api/sso/providers', {
      token: tokens.admin,
      body: body({ issuer_url: 'not a url', domains: ['not a domain'], client_secret: undefined }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(expect.arrayContaining(['domains.0', 'issuer_url']));
    const noSecret = await call(t.app, 'POST', '/api/sso/providers', {
      token: tokens.admin,
      body: body({ domains: ['other.example'], client_secret: undefined }),
    });
    expect(noSecret.status).toBe(422);
    expect(noSecret.json.errors.client_secret).toBeDefined();
  });
});
