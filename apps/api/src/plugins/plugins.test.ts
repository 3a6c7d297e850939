import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { can, PERMISSIONS, ROLES, ROLE_PERMISSIONS } from '@verba/contracts';
import { authPlugin } from './auth.ts';
import { createTestApp, call, type TestApp } from '../../test/harness.ts';

describe('deny by default', () => {
  it('refuses to build an app with an /api route that declares no access rule', async () => {
    const app = Fastify();
    await app.register(authPlugin);
    expect(() => app.get('/api/forgotten', async () => ({ data: 1 }))).toThrow(/declares no access rule/);
    await app.close();
  });

  it('refuses to build an app with a JSON route that declares no response schema, unless marked binary', async () => {
    const app = Fastify();
    await app.register(authPlugin);
    expect(() =>
      app.get('/api/untyped', { config: { access: 'public' } }, async () => ({ data: 1 })),
    ).toThrow('Route GET /api/untyped declares no response schema');
    const typed = { 200: { type: 'object', properties: { data: { type: 'number' } } } };
    expect(() =>
      app.get('/api/typed', { schema: { response: typed }, config: { access: 'public' } }, async () => ({
        data: 1,
      })),
    ).not.toThrow();
    expect(() =>
      app.get('/api/file', { config: { access: 'public', binary: true } }, async () => 'a file'),
    ).not.toThrow();
    await app.close();
  });

  it('the real app builds, so every one of its /api routes declares its access', async () => {
    const t = await createTestApp();
    try {
      for (const [method, url] of [
        ['POST', '/api/auth/login'],
        ['GET', '/api/customers/:id'],
        ['POST', '/api/tasks/store-as-draft'],
        ['GET', '/api/action-logs'],
      ] as const) {
        expect(t.app.hasRoute({ method, url })).toBe(true);
      }
    } finally {
      await t.close();
    }
  }, 120_000);

  it('gives each permission to the roles DESIGN §5 names, and nothing to anyone by accident', () => {
    const adminOnly = [
      'tasks:delete',
      'payments:add',
      'customers:delete',
      'rates:manage',
      'languages:manage',
      'logs:view',
      'settings:manage',
    ];
    for (const permission of adminOnly) {
      expect(ROLES.filter((role) => can(role, permission as never))).toEqual(['VERBA_ADMIN']);
    }
    expect(ROLES.filter((role) => can(role, 'departments:manage'))).toEqual(['CLIENT_ADMIN']);
    expect(ROLES.filter((role) => can(role, 'tasks:change-status')).sort()).toEqual([
      'VERBA_ADMIN',
      'VERBA_PM',
    ]);
    expect(ROLES.filter((role) => can(role, 'tasks:create')).sort()).toEqual(['CLIENT_ADMIN', 'CLIENT_USER']);
    expect(can('VERBA_PM', 'customers:edit')).toBe(true);
    expect(can('VERBA_PM', 'users:create')).toBe(false);
    for (const role of ROLES) {
      for (const permission of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(permission);
    }
  });
});

describe('unexpected failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a 5xx never shows internals', async () => {
    const app = t.app;
    // A fresh app instance cannot gain routes after ready; build a child app on the same plugins instead.
    const child = Fastify();
    await child.register(authPlugin);
    const { errorsPlugin } = await import('./errors.ts');
    const { i18nPlugin } = await import('./i18n.ts');
    child.decorate('db', app.db);
    child.decorate('database', app.database);
    await child.register(i18nPlugin);
    await child.register(errorsPlugin);
    child.get('/api/boom', { config: { access: 'public', binary: true } }, async () => {
      throw new Error('password=hunter2 at /srv/secret.ts:42');
    });
    const res = await child.inject({ method: 'GET', url: '/api/boom', headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Se ha producido un error inesperado.' });
    expect(res.body).not.toContain('hunter2');
    await child.close();
    expect((await call(app, 'GET', '/api/health')).status).toBe(200);
  });
});
