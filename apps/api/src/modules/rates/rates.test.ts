import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, desc, eq, isNull } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { ROLE_NAMES, tokensByRole, type RoleName } from '../../../test/roles.ts';
import { actionLogs, customers, languages, rates } from '../../db/schema/index.ts';
import { pricingTerms } from './service.ts';

const effectiveRate = async (
  db: Parameters<typeof pricingTerms>[0],
  customerId: number,
  sourceLanguageId: number,
  target: number,
) =>
  (
    await pricingTerms(db, {
      customerId,
      sourceLanguageId,
      targetLanguageIds: [target],
      translationTypeId: 1,
    })
  ).rates.get(target) ?? null;

let t: TestApp;
let tokens: Record<RoleName, string>;
let acme: number;
let globex: number;
const lang: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  const db = t.database.db;
  acme = (await db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!.id;
  globex = (await db.select().from(customers).where(eq(customers.name, 'Globex')))[0]!.id;
  for (const row of await db.select().from(languages)) lang[row.iso_code] = row.id;
});
afterAll(() => t.close());

const rateCount = async () => (await t.database.db.select({ n: count() }).from(rates))[0]?.n ?? 0;
const lastLog = async () =>
  (await t.database.db.select().from(actionLogs).orderBy(desc(actionLogs.id)).limit(1))[0];
/** The action log row is written once the reply is sent: on PostgreSQL it may land a moment later. */
const expectLastLog = (match: Record<string, unknown>) =>
  vi.waitFor(async () => expect(await lastLog()).toMatchObject(match), { timeout: 3000, interval: 20 });

async function createRate(body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/rate/store', { token: tokens.admin, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data as { id: number; r1: string; r2: string };
}

