import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { actionLogs } from '../../db/schema/index.ts';

/** Rows keep a message key and values, and each reader sees them in their language. */
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, DEMO.admin);
  const token = await login(t.app, DEMO.acmeUser);
  const me = (await call(t.app, 'GET', '/api/auth/me', { token })).json.data;
  await call(t.app, 'POST', `/api/users/${me.id}/language`, { token, body: { language: 'ca' } });
});
afterAll(() => t.close());

const rowsOf = async (lang: string, action: string) =>
  (
    await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { action, lang, email: 'user@acme' },
    })
  ).json.data.data as Array<{ action: string; action_label: string; description: string }>;

describe('action logs in the reader’s language', () => {
  it('names the action and writes the description in en, es and ca, from the same row', async () => {
    expect((await rowsOf('en', 'users.change_language'))[0]).toMatchObject({
      action: 'users.change_language',
      action_label: 'Language changed',
      description: 'Interface language set to ca',
    });
    expect((await rowsOf('es', 'users.change_language'))[0]).toMatchObject({
      action_label: 'Idioma cambiado',
      description: 'Idioma de la interfaz: ca',
    });
    expect((await rowsOf('ca', 'auth.login'))[0]).toMatchObject({
      action_label: 'Inici de sessió',
      description: 'Ha iniciat la sessió',
    });
  });

  it('stores the key, its values and the English text', async () => {
    const [row] = await t.database.db
      .select()
      .from(actionLogs)
      .where(sql`${actionLogs.action} = 'users.change_language'`);
    expect(row).toMatchObject({
      description_key: 'users.language_set',
      params: { language: 'ca' },
      description: 'Interface language set to ca',
    });
  });

  it('filters by the exact action code, and lists the actions by their translated names', async () => {
    const rows = await rowsOf('es', 'auth.password_reset');
    expect(rows.every((r) => r.action === 'auth.password_reset')).toBe(true);
    const res = await call(t.app, 'GET', '/api/action-logs/actions', {
      token: adminToken,
      query: { lang: 'es' },
    });
    expect(res.status).toBe(200);
    const choices = res.json.data as Array<{ action: string; label: string }>;
    expect(choices).toContainEqual({ action: 'auth.login', label: 'Inicio de sesión' });
    const labels = choices.map((c) => c.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('es').compare));
    const pm = await login(t.app, DEMO.pm);
    expect((await call(t.app, 'GET', '/api/action-logs/actions', { token: pm })).status).toBe(403);
  });

  it('keeps old rows readable: the migration gives keys where the text says which, the rest keep their text', async () => {
    await t.database.db.insert(actionLogs).values([
      { action: 'legacy.one', description: 'Signed in' },
      { action: 'legacy.one', description: 'Task T-9 DRAFT -> CANCELLED' },
      { action: 'legacy.one', description: 'Created customer Initech, S.L.' },
      { action: 'legacy.one', description: 'Something nobody foresaw' },
    ]);
    const migration = readFileSync(
      new URL('../../db/migrations/0013_logs_keys.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.database.db.execute(sql.raw(statement));
    const res = await call(t.app, 'GET', '/api/action-logs', {
      token: adminToken,
      query: { action: 'legacy.one', lang: 'es' },
    });
    expect(res.json.data.data.map((r: { description: string }) => r.description).sort()).toEqual([
      'Cliente Initech, S.L. creado',
      'Ha iniciado sesión',
      'Something nobody foresaw',
      'Tarea T-9: Borrador → Cancelada',
    ]);
    expect(res.json.data.data[0].action_label).toBe('legacy.one');
  });
});

describe('GET /api/action-logs/export', () => {
  it('writes the filtered rows as CSV: translated, quoted, and never a formula', async () => {
    await t.database.db.insert(actionLogs).values([
      { action: 'legacy.csv', description: '=HYPERLINK("http://evil.test","click")', user_email: 'a@b.test' },
      { action: 'legacy.csv', description: 'Quote "this", and a comma\nnew line', ip: '10.0.0.1' },
      { action: 'legacy.csv', description: '+1', customer_name: '@Acme' },
    ]);
    const res = await call(t.app, 'GET', '/api/action-logs/export', {
      token: adminToken,
      query: { action: 'legacy.csv', lang: 'es' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="action-logs-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = res.raw.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Fecha,Acción,Código de acción,Descripción,Usuario,Cliente,IP');
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.test"",""click"")",a@b.test,,`);
    expect(text).toContain(`,"Quote ""this"", and a comma\nnew line",,,10.0.0.1`);
    expect(text).toContain(`,'+1,,'@Acme,`);
    expect(lines.filter((l: string) => l.includes('legacy.csv'))).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},legacy\.csv,legacy\.csv,/);
  });

  it('is for the admin only, and refuses bad filters with 422', async () => {
    const pm = await login(t.app, DEMO.pm);
    expect((await call(t.app, 'GET', '/api/action-logs/export', { token: pm })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/action-logs/export')).status).toBe(401);
    const bad = await call(t.app, 'GET', '/api/action-logs/export', {
      token: adminToken,
      query: { start_date: '2025-02-01', end_date: '2025-01-01' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(['end_date']);
  });
});
