import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, type TestApp } from '../../../test/harness.ts';

// Two apps on one database, as two server processes would (ADR 0005): a session ended in one is
// refused by the other as soon as the database's notification arrives.
let t: TestApp;
let other: FastifyInstance;
const soon = { timeout: 3_000, interval: 20 };

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp(t.config, t.database);
  await other.ready();
}, 120_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const me = (app: FastifyInstance, token: string) => call(app, 'GET', '/api/auth/me', { token });
const signIn = async (app: FastifyInstance, email: string, agent: string) => {
  const res = await call(app, 'POST', '/api/auth/login', {
    body: { email, password: DEMO_PASSWORD },
    headers: { 'user-agent': agent },
  });
  return res.json.data.access_token as string;
};

describe('sessions you can see', () => {
  it('lists the own live sessions with the current one marked, and nobody else’s', async () => {
    const laptop = await signIn(t.app, DEMO.acmeAdmin, 'Laptop browser');
    const phone = await signIn(other, DEMO.acmeAdmin, 'Phone browser');
    await login(t.app, DEMO.acmeUser);
    const res = await call(other, 'GET', '/api/auth/sessions', { token: phone });
    expect(res.status, res.raw.body).toBe(200);
    const rows = res.json.data as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.user_agent)).toEqual(
      expect.arrayContaining(['Laptop browser', 'Phone browser']),
    );
    expect(rows.every((r) => r.user_agent !== undefined && typeof r.last_seen_at === 'string')).toBe(true);
    expect(rows.filter((r) => r.current)).toEqual([expect.objectContaining({ user_agent: 'Phone browser' })]);
    expect(rows[0]).toHaveProperty('ip');
    expect((await me(t.app, laptop)).status).toBe(200);
  });

  it('ending one takes effect at once in every process; another user’s session is 404', async () => {
    const laptop = await signIn(t.app, DEMO.globexAdmin, 'Laptop');
    const phone = await signIn(t.app, DEMO.globexAdmin, 'Phone');
    const stranger = await login(t.app, DEMO.acmeUser);
    // both processes have read (and cached) the laptop's session
    expect((await me(t.app, laptop)).status).toBe(200);
    expect((await me(other, laptop)).status).toBe(200);
    const list = (await call(t.app, 'GET', '/api/auth/sessions', { token: phone })).json.data;
    const laptopId = list.find((r: { user_agent: string }) => r.user_agent === 'Laptop').id;

    const refused = await call(t.app, 'DELETE', `/api/auth/sessions/${laptopId}`, { token: stranger });
    expect(refused.status).toBe(404);
    expect((await me(other, laptop)).status).toBe(200);

    const ended = await call(t.app, 'DELETE', `/api/auth/sessions/${laptopId}`, {
      token: phone,
      headers: { 'accept-language': 'es' },
    });
    expect(ended.status).toBe(200);
    expect(ended.json.data.message).toBe('Se ha cerrado la sesión.');
    expect((await me(t.app, laptop)).status).toBe(401);
    await vi.waitFor(async () => expect((await me(other, laptop)).status).toBe(401), soon);
    expect((await me(other, phone)).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/auth/sessions/${laptopId}`, { token: phone })).status).toBe(
      404,
    );
  });

  it('ends all the others, in every process, and keeps the current one', async () => {
    const a = await signIn(t.app, DEMO.pm, 'A');
    const b = await signIn(other, DEMO.pm, 'B');
    const c = await signIn(other, DEMO.pm, 'C');
    for (const token of [a, b, c]) expect((await me(other, token)).status).toBe(200);
    const res = await call(other, 'DELETE', '/api/auth/sessions', { token: c });
    expect(res.status).toBe(200);
    for (const app of [t.app, other])
      for (const token of [a, b])
        await vi.waitFor(async () => expect((await me(app, token)).status).toBe(401), soon);
    expect((await me(t.app, c)).status).toBe(200);
    const rows = (await call(t.app, 'GET', '/api/auth/sessions', { token: c })).json.data;
    expect(rows).toEqual([expect.objectContaining({ current: true, user_agent: 'C' })]);
  });
});