describe('creating rates', () => {
  it('the admin creates a general rate, with the exact decimals and who changed it', async () => {
    const res = await call(t.app, 'POST', '/api/rate/store', {
      token: tokens.admin,
      body: { source_lang: lang.en, target_lang: lang.fr, r1: '0.08', r2: 30, default_group: true },
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      source_lang: lang.en,
      target_lang: lang.fr,
      source_language: { iso_code: 'en', name: 'English' },
      target_language: { iso_code: 'fr' },
      r1: '0.0800',
      r2: '30.00',
      customer_id: null,
      default_group: true,
      from: 'general',
      enabled: true,
      user: { name: 'Ada', lastname: 'Admin' },
    });
    expect(typeof res.json.data.updated_at).toBe('string');
    await expectLastLog({
      action: 'rates.create',
      user_email: 'admin@verba.test',
      customer_id: null,
      description: expect.stringContaining('general rate en>fr'),
    });
  });

  it('a customer rate logs the customer', async () => {
    const rate = await createRate({
      source_lang: lang.en,
      target_lang: lang.de,
      r1: '0.1234',
      r2: '45.5',
      customer_id: acme,
    });
    expect(rate).toMatchObject({ r1: '0.1234', r2: '45.50', customer_id: acme, from: 'customer' });
    await expectLastLog({
      action: 'rates.create',
      customer_id: acme,
      customer_name: 'Acme',
    });
  });

  it('reports every field at once and writes nothing', async () => {
    const before = await rateCount();
    const res = await call(t.app, 'POST', '/api/rate/store', { token: tokens.admin, body: {} });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      source_lang: ['Both languages are required.'],
      target_lang: ['Both languages are required.'],
      r1: ['The price per word (r1) is required.'],
      r2: ['The price per hour (r2) is required.'],
      customer_id: ['Choose a customer or mark the rate as general.'],
    });
    const bad = await call(t.app, 'POST', '/api/rate/store', {
      token: tokens.admin,
      body: { source_lang: lang.en, target_lang: lang.en, r1: 'abc', r2: -1, default_group: true },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({
      target_lang: ['The languages must be different.'],
      r1: ['The price per word (r1) must be a number.'],
      r2: ['The price per hour (r2) must be zero or more.'],
    });
    const decimals = await call(t.app, 'POST', '/api/rate/store', {
      token: tokens.admin,
      body: {
        source_lang: lang.en,
        target_lang: lang.it,
        r1: '0.12345',
        r2: '1.234',
        r1x: 1,
        default_group: true,
      },
    });
    expect(decimals.status).toBe(422);
    expect(decimals.json.errors).toMatchObject({
      r1: ['The price per word (r1) can have at most 4 decimals.'],
      r2: ['The price per hour (r2) can have at most 2 decimals.'],
    });
    const negative = await call(t.app, 'POST', '/api/rate/store', {
      token: tokens.admin,
      body: {
        source_lang: lang.en,
        target_lang: lang.it,
        r1: -0.01,
        r2: '',
        default_group: true,
        lang: 'es',
      },
    });
    expect(negative.json.errors).toEqual({
      r1: ['El precio por palabra (r1) debe ser cero o más.'],
      r2: ['El precio por hora (r2) es obligatorio.'],
    });
    expect(await rateCount()).toBe(before);
  });

  it('refuses a pair twice in the same list, and an unknown language or customer', async () => {
    const before = await rateCount();
    const dup = await call(t.app, 'POST', '/api/rate/store', {
      token: tokens.admin,
      body: { source_lang: lang.en, target_lang: lang.fr, r1: 1, r2: 1, default_group: true },
    });
    expect(dup.status).toBe(422);
    expect(dup.json.errors).toEqual({ target_lang: ['This language pair already has a rate.'] });
    const unknown = await call(t.app, 'POST', '/api/rate/store', {
      token: tokens.admin,
      body: { source_lang: 999999, target_lang: lang.fr, r1: 1, r2: 1, customer_id: 999999 },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors.customer_id).toHaveLength(1);
    const unknownLang = await call(t.app, 'POST', '/api/rate/store', {
      token: tokens.admin,
      body: { source_lang: 999999, target_lang: lang.fr, r1: 1, r2: 1, customer_id: globex },
    });
    expect(unknownLang.json.errors).toEqual({ source_lang: ['Choose one of the allowed options.'] });
    expect(await rateCount()).toBe(before);
    // the same pair in another list is fine: a general en>fr exists, Globex gets its own
    await createRate({ source_lang: lang.en, target_lang: lang.fr, r1: 0.2, r2: 20, customer_id: globex });
  });

  it('only the admin creates', async () => {
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin')) {
      const res = await call(t.app, 'POST', '/api/rate/store', {
        token: tokens[role],
        body: { source_lang: lang.es, target_lang: lang.fr, r1: 1, r2: 1, default_group: true },
      });
      expect(res.status, role).toBe(403);
    }
    expect((await call(t.app, 'POST', '/api/rate/store', { body: {} })).status).toBe(401);
  });
});

