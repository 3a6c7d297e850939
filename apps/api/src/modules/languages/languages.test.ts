import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { ROLE_NAMES, tokensByRole, type RoleName } from '../../../test/roles.ts';
import { languages, languages as langTable, tasks } from '../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
});
afterAll(() => t.close());

describe('languages', () => {
  it.each(ROLE_NAMES)('%s reads languages, names in its request language', async (role) => {
    const res = await call(t.app, 'GET', '/api/languages', {
      token: tokens[role],
      query: { iso_code: 'eu', lang: 'ca' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      expect.objectContaining({ iso_code: 'eu', name: 'Basc', is_source: false }),
    ]);
  });

  it('sources and available lists', async () => {
    const sources = await call(t.app, 'GET', '/api/languages/sources', { token: tokens.acmeUser });
    expect(sources.json.data.map((l: { iso_code: string }) => l.iso_code).sort()).toEqual([
      'ca',
      'de',
      'en',
      'es',
      'fr',
      'it',
      'pt',
    ]);
    const available = await call(t.app, 'GET', '/api/languages/available', { token: tokens.acmeUser });
    expect(available.json.data.length).toBeGreaterThanOrEqual(60);
  });

  it('only the admin sets a source language', async () => {
    const [eu] = await t.database.db.select().from(languages).where(eq(languages.iso_code, 'eu'));
    for (const role of ['pm', 'acmeAdmin', 'acmeUser', 'globexAdmin'] as const) {
      expect(
        (
          await call(t.app, 'PUT', `/api/languages/${eu!.id}/source`, {
            token: tokens[role],
            body: { is_source: true },
          })
        ).status,
      ).toBe(403);
    }
    const res = await call(t.app, 'PUT', `/api/languages/${eu!.id}/source`, {
      token: tokens.admin,
      body: { is_source: true },
    });
    expect(res.json.data.is_source).toBe(true);
    expect(
      (
        await call(t.app, 'PUT', `/api/languages/${eu!.id}/source`, {
          token: tokens.admin,
          body: { is_source: 'yes' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(t.app, 'PUT', '/api/languages/999999/source', {
          token: tokens.admin,
          body: { is_source: true },
        })
      ).status,
    ).toBe(404);
  });

  it('countries carry their tax rule', async () => {
    const res = await call(t.app, 'GET', '/api/countries', { token: tokens.pm, query: { lang: 'es' } });
    expect(res.json.data).toContainEqual(
      expect.objectContaining({
        code: 'EPE',
        tax_name: 'IVA',
        tax_percentage: '21.00',
        name: 'España (península y Baleares)',
      }),
    );
    // public: the guest's quote form asks for the country
    expect((await call(t.app, 'GET', '/api/countries')).status).toBe(200);
  });
});

describe('translation types', () => {
  it.each(ROLE_NAMES)('%s reads them in its language', async (role) => {
    const res = await call(t.app, 'GET', '/api/translation-types', {
      token: tokens[role],
      headers: { 'accept-language': 'es' },
    });
    expect(res.json.data.map((tt: { id: number; name: string }) => [tt.id, tt.name])).toEqual([
      [1, 'Humana'],
      [2, 'Premium'],
      [3, 'Valor'],
      [4, 'Flash'],
    ]);
  });

  it('only the admin edits percent and texts', async () => {
    const body = {
      percent: 45,
      name_en: 'Flash',
      name_es: 'Flash',
      name_ca: 'Flash',
      description_en: 'Fast',
      description_es: 'Rápida',
      description_ca: 'Ràpida',
    };
    expect((await call(t.app, 'PUT', '/api/translation-types/4', { token: tokens.pm, body })).status).toBe(
      403,
    );
    const res = await call(t.app, 'PUT', '/api/translation-types/4', { token: tokens.admin, body });
    expect(res.json.data).toMatchObject({ percent: '45.00', description_es: 'Rápida' });
    const bad = await call(t.app, 'PUT', '/api/translation-types/4', {
      token: tokens.admin,
      body: { ...body, percent: -1, name_en: '' },
    });
    expect(Object.keys(bad.json.errors).sort()).toEqual(['name_en', 'percent']);
  });
});

describe('next task id', () => {
  it('admin only; must be a positive integer above the highest used', async () => {
    for (const role of ['pm', 'acmeAdmin', 'acmeUser'] as const) {
      expect((await call(t.app, 'GET', '/api/tasks/get-id', { token: tokens[role] })).status).toBe(403);
      expect(
        (await call(t.app, 'PUT', '/api/tasks/update-id', { token: tokens[role], body: { id: 5 } })).status,
      ).toBe(403);
    }
    // The test database has the demo accounts but no tasks (the demo's tasks need the app).
    expect((await call(t.app, 'GET', '/api/tasks/get-id', { token: tokens.admin })).json.data).toEqual({
      id: 1,
    });
    const [en] = await t.database.db.select().from(langTable).where(eq(langTable.iso_code, 'en'));
    await t.database.db.insert(tasks).values({
      code: '250',
      source_language_id: en!.id,
      translation_type_id: 4,
      description: 'x',
      state: 'DRAFT',
    });
    const low = await call(t.app, 'PUT', '/api/tasks/update-id', { token: tokens.admin, body: { id: 250 } });
    expect(low.status).toBe(422);
    expect(low.json.errors.id).toEqual(['The next task id must be greater than 250, the highest one used.']);
    for (const id of [0, -3, 1.5, 'abc']) {
      expect(
        (await call(t.app, 'PUT', '/api/tasks/update-id', { token: tokens.admin, body: { id } })).status,
      ).toBe(422);
    }
    expect(
      (await call(t.app, 'PUT', '/api/tasks/update-id', { token: tokens.admin, body: { id: 251 } })).json
        .data,
    ).toEqual({ id: 251 });
    expect((await call(t.app, 'GET', '/api/tasks/get-id', { token: tokens.admin })).json.data).toEqual({
      id: 251,
    });
  });
});
