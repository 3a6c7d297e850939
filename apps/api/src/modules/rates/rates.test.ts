import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { ROLE_NAMES, tokensByRole, type RoleName } from '../../../test/roles.ts';
import { actionLogs, customers, holidays, languages, minimumRates, rates } from '../../db/schema/index.ts';
import { effectiveRate, minimumRateFor, payableGridFor } from './service.ts';

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

describe('minimum rates', () => {
  const body = {
    customer_minimum_rates: true,
    minimum_rates: [
      { translation_type_id: 1, hour: '1.5', amount: 50 },
      { translation_type_id: 4, hour: 0, amount: '20.00' },
    ],
  };

  it('the admin sets them and the flag; a client admin reads its own', async () => {
    const res = await call(t.app, 'PUT', `/api/customers/${acme}/minimum-rates`, {
      token: tokens.admin,
      body,
    });
    expect(res.status).toBe(200);
    expect(res.json.data.customer_minimum_rates).toBe(true);
    expect(res.json.data.minimum_rates).toEqual([
      { translation_type_id: 1, name: 'Human', hour: '1.50', amount: '50.00' },
      { translation_type_id: 2, name: expect.any(String), hour: '0.00', amount: '0.00' },
      { translation_type_id: 3, name: expect.any(String), hour: '0.00', amount: '0.00' },
      { translation_type_id: 4, name: expect.any(String), hour: '0.00', amount: '20.00' },
    ]);
    await expectLastLog({ action: 'minimum_rates.update', customer_id: acme });
    expect(
      (await t.database.db.select().from(customers).where(eq(customers.id, acme)))[0]?.minimum_rates,
    ).toBe(true);
    expect(await minimumRateFor(t.database.db, acme, 1)).toEqual({ hour: '1.50', amount: '50.00' });
    const client = await call(t.app, 'GET', '/api/minimum-rates', {
      token: tokens.acmeAdmin,
      query: { customer_id: String(acme) },
    });
    expect(client.json.data).toEqual(res.json.data);
    const ownByDefault = await call(t.app, 'GET', '/api/minimum-rates', { token: tokens.acmeAdmin });
    expect(ownByDefault.json.data).toEqual(res.json.data);
    const staffMustSay = await call(t.app, 'GET', '/api/minimum-rates', { token: tokens.admin });
    expect(staffMustSay.status).toBe(422);
    expect(staffMustSay.json.errors).toEqual({ customer_id: ['This field is required.'] });
    // the flag off: no minimum applies
    await call(t.app, 'PUT', `/api/customers/${acme}/minimum-rates`, {
      token: tokens.admin,
      body: { ...body, customer_minimum_rates: false },
    });
    expect(await minimumRateFor(t.database.db, acme, 1)).toBeNull();
  });

  it('validates the values, flash hour 0, and writes nothing', async () => {
    const before = await t.database.db.select().from(minimumRates).where(eq(minimumRates.customer_id, acme));
    const res = await call(t.app, 'PUT', `/api/customers/${acme}/minimum-rates`, {
      token: tokens.admin,
      body: {
        customer_minimum_rates: 'yes',
        minimum_rates: [
          { translation_type_id: 4, hour: 2, amount: '1000000' },
          { translation_type_id: 2, hour: '0.001', amount: -1 },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      customer_minimum_rates: ['This value has the wrong type.'],
      'minimum_rates.0.amount': ['Must be at most 999999.99.'],
      'minimum_rates.0.hour': ['The hour minimum of the flash translation type is always 0.'],
      'minimum_rates.1.amount': ['Must be zero or more.'],
      'minimum_rates.1.hour': ['Use at most two decimals.'],
    });
    const unknownType = await call(t.app, 'PUT', `/api/customers/${acme}/minimum-rates`, {
      token: tokens.admin,
      body: {
        customer_minimum_rates: true,
        minimum_rates: [{ translation_type_id: 99, hour: 1, amount: 1 }],
      },
    });
    expect(unknownType.status).toBe(422);
    const twice = await call(t.app, 'PUT', `/api/customers/${acme}/minimum-rates`, {
      token: tokens.admin,
      body: { minimum_rates: [body.minimum_rates[0], body.minimum_rates[0]] },
    });
    expect(twice.json.errors).toEqual({ minimum_rates: ['Each translation type can appear only once.'] });
    expect(await t.database.db.select().from(minimumRates).where(eq(minimumRates.customer_id, acme))).toEqual(
      before,
    );
  });

  it('only the admin writes them; unknown customer 404', async () => {
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin'))
      expect(
        (await call(t.app, 'PUT', `/api/customers/${acme}/minimum-rates`, { token: tokens[role], body }))
          .status,
        role,
      ).toBe(403);
    expect(
      (await call(t.app, 'PUT', '/api/customers/999999/minimum-rates', { token: tokens.admin, body })).status,
    ).toBe(404);
  });
});

describe('payable grid', () => {
  const grid = {
    repetitions: 25,
    percent101: '25',
    percent100: '25.5',
    percent95: 50,
    percent85: 60,
    percent75: 90,
    percent50: 100,
    no_match: 100,
  };
  it('global by default; a customer gets its own and goes back', async () => {
    const global = await call(t.app, 'GET', '/api/payable-grid', { token: tokens.pm });
    expect(global.json.data).toEqual({
      customer_id: null,
      custom: false,
      grid: {
        percent101: '30.00',
        repetitions: '30.00',
        percent100: '30.00',
        percent95: '60.00',
        percent85: '60.00',
        percent75: '100.00',
        percent50: '100.00',
        no_match: '100.00',
      },
    });
    const put = await call(t.app, 'PUT', `/api/customers/${acme}/payable-grid`, {
      token: tokens.admin,
      body: grid,
    });
    expect(put.status).toBe(200);
    expect(put.json.data).toMatchObject({
      customer_id: acme,
      custom: true,
      grid: { percent100: '25.50', repetitions: '25.00' },
    });
    await expectLastLog({ action: 'payable_grid.customer_update', customer_id: acme });
    expect((await payableGridFor(t.database.db, acme)).percent100).toBe('25.50');
    expect((await payableGridFor(t.database.db, globex)).percent100).toBe('30.00');
    const del = await call(t.app, 'DELETE', `/api/customers/${acme}/payable-grid`, { token: tokens.admin });
    expect(del.json.data).toMatchObject({ custom: false, grid: { percent100: '30.00' } });
    expect((await payableGridFor(t.database.db, acme)).percent100).toBe('30.00');
  });

  it('the admin edits the global grid; validation; others refused', async () => {
    const bad = await call(t.app, 'PUT', '/api/payable-grid', {
      token: tokens.admin,
      body: { ...grid, percent95: '1000', no_match: undefined },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['no_match', 'percent95']);
    const ok = await call(t.app, 'PUT', '/api/payable-grid', {
      token: tokens.admin,
      body: { ...grid, no_match: '99.99' },
    });
    expect(ok.json.data.grid.no_match).toBe('99.99');
    expect((await payableGridFor(t.database.db, globex)).no_match).toBe('99.99');
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin')) {
      expect(
        (await call(t.app, 'PUT', '/api/payable-grid', { token: tokens[role], body: grid })).status,
        role,
      ).toBe(403);
      expect(
        (await call(t.app, 'PUT', `/api/customers/${acme}/payable-grid`, { token: tokens[role], body: grid }))
          .status,
        role,
      ).toBe(403);
      expect(
        (await call(t.app, 'DELETE', `/api/customers/${acme}/payable-grid`, { token: tokens[role] })).status,
        role,
      ).toBe(403);
    }
    expect(
      (await call(t.app, 'GET', '/api/customers/999999/payable-grid', { token: tokens.admin })).status,
    ).toBe(404);
  });
});

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
  });
});