describe('editing and deleting rates', () => {
  it('edits a rate, refuses a taken pair and keeps the owner', async () => {
    const rate = await createRate({
      source_lang: lang.es,
      target_lang: lang.ca,
      r1: 0.05,
      r2: 25,
      default_group: true,
    });
    const res = await call(t.app, 'PUT', `/api/rate/${rate.id}`, {
      token: tokens.admin,
      body: {
        source_lang: lang.es,
        target_lang: lang.ca,
        r1: '0.0600',
        r2: '26',
        customer_id: acme,
        enabled: false,
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      r1: '0.0600',
      r2: '26.00',
      enabled: false,
      customer_id: null,
      default_group: true,
    });
    await expectLastLog({ action: 'rates.update' });
    const taken = await call(t.app, 'PUT', `/api/rate/${rate.id}`, {
      token: tokens.admin,
      body: { source_lang: lang.en, target_lang: lang.fr, r1: 1, r2: 1 },
    });
    expect(taken.status).toBe(422);
    expect(taken.json.errors).toEqual({ target_lang: ['This language pair already has a rate.'] });
    const invalid = await call(t.app, 'PUT', `/api/rate/${rate.id}`, {
      token: tokens.admin,
      body: { r1: 'x' },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.json.errors).sort()).toEqual(['r1', 'r2', 'source_lang', 'target_lang']);
    const unchanged = (await t.database.db.select().from(rates).where(eq(rates.id, rate.id)))[0];
    expect(unchanged).toMatchObject({ r1: '0.0600', r2: '26.00' });
    const missing = await call(t.app, 'PUT', '/api/rate/999999', {
      token: tokens.admin,
      body: { source_lang: lang.es, target_lang: lang.ca, r1: 1, r2: 1 },
    });
    expect(missing.status).toBe(404);
    const pm = await call(t.app, 'PUT', `/api/rate/${rate.id}`, {
      token: tokens.pm,
      body: { source_lang: lang.es, target_lang: lang.ca, r1: 1, r2: 1 },
    });
    expect(pm.status).toBe(403);
  });

  it("deletes a customer's rate only through that customer", async () => {
    const rate = await createRate({
      source_lang: lang.pt,
      target_lang: lang.es,
      r1: 0.1,
      r2: 10,
      customer_id: acme,
    });
    expect(
      (await call(t.app, 'DELETE', `/api/customers/${globex}/rate/${rate.id}`, { token: tokens.admin }))
        .status,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/customers/${acme}/rate/${rate.id}`, { token: tokens.pm })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE', `/api/customers/${acme}/rate/${rate.id}`, { token: tokens.acmeAdmin }))
        .status,
    ).toBe(403);
    const res = await call(t.app, 'DELETE', `/api/customers/${acme}/rate/${rate.id}`, {
      token: tokens.admin,
    });
    expect(res.status).toBe(200);
    await expectLastLog({ action: 'rates.delete', customer_id: acme });
    expect(
      (await call(t.app, 'DELETE', `/api/customers/${acme}/rate/${rate.id}`, { token: tokens.admin })).status,
    ).toBe(404);
  });

  it('deletes a general rate', async () => {
    const rate = await createRate({
      source_lang: lang.pt,
      target_lang: lang.it,
      r1: 0.1,
      r2: 10,
      default_group: true,
    });
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin'))
      expect(
        (await call(t.app, 'DELETE', `/api/rate/${rate.id}`, { token: tokens[role] })).status,
        role,
      ).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/rate/${rate.id}`, { token: tokens.admin })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/rate/${rate.id}`, { token: tokens.admin })).status).toBe(404);
  });
});

describe('enabling general rates and the effective rate', () => {
  it('resolves own rate, else an enabled general rate, else none', async () => {
    const db = t.database.db;
    const general = await createRate({
      source_lang: lang.de,
      target_lang: lang.es,
      r1: '0.1000',
      r2: '40',
      default_group: true,
    });
    expect(await effectiveRate(db, acme, lang.de!, lang.es!)).toBeNull();

    const enable = await call(t.app, 'POST', `/api/customers/${acme}/rate/${general.id}`, {
      token: tokens.admin,
    });
    expect(enable.status).toBe(200);
    expect(enable.json.data).toEqual({ customer_id: acme, rate_id: general.id, enabled: true });
    await expectLastLog({ action: 'rates.enable', customer_id: acme });
    // idempotent
    expect(
      (await call(t.app, 'POST', `/api/customers/${acme}/rate/${general.id}`, { token: tokens.admin }))
        .status,
    ).toBe(200);
    expect(await effectiveRate(db, acme, lang.de!, lang.es!)).toEqual({
      id: general.id,
      r1: '0.1000',
      r2: '40.00',
      from: 'general',
    });
    expect(await effectiveRate(db, globex, lang.de!, lang.es!)).toBeNull();

    const enabled = await call(t.app, 'GET', `/api/customers/${acme}/enable/rate`, { token: tokens.pm });
    expect(enabled.status).toBe(200);
    expect(enabled.json.data.map((r: { id: number }) => r.id)).toEqual([general.id]);
    expect(enabled.json.data[0]).not.toHaveProperty('updated_at');
    expect(enabled.json.data[0]).not.toHaveProperty('user');

    const own = await createRate({
      source_lang: lang.de,
      target_lang: lang.es,
      r1: '0.0900',
      r2: '35',
      customer_id: acme,
    });
    expect(await effectiveRate(db, acme, lang.de!, lang.es!)).toMatchObject({
      id: own.id,
      r1: '0.0900',
      from: 'customer',
    });
    // a disabled own rate falls back to the general one
    await call(t.app, 'PUT', `/api/rate/${own.id}`, {
      token: tokens.admin,
      body: { source_lang: lang.de, target_lang: lang.es, r1: '0.0900', r2: '35', enabled: false },
    });
    expect(await effectiveRate(db, acme, lang.de!, lang.es!)).toMatchObject({
      id: general.id,
      from: 'general',
    });

    const disable = await call(t.app, 'DELETE', `/api/customers/${acme}/enable/rate/${general.id}`, {
      token: tokens.admin,
    });
    expect(disable.status).toBe(200);
    expect(disable.json.data.enabled).toBe(false);
    await expectLastLog({ action: 'rates.disable', customer_id: acme });
    expect(await effectiveRate(db, acme, lang.de!, lang.es!)).toBeNull();
    // a general rate disabled globally is not used even where enabled
    await call(t.app, 'POST', `/api/customers/${acme}/rate/${general.id}`, { token: tokens.admin });
    await call(t.app, 'PUT', `/api/rate/${general.id}`, {
      token: tokens.admin,
      body: { source_lang: lang.de, target_lang: lang.es, r1: '0.1', r2: '40', enabled: false },
    });
    expect(await effectiveRate(db, acme, lang.de!, lang.es!)).toBeNull();
  });

  it('only general rates can be enabled, only by the admin, for an existing customer', async () => {
    const custom = (await t.database.db.select().from(rates).where(eq(rates.customer_id, acme)))[0]!;
    expect(
      (await call(t.app, 'POST', `/api/customers/${acme}/rate/${custom.id}`, { token: tokens.admin })).status,
    ).toBe(404);
    const general = (await t.database.db.select().from(rates).where(isNull(rates.customer_id)))[0]!;
    expect(
      (await call(t.app, 'POST', `/api/customers/999999/rate/${general.id}`, { token: tokens.admin })).status,
    ).toBe(404);
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin')) {
      expect(
        (await call(t.app, 'POST', `/api/customers/${acme}/rate/${general.id}`, { token: tokens[role] }))
          .status,
        role,
      ).toBe(403);
      expect(
        (
          await call(t.app, 'DELETE', `/api/customers/${acme}/enable/rate/${general.id}`, {
            token: tokens[role],
          })
        ).status,
        role,
      ).toBe(403);
    }
  });
});

describe('reading rates', () => {
  // who reads what: [url, status per role]
  const table = (): Array<[string, Record<RoleName, number>]> => [
    ['/api/rates', { admin: 200, pm: 200, acmeAdmin: 403, acmeUser: 403, globexAdmin: 403 }],
    [
      `/api/rates?customer_id=${acme}`,
      { admin: 200, pm: 200, acmeAdmin: 200, acmeUser: 403, globexAdmin: 404 },
    ],
    [`/api/customers/${acme}/rate`, { admin: 200, pm: 200, acmeAdmin: 200, acmeUser: 403, globexAdmin: 404 }],
    [
      `/api/customers/${acme}/rates/effective`,
      { admin: 200, pm: 200, acmeAdmin: 200, acmeUser: 403, globexAdmin: 404 },
    ],
    [
      `/api/customers/${acme}/enable/rate`,
      { admin: 200, pm: 200, acmeAdmin: 200, acmeUser: 403, globexAdmin: 404 },
    ],
    [
      `/api/customers/${acme}/excel/rate`,
      { admin: 200, pm: 200, acmeAdmin: 200, acmeUser: 403, globexAdmin: 404 },
    ],
    // Globex has show_rates off: its own admin may not read them either
    [
      `/api/customers/${globex}/rates/effective`,
      { admin: 200, pm: 200, acmeAdmin: 404, acmeUser: 404, globexAdmin: 403 },
    ],
    ['/api/rates/template', { admin: 200, pm: 403, acmeAdmin: 403, acmeUser: 403, globexAdmin: 403 }],
    ['/api/rates/excel', { admin: 200, pm: 403, acmeAdmin: 403, acmeUser: 403, globexAdmin: 403 }],
    [
      '/api/rates/languages/sources',
      { admin: 200, pm: 200, acmeAdmin: 200, acmeUser: 200, globexAdmin: 200 },
    ],
    [
      `/api/rates/languages/sources?customer_id=${acme}`,
      { admin: 200, pm: 200, acmeAdmin: 200, acmeUser: 200, globexAdmin: 404 },
    ],
    [
      `/api/minimum-rates?customer_id=${acme}`,
      { admin: 200, pm: 403, acmeAdmin: 200, acmeUser: 403, globexAdmin: 404 },
    ],
    ['/api/payable-grid', { admin: 200, pm: 200, acmeAdmin: 403, acmeUser: 403, globexAdmin: 403 }],
    [
      `/api/customers/${acme}/payable-grid`,
      { admin: 200, pm: 200, acmeAdmin: 403, acmeUser: 403, globexAdmin: 403 },
    ],
    ['/api/holidays', { admin: 200, pm: 200, acmeAdmin: 403, acmeUser: 403, globexAdmin: 403 }],
  ];
  it('answers each role as the rules say, and 401 without a session', async () => {
    for (const [url, expected] of table()) {
      for (const role of ROLE_NAMES) {
        const res = await call(t.app, 'GET', url, { token: tokens[role] });
        expect(res.status, `${role} GET ${url}`).toBe(expected[role]);
      }
      expect((await call(t.app, 'GET', url)).status, `anonymous GET ${url}`).toBe(401);
    }
  });

  it('a customer that does not exist is 404 for staff', async () => {
    for (const url of [
      '/api/customers/999999/rate',
      '/api/rates?customer_id=999999',
      '/api/customers/999999/enable/rate',
    ])
      expect((await call(t.app, 'GET', url, { token: tokens.pm })).status, url).toBe(404);
  });

  it('pages the general list; only the admin sees updated_at and the updater', async () => {
    const admin = await call(t.app, 'GET', '/api/rates', {
      token: tokens.admin,
      query: { per_page: '2', page: '1' },
    });
    expect(admin.json.data).toMatchObject({ current_page: 1, per_page: 2 });
    expect(admin.json.data.data).toHaveLength(2);
    expect(admin.json.data.total).toBeGreaterThan(2);
    expect(admin.json.data.data[0]).toHaveProperty('updated_at');
    expect(admin.json.data.data[0].user).toEqual({ name: 'Ada', lastname: 'Admin' });
    expect(admin.json.data.data.every((r: { default_group: boolean }) => r.default_group)).toBe(true);
    const page2 = await call(t.app, 'GET', '/api/rates', {
      token: tokens.admin,
      query: { per_page: '2', page: '2' },
    });
    expect(page2.json.data.data[0].id).not.toBe(admin.json.data.data[0].id);
    const pm = await call(t.app, 'GET', '/api/rates', { token: tokens.pm });
    expect(pm.json.data.data[0]).not.toHaveProperty('updated_at');
    expect(pm.json.data.data[0]).not.toHaveProperty('user');
  });

  it("a client admin reads its customer's prices, with the price per translation type", async () => {
    const db = t.database.db;
    await db.delete(rates).where(eq(rates.customer_id, acme));
    const general = await createRate({
      source_lang: lang.nl,
      target_lang: lang.en,
      r1: '0.1111',
      r2: '50',
      default_group: true,
    });
    await call(t.app, 'POST', `/api/customers/${acme}/rate/${general.id}`, { token: tokens.admin });
    const own = await createRate({
      source_lang: lang.en,
      target_lang: lang.nl,
      r1: '0.0825',
      r2: '30',
      customer_id: acme,
    });
    const res = await call(t.app, 'GET', `/api/customers/${acme}/rates/effective`, {
      token: tokens.acmeAdmin,
      query: { lang: 'es' },
    });
    expect(res.status).toBe(200);
    const rows = res.json.data.data as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.id, r.from])).toEqual([
      [own.id, 'customer'],
      [general.id, 'general'],
    ]);
    expect(rows[0]).not.toHaveProperty('updated_at');
    expect(rows[0]).not.toHaveProperty('user');
    expect(rows[0]!.prices).toEqual([
      { translation_type_id: 1, name: expect.any(String), percent: '100.00', price: '0.0825' },
      { translation_type_id: 2, name: expect.any(String), percent: '130.00', price: '0.1073' },
      { translation_type_id: 3, name: expect.any(String), percent: '70.00', price: '0.0578' },
      { translation_type_id: 4, name: expect.any(String), percent: '40.00', price: '0.0330' },
    ]);
    const viaRates = await call(t.app, 'GET', '/api/rates', {
      token: tokens.acmeAdmin,
      query: { customer_id: String(acme) },
    });
    expect(viaRates.json.data.data.map((r: { id: number }) => r.id)).toEqual([own.id, general.id]);
    // the own list has only the customer's rates
    const ownList = await call(t.app, 'GET', `/api/customers/${acme}/rate`, { token: tokens.pm });
    expect(ownList.json.data.data.map((r: { id: number }) => r.id)).toEqual([own.id]);

    // the language pickers follow the same rates
    const sources = await call(t.app, 'GET', '/api/rates/languages/sources', { token: tokens.acmeUser });
    expect(sources.json.data.map((l: { iso_code: string }) => l.iso_code).sort()).toEqual(['en', 'nl']);
    const targets = await call(t.app, 'GET', `/api/rates/languages/${lang.en}/targets`, {
      token: tokens.acmeUser,
    });
    expect(targets.json.data).toEqual([{ id: lang.nl, iso_code: 'nl', name: 'Dutch' }]);
    const globexTargets = await call(t.app, 'GET', `/api/rates/languages/${lang.en}/targets`, {
      token: tokens.globexAdmin,
    });
    expect(globexTargets.json.data.map((l: { iso_code: string }) => l.iso_code)).toEqual(['fr']);
    const otherCustomer = await call(t.app, 'GET', `/api/rates/languages/${lang.en}/targets`, {
      token: tokens.globexAdmin,
      query: { customer_id: String(acme) },
    });
    expect(otherCustomer.status).toBe(404);
  });
});

describe('contract', () => {
  it('every mutating call needs a session', async () => {
    const calls: Array<[string, string]> = [
      ['POST', '/api/rate/store'],
      ['PUT', '/api/rate/1'],
      ['DELETE', '/api/rate/1'],
      ['POST', `/api/customers/1/rate`],
      ['DELETE', `/api/customers/1/rate/1`],
      ['POST', `/api/customers/1/rate/1`],
      ['DELETE', `/api/customers/1/enable/rate/1`],
      ['PUT', `/api/customers/1/minimum-rates`],
      ['PUT', '/api/payable-grid'],
      ['PUT', `/api/customers/1/payable-grid`],
      ['DELETE', `/api/customers/1/payable-grid`],
      ['POST', '/api/holidays'],
      ['DELETE', '/api/holidays/2026-01-01/ES'],
    ];
    for (const [method, url] of calls)
      expect(
        (await call(t.app, method as 'GET', url, { body: method === 'DELETE' ? undefined : {} })).status,
        url,
      ).toBe(401);
  });

  it('the OpenAPI document lists the rate calls', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    for (const path of [
      '/api/rate/store',
      '/api/customers/{id}/rate',
      '/api/customers/{id}/minimum-rates',
      '/api/holidays',
    ])
      expect(Object.keys(res.json.paths)).toContain(path);
    // the JSON calls document their replies; the Excel files do not
    const reply = (path: string, method: string, status: string) =>
      res.json.paths[path][method].responses[status]?.content?.['application/json']?.schema;
    expect(reply('/api/rate/store', 'post', '201')).toBeDefined();
    expect(reply('/api/rates', 'get', '200')).toBeDefined();
    expect(reply('/api/customers/{id}/minimum-rates', 'put', '200')).toBeDefined();
    expect(reply('/api/customers/{id}/payable-grid', 'get', '200')).toBeDefined();
    expect(reply('/api/holidays', 'get', '200')).toBeDefined();
    expect(reply('/api/rates/excel', 'get', '200')).toBeUndefined();
  });
});
