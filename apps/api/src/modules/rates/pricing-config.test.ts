import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { ROLE_NAMES, tokensByRole, type RoleName } from '../../../test/roles.ts';
import { actionLogs, customers, generalMinimumRates, minimumRates } from '../../db/schema/index.ts';
import { pricingTerms } from './service.ts';

type Conn = Parameters<typeof pricingTerms>[0];
const termsOf = (db: Conn, customerId: number, translationTypeId = 1) =>
  pricingTerms(db, { customerId, sourceLanguageId: 1, targetLanguageIds: [], translationTypeId });
const minimumRateFor = async (db: Conn, customerId: number, typeId: number) =>
  (await termsOf(db, customerId, typeId)).minimum;
const payableGridFor = async (db: Conn, customerId: number) => (await termsOf(db, customerId)).grid;

let t: TestApp;
let tokens: Record<RoleName, string>;
let acme: number;
let globex: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  const db = t.database.db;
  acme = (await db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!.id;
  globex = (await db.select().from(customers).where(eq(customers.name, 'Globex')))[0]!.id;
});
afterAll(() => t.close());

const lastLog = async () =>
  (await t.database.db.select().from(actionLogs).orderBy(desc(actionLogs.id)).limit(1))[0];
/** The action log row is written once the reply is sent: on PostgreSQL it may land a moment later. */
const expectLastLog = (match: Record<string, unknown>) =>
  vi.waitFor(async () => expect(await lastLog()).toMatchObject(match), { timeout: 3000, interval: 20 });

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

describe('general minimum rates (quotes without a customer)', () => {
  const body = {
    minimum_rates: [
      { translation_type_id: 1, hour: '1', amount: '35.5' },
      { translation_type_id: 4, hour: 0, amount: 15 },
    ],
  };
  const stored = () =>
    t.database.db.select().from(generalMinimumRates).orderBy(generalMinimumRates.translation_type_id);

  it('the admin reads one row per translation type and replaces them; the change is logged', async () => {
    const res = await call(t.app, 'PUT', '/api/general-minimum-rates', { token: tokens.admin, body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.minimum_rates).toHaveLength(4);
    expect(res.json.data.minimum_rates[0]).toMatchObject({
      translation_type_id: 1,
      hour: '1.00',
      amount: '35.50',
    });
    expect(res.json.data.minimum_rates[1]).toMatchObject({
      translation_type_id: 2,
      hour: '0.00',
      amount: '0.00',
    });
    expect((await stored()).map((r) => [r.translation_type_id, r.hour, r.amount])).toEqual([
      [1, '1.00', '35.50'],
      [4, '0.00', '15.00'],
    ]);
    await expectLastLog({ action: 'minimum_rates.general_update', customer_id: null });
    const read = await call(t.app, 'GET', '/api/general-minimum-rates', {
      token: tokens.admin,
      headers: { 'accept-language': 'es' },
    });
    expect(read.json.data.minimum_rates[0]).toMatchObject({ amount: '35.50' });
    expect(read.json.data.minimum_rates.map((r: { name: string }) => r.name)).not.toContain('');
  });

  it('validates the values (en, es), flash hour 0, types once and known, and writes nothing', async () => {
    const before = await stored();
    const bad = await call(t.app, 'PUT', '/api/general-minimum-rates', {
      token: tokens.admin,
      body: {
        minimum_rates: [
          { translation_type_id: 4, hour: 2, amount: '1000000' },
          { translation_type_id: 2, hour: '0.001', amount: -1 },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({
      'minimum_rates.0.amount': ['Must be at most 999999.99.'],
      'minimum_rates.0.hour': ['The hour minimum of the flash translation type is always 0.'],
      'minimum_rates.1.amount': ['Must be zero or more.'],
      'minimum_rates.1.hour': ['Use at most two decimals.'],
    });
    const es = await call(t.app, 'PUT', '/api/general-minimum-rates', {
      token: tokens.admin,
      body: { minimum_rates: [{ translation_type_id: 1, hour: 1, amount: -1 }], lang: 'es' },
    });
    expect(es.status).toBe(422);
    expect(es.json.errors['minimum_rates.0.amount'][0]).not.toBe('Must be zero or more.');
    const twice = await call(t.app, 'PUT', '/api/general-minimum-rates', {
      token: tokens.admin,
      body: { minimum_rates: [body.minimum_rates[0], body.minimum_rates[0]] },
    });
    expect(twice.json.errors).toEqual({ minimum_rates: ['Each translation type can appear only once.'] });
    const unknownType = await call(t.app, 'PUT', '/api/general-minimum-rates', {
      token: tokens.admin,
      body: { minimum_rates: [{ translation_type_id: 99, hour: 1, amount: 1 }] },
    });
    expect(unknownType.status).toBe(422);
    const missing = await call(t.app, 'PUT', '/api/general-minimum-rates', { token: tokens.admin, body: {} });
    expect(missing.status).toBe(422);
    // A null item is a 422 naming it, not a 500 (here and on a customer's minimums).
    for (const url of ['/api/general-minimum-rates', `/api/customers/${acme}/minimum-rates`]) {
      const nullItem = await call(t.app, 'PUT', url, {
        token: tokens.admin,
        body: { minimum_rates: [null] },
      });
      expect(nullItem.status, url).toBe(422);
      expect(Object.keys(nullItem.json.errors), url).toEqual(['minimum_rates.0']);
    }
    expect(await stored()).toEqual(before);
  });

  it('only VERBA_ADMIN reads or writes them', async () => {
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin')) {
      expect(
        (await call(t.app, 'GET', '/api/general-minimum-rates', { token: tokens[role] })).status,
        role,
      ).toBe(403);
      expect(
        (await call(t.app, 'PUT', '/api/general-minimum-rates', { token: tokens[role], body })).status,
        role,
      ).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/general-minimum-rates')).status).toBe(401);
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
