import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { ROLE_NAMES, tokensByRole, type RoleName } from '../../../test/roles.ts';
import { actionLogs, holidays } from '../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
});
afterAll(() => t.close());

const lastLog = async () =>
  (await t.database.db.select().from(actionLogs).orderBy(desc(actionLogs.id)).limit(1))[0];
/** The action log row is written once the reply is sent: on PostgreSQL it may land a moment later. */
const expectLastLog = (match: Record<string, unknown>) =>
  vi.waitFor(async () => expect(await lastLog()).toMatchObject(match), { timeout: 3000, interval: 20 });

describe('holidays', () => {
  it('are seeded from the Spain/Catalonia calendar, idempotently', async () => {
    const res = await call(t.app, 'GET', '/api/holidays', {
      token: tokens.pm,
      query: { year: '2026', region: 'es-ct' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.map((h: { date: string }) => h.date)).toContain('2026-09-11');
    const n = (await t.database.db.select({ n: count() }).from(holidays))[0]?.n;
    const { seedReferenceData } = await import('../../db/seed/reference.ts');
    await seedReferenceData(t.database.db);
    expect((await t.database.db.select({ n: count() }).from(holidays))[0]?.n).toBe(n);
  });

  it('the admin adds and deletes one; duplicates and bad input refused', async () => {
    const body = {
      date: '2026-12-31',
      region: 'es-ct',
      name_en: 'Office closed',
      name_es: 'Oficina cerrada',
      name_ca: 'Oficina tancada',
    };
    const created = await call(t.app, 'POST', '/api/holidays', { token: tokens.admin, body });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ date: '2026-12-31', region: 'ES-CT' });
    await expectLastLog({ action: 'holidays.create' });
    const again = await call(t.app, 'POST', '/api/holidays', { token: tokens.admin, body });
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual({ date: ['This holiday already exists for that region.'] });
    const bad = await call(t.app, 'POST', '/api/holidays', {
      token: tokens.admin,
      body: { date: '2026-02-30', region: '??' },
    });
    expect(Object.keys(bad.json.errors).sort()).toEqual(['date', 'name_ca', 'name_en', 'name_es', 'region']);
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin')) {
      expect((await call(t.app, 'POST', '/api/holidays', { token: tokens[role], body })).status, role).toBe(
        403,
      );
      expect(
        (await call(t.app, 'DELETE', '/api/holidays/2026-12-31/ES-CT', { token: tokens[role] })).status,
        role,
      ).toBe(403);
    }
    expect(
      (await call(t.app, 'DELETE', '/api/holidays/2026-12-31/ES-CT', { token: tokens.admin })).status,
    ).toBe(200);
    await expectLastLog({ action: 'holidays.delete' });
    expect(
      (await call(t.app, 'DELETE', '/api/holidays/2026-12-31/ES-CT', { token: tokens.admin })).status,
    ).toBe(404);
    const rows = await t.database.db
      .select()
      .from(holidays)
      .where(and(eq(holidays.date, '2026-12-31'), eq(holidays.region, 'ES-CT')));
    expect(rows).toEqual([]);
  });
});
