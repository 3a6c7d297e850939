import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { call, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';

// Each process keeps the sessions it has read (ADR 0005). These tests run two apps on one database,
// as two server processes would, and revoke sessions every way there is.
describe('sessions cached by several processes', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    other = await buildApp(t.config, t.database);
    await other.ready();
  }, 120_000);
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const me = (app: FastifyInstance, token: string) => call(app, 'GET', '/api/auth/me', { token });
  // Another process hears of a change within milliseconds, not before its own reply.
  const soon = { timeout: 3_000, interval: 20 };

  it('a logout in one process ends the session at once there and soon in the other', async () => {
    const token = await login(t.app, DEMO.acmeUser);
    expect((await me(other, token)).status).toBe(200);
    expect((await me(t.app, token)).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await me(t.app, token)).status).toBe(401);
    await vi.waitFor(async () => expect((await me(other, token)).status).toBe(401), soon);
  });

  it('a user deactivated straight in the database (psql, a script) is signed out in every process', async () => {
    const token = await login(t.app, DEMO.acmeUser);
    expect((await me(t.app, token)).status).toBe(200);
    expect((await me(other, token)).status).toBe(200);
    await t.database.db.execute(sql`update users set is_active = false where email = ${DEMO.acmeUser}`);
    try {
      for (const app of [t.app, other])
        await vi.waitFor(async () => expect((await me(app, token)).status).toBe(401), soon);
    } finally {
      await t.database.db.execute(sql`update users set is_active = true where email = ${DEMO.acmeUser}`);
    }
  });

  it("a deactivated customer takes its users' cached sessions with it", async () => {
    const token = await login(t.app, DEMO.globexAdmin);
    expect((await me(other, token)).status).toBe(200);
    await t.database.db.execute(sql`update customers set is_active = false where name = 'Globex'`);
    try {
      await vi.waitFor(async () => expect((await me(other, token)).status).toBe(401), soon);
    } finally {
      await t.database.db.execute(sql`update customers set is_active = true where name = 'Globex'`);
    }
  });

  it('a new role is what the next requests are judged by, in every process', async () => {
    const token = await login(t.app, DEMO.acmeAdmin);
    const departments = (app: FastifyInstance) => call(app, 'GET', '/api/departments', { token });
    expect((await departments(other)).status).toBe(200);
    await t.database.db.execute(sql`update users set type = 'CLIENT_USER' where email = ${DEMO.acmeAdmin}`);
    try {
      await vi.waitFor(async () => expect((await departments(other)).status).toBe(403), soon);
    } finally {
      await t.database.db.execute(
        sql`update users set type = 'CLIENT_ADMIN' where email = ${DEMO.acmeAdmin}`,
      );
    }
  });

  it('a sign-in elsewhere (it writes the last login) revokes nothing', async () => {
    const token = await login(t.app, DEMO.pm);
    expect((await me(other, token)).status).toBe(200);
    await login(other, DEMO.pm);
    expect((await me(other, token)).status).toBe(200);
    expect((await me(t.app, token)).status).toBe(200);
  });
});
