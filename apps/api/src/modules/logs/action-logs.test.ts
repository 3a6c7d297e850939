import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { actionLogs } from '../../db/schema/index.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, DEMO.admin);
});
afterAll(() => t.close());

describe('GET /api/action-logs', () => {
  it.each([
    [DEMO.pm, 403],
    [DEMO.acmeAdmin, 403],
    [DEMO.acmeUser, 403],
    [DEMO.globexAdmin, 403],
  ])('refuses %s with %i', async (email, status) => {
    const token = await login(t.app, email);
    const res = await call(t.app, 'GET', '/api/action-logs', { token });
    expect(res.status).toBe(status);
    expect(res.json.message).toBe('You do not have access to this.');
  });

  it('refuses a guest with 401', async () => {
    expect((await call(t.app, 'GET', '/api/action-logs')).status).toBe(401);
  });

  it('lists every mutating call: action, description, ip, email, customer; 10 per page by default', async () => {
    const token = await login(t.app, DEMO.acmeUser);
    const me = (await call(t.app, 'GET', '/api/auth/me', { token })).json.data;
    await call(t.app, 'POST', `/api/users/${me.id}/language`, { token, body: { language: 'en' } });
    const res = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { email: 'user@acme' },
    });
    expect(res.status).toBe(200);
    const page = res.json.data;
    expect(page).toMatchObject({ current_page: 1, per_page: 10 });
    const change = page.data.find((row: { action: string }) => row.action === 'users.change_language');
    expect(change).toMatchObject({
      description: 'Interface language set to en',
      user_email: DEMO.acmeUser,
      customer_name: 'Acme',
      ip: '127.0.0.1',
    });
    expect(page.data.every((row: { user_email: string }) => row.user_email === DEMO.acmeUser)).toBe(true);
  });

  it('counts its matches up to 1,000 and then says "1,000+"; below that the count is exact', async () => {
    const bulk = (action: string, n: number) =>
      t.database.db.execute(sql`insert into action_logs (action, description, user_email)
        select ${action}, 'Bulk entry ' || g, 'bulk@verba.test' from generate_series(1, ${n}::int) g`);
    await bulk('test.bulk_many', 1_005);
    await bulk('test.bulk_few', 7);
    const many = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { action: 'test.bulk_many', per_page: '50' },
    });
    expect(many.status).toBe(200);
    expect(many.json.data).toMatchObject({ total: 1_000, total_is_capped: true, last_page: 20 });
    expect(many.json.data.data).toHaveLength(50);
    // Paging goes on past the cap: page 21 holds the last 5 of the 1,005 (the pager offers it).
    const past = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { action: 'test.bulk_many', per_page: '50', page: '21' },
    });
    expect(past.json.data).toMatchObject({ current_page: 21, total: 1_000, total_is_capped: true });
    expect(past.json.data.data).toHaveLength(5);
    const few = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { action: 'test.bulk_few' },
    });
    expect(few.json.data).toMatchObject({ total: 7, total_is_capped: false, last_page: 1 });
  });

  it('filters by action and by dates (Madrid calendar days) and pages on the server', async () => {
    for (let i = 0; i < 12; i++) await login(t.app, DEMO.pm);
    const first = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { action: 'auth.login' },
    });
    const { total } = first.json.data;
    expect(total).toBeGreaterThanOrEqual(12);
    expect(first.json.data.data).toHaveLength(10);
    const second = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { action: 'auth.login', page: '2', per_page: '10' },
    });
    expect(second.json.data.data).toHaveLength(Math.min(10, total - 10));
    expect(second.json.data.data[0].id).toBeLessThan(first.json.data.data[9].id);

    await t.database.db.insert(actionLogs).values({
      action: 'test.old',
      description: 'old one',
      created_at: sql`'2025-01-15 22:30:00+00'::timestamptz`, // 23:30 in Madrid on 15 January
    });
    const day = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { start_date: '2025-01-15', end_date: '2025-01-15' },
    });
    expect(day.json.data.data.map((r: { action: string }) => r.action)).toEqual(['test.old']);
    const nextDay = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { start_date: '2025-01-16', end_date: '2025-01-16' },
    });
    expect(nextDay.json.data.total).toBe(0);
  });

  it('answers bad filters with 422 and treats LIKE characters literally', async () => {
    const bad = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { start_date: 'yesterday', page: '0', per_page: '1000' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['page', 'per_page', 'start_date']);
    const reversed = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { start_date: '2025-02-01', end_date: '2025-01-01' },
    });
    expect(reversed.status).toBe(422);
    const wildcard = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { email: '%' },
    });
    expect(wildcard.json.data.total).toBe(0);
  });
});
