import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { call, createTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { routesWithoutReplySchema } from '../../../test/replies.ts';
import { ROLE_NAMES, tokensByRole, type RoleName } from '../../../test/roles.ts';
import { countries, customers, tasks, languages } from '../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let epe: number;
let acmeId: number;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  epe = (await t.database.db.select().from(countries).where(eq(countries.code, 'EPE')))[0]!.id;
  acmeId = (await t.database.db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!.id;
});
afterAll(() => t.close());

const customerCount = async () => (await t.database.db.select({ n: count() }).from(customers))[0]?.n;
const newCustomer = (name: string) => ({ name, country_id: epe, town: 'Girona', payment_scheme: 'DEFERRED' });

describe('who may call the customer endpoints', () => {
  const table: Array<[string, string, (id: number) => string, unknown, RoleName[]]> = [
    ['GET', 'list', () => '/api/customers', undefined, ['admin', 'pm']],
    ['GET', 'show', (id) => `/api/customers/${id}`, undefined, ['admin', 'pm']],
    ['GET', 'users', (id) => `/api/customers/${id}/users`, undefined, ['admin', 'pm']],
    ['GET', 'IDCP', (id) => `/api/customers/${id}/IDCP`, undefined, ['admin', 'pm']],
    ['GET', 'MemoQ', (id) => `/api/customers/${id}/MemoQProjectId`, undefined, ['admin', 'pm']],
    ['GET', 'bonuses', (id) => `/api/bonuses?customer_id=${id}`, undefined, ['admin']],
    ['PUT', 'update', (id) => `/api/customers/${id}`, { name: 'Acme', country_id: 0 }, ['admin', 'pm']],
  ];
  for (const [method, what, url, body, allowed] of table) {
    it.each(ROLE_NAMES)(`${method} ${what}: %s`, async (role) => {
      const realBody = body
        ? { name: 'Acme', country_id: epe, payment_scheme: 'ON_DEMAND', show_rates: true }
        : undefined;
      const res = await call(t.app, method as 'GET', url(acmeId), { token: tokens[role], body: realBody });
      expect(res.status).toBe(allowed.includes(role) ? 200 : 403);
    });
  }
  it('answers 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/api/customers')).status).toBe(401);
  });
});

describe('customers', () => {
  it('the admin creates a customer (flat or wrapped in `customer`), with defaults', async () => {
    const flat = await call(t.app, 'POST', '/api/customers/store', {
      token: tokens.admin,
      body: { name: 'Initech', country_id: epe },
    });
    expect(flat.status).toBe(201);
    expect(flat.json.data).toMatchObject({
      name: 'Initech',
      payment_scheme: 'ON_DEMAND',
      is_active: true,
      show_rates: false,
      balance: '0.00',
      discount: '5.00',
    });
    expect(flat.json.data.country.code).toBe('EPE');
    const wrapped = await call(t.app, 'POST', '/api/customers/store', {
      token: tokens.admin,
      body: { customer: newCustomer('Umbrella'), lang: 'es' },
    });
    expect(wrapped.status).toBe(201);
    expect(wrapped.json.data).toMatchObject({
      name: 'Umbrella',
      payment_scheme: 'DEFERRED',
      discount: '0.00',
      town: 'Girona',
    });
  });

  it('refuses the PM and clients', async () => {
    for (const role of ['pm', 'acmeAdmin', 'acmeUser', 'globexAdmin'] as const) {
      expect(
        (await call(t.app, 'POST', '/api/customers/store', { token: tokens[role], body: newCustomer('X') }))
          .status,
      ).toBe(403);
    }
  });

  it('validates every field at once and writes nothing', async () => {
    const before = await customerCount();
    const res = await call(t.app, 'POST', '/api/customers/store', {
      token: tokens.admin,
      body: {
        name: ' ',
        town: 'x'.repeat(256),
        payment_scheme: 'LATER',
        success_representative_email: 'nope',
        lang: 'ca',
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      name: ['Aquest camp és obligatori.'],
      town: ['Ha de tenir com a màxim 255 caràcters.'],
      country_id: ['Aquest camp és obligatori.'],
      payment_scheme: ['Triï una de les opcions permeses.'],
      success_representative_email: ['Introdueixi una adreça de correu electrònic vàlida.'],
    });
    const unknownCountry = await call(t.app, 'POST', '/api/customers/store', {
      token: tokens.admin,
      body: { name: 'Y', country_id: 99999 },
    });
    expect(unknownCountry.status).toBe(422);
    expect(unknownCountry.json.errors.country_id).toHaveLength(1);
    expect(await customerCount()).toBe(before);
  });

  it('lists customers paged, with last login and its date', async () => {
    const res = await call(t.app, 'GET', '/api/customers', {
      token: tokens.pm,
      query: { page: '1', per_page: '2' },
    });
    expect(res.json.data).toMatchObject({ current_page: 1, per_page: 2 });
    expect(res.json.data.data).toHaveLength(2);
    const all = await call(t.app, 'GET', '/api/customers', { token: tokens.pm, query: { search: 'acme' } });
    expect(all.json.data.data).toEqual([
      expect.objectContaining({
        name: 'Acme',
        last_login: expect.stringMatching(/Alice Acme|Ulises Acme/),
        last_login_date: expect.any(String),
      }),
    ]);
  });

  it('the PM edits a customer; an unknown customer is 404', async () => {
    const res = await call(t.app, 'PUT', `/api/customers/${acmeId}`, {
      token: tokens.pm,
      body: { name: 'Acme Corp', country_id: epe, show_rates: true, is_active: true, tin: 'B999' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ name: 'Acme Corp', tin: 'B999' });
    expect(
      (
        await call(t.app, 'PUT', '/api/customers/99999', {
          token: tokens.pm,
          body: { name: 'Z', country_id: epe },
        })
      ).status,
    ).toBe(404);
    await call(t.app, 'PUT', `/api/customers/${acmeId}`, {
      token: tokens.pm,
      body: { name: 'Acme', country_id: epe, show_rates: true },
    });
  });

  it('an edit keeps the fields it does not send, and changes or clears the ones it sends', async () => {
    const created = await call(t.app, 'POST', '/api/customers/store', {
      token: tokens.admin,
      body: {
        ...newCustomer('Deferred Ltd'),
        address: 'Carrer Major 1',
        tin: 'B123',
        success_representative_email: 'Rep@Deferred.test',
        show_rates: true,
        is_active: true,
        discount_percentage: 7.5,
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id;
    const before = created.json.data;
    expect(before).toMatchObject({ payment_scheme: 'DEFERRED', discount_percentage: '7.50' });

    const renamed = await call(t.app, 'PUT', `/api/customers/${id}`, {
      token: tokens.pm,
      body: { name: 'Deferred Group', country_id: epe },
    });
    expect(renamed.status).toBe(200);
    const { name: _n, updated_at: _u, ...kept } = before;
    expect(renamed.json.data).toMatchObject({ ...kept, name: 'Deferred Group' });
    expect(renamed.json.data).toMatchObject({
      payment_scheme: 'DEFERRED',
      town: 'Girona',
      address: 'Carrer Major 1',
      tin: 'B123',
      success_representative_email: 'rep@deferred.test',
      show_rates: true,
      is_active: true,
      discount_percentage: '7.50',
    });

    const changed = await call(t.app, 'PUT', `/api/customers/${id}`, {
      token: tokens.admin,
      body: {
        customer: { name: 'Deferred Group', country_id: epe },
        payment_scheme: 'ON_DEMAND',
        show_rates: false,
        address: null,
        tin: '',
        discount_percentage: null,
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.data).toMatchObject({
      payment_scheme: 'ON_DEMAND',
      show_rates: false,
      address: null,
      tin: null,
      town: 'Girona',
      discount_percentage: null,
      discount: '5.00',
    });
    const invalid = await call(t.app, 'PUT', `/api/customers/${id}`, {
      token: tokens.admin,
      body: { name: 'Deferred Group', country_id: epe, payment_scheme: 'LATER', tin: 'x'.repeat(300) },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.json.errors).sort()).toEqual(['payment_scheme', 'tin']);
  });

  it('delete: only the admin; erased without history, deactivated with tasks', async () => {
    const created = await call(t.app, 'POST', '/api/customers/store', {
      token: tokens.admin,
      body: newCustomer('Shortlived'),
    });
    const id = created.json.data.id;
    expect((await call(t.app, 'DELETE', `/api/customers/${id}`, { token: tokens.pm })).status).toBe(403);
    const erased = await call(t.app, 'DELETE', `/api/customers/${id}`, { token: tokens.admin });
    expect(erased.json.data).toMatchObject({ deleted: true, deactivated: false });
    expect((await call(t.app, 'GET', `/api/customers/${id}`, { token: tokens.admin })).status).toBe(404);

    const kept = await call(t.app, 'POST', '/api/customers/store', {
      token: tokens.admin,
      body: newCustomer('Historic'),
    });
    const [en] = await t.database.db.select().from(languages).where(eq(languages.iso_code, 'en'));
    await t.database.db.insert(tasks).values({
      code: 'T-1',
      customer_id: kept.json.data.id,
      source_language_id: en!.id,
      translation_type_id: 4,
      description: 'Old job',
      state: 'DONE',
    });
    const res = await call(t.app, 'DELETE', `/api/customers/${kept.json.data.id}`, {
      token: tokens.admin,
      headers: { 'accept-language': 'es' },
    });
    expect(res.json.data).toMatchObject({ deleted: false, deactivated: true });
    expect(res.json.data.message).toMatch(/desactivado/);
    expect(
      (await call(t.app, 'GET', `/api/customers/${kept.json.data.id}`, { token: tokens.admin })).json.data
        .is_active,
    ).toBe(false);
  });

  it('a deactivated customer signs its users out and keeps them out', async () => {
    const globex = (await t.database.db.select().from(customers).where(eq(customers.name, 'Globex')))[0]!;
    await t.database.db.update(customers).set({ is_active: false }).where(eq(customers.id, globex.id));
    expect((await call(t.app, 'GET', '/api/auth/me', { token: tokens.globexAdmin })).status).toBe(401);
    const relogin = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: DEMO.globexAdmin, password: 'demo-password' },
    });
    expect(relogin.json.error_code).toBe(6);
    await t.database.db.update(customers).set({ is_active: true }).where(eq(customers.id, globex.id));
  });

  it('customer users, assigned projects and the discount', async () => {
    const users = await call(t.app, 'GET', `/api/customers/${acmeId}/users`, { token: tokens.pm });
    expect(users.json.data.users.map((u: { email: string }) => u.email).sort()).toEqual(
      [DEMO.acmeAdmin, DEMO.inactive, DEMO.acmeUser].sort(),
    );
    const assign = await call(t.app, 'POST', `/api/customers/${acmeId}/assigns`, {
      token: tokens.pm,
      body: { memoq_project_id: 'MQ-42', idcp_project_id: 'ID-7' },
    });
    expect(assign.status).toBe(200);
    expect(
      (await call(t.app, 'GET', `/api/customers/${acmeId}/MemoQProjectId`, { token: tokens.admin })).json
        .data,
    ).toBe('MQ-42');
    expect(
      (await call(t.app, 'GET', `/api/customers/${acmeId}/IDCP`, { token: tokens.admin })).json.data,
    ).toEqual({ idcp_project_id: 'ID-7' });
    expect(
      (await call(t.app, 'POST', `/api/customers/${acmeId}/assigns`, { token: tokens.pm, body: {} })).status,
    ).toBe(422);
    expect(
      (
        await call(t.app, 'POST', `/api/customers/${acmeId}/assigns`, {
          token: tokens.acmeAdmin,
          body: { memoq_project_id: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/customers/${acmeId}/discount`, { token: tokens.acmeUser })).json.data,
    ).toEqual({ discount: '5.00' });
    expect(
      (await call(t.app, 'GET', `/api/customers/${acmeId}/discount`, { token: tokens.globexAdmin })).status,
    ).toBe(404);
  });
});

describe('bonuses and balance', () => {
  it('the admin adds and takes balance; the balance is their sum', async () => {
    const me = await call(t.app, 'GET', '/api/auth/me', { token: tokens.acmeAdmin });
    const add = await call(t.app, 'POST', '/api/bonuses', {
      token: tokens.admin,
      body: { customer_id: acmeId, amount: '150.10', description: 'Welcome', users: [me.json.data.id] },
    });
    expect(add.status).toBe(201);
    expect(add.json.data.balance).toBe('150.10');
    const take = await call(t.app, 'POST', '/api/bonuses', {
      token: tokens.admin,
      body: { customer_id: acmeId, amount: -50.05 },
    });
    expect(take.json.data.balance).toBe('100.05');
    const list = await call(t.app, 'GET', '/api/bonuses', {
      token: tokens.admin,
      query: { customer_id: String(acmeId) },
    });
    expect(list.json.data.bonuses.map((b: { amount: string }) => b.amount)).toEqual(['-50.05', '150.10']);
    expect(list.json.data.bonuses[1].users).toEqual([
      { id: me.json.data.id, name: 'Alice', lastname: 'Acme' },
    ]);
    const company = await call(t.app, 'GET', '/api/auth/me', { token: tokens.acmeAdmin });
    expect(company.json.data.customer.balance).toBe('100.05');
  });

  it('validates the amount and the users, and refuses everyone but the admin', async () => {
    const bad = await call(t.app, 'POST', '/api/bonuses', {
      token: tokens.admin,
      body: { customer_id: acmeId, amount: '1000000' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.amount).toEqual(['Must be at most 999999.99.']);
    const decimals = await call(t.app, 'POST', '/api/bonuses', {
      token: tokens.admin,
      body: { customer_id: acmeId, amount: '1.001' },
    });
    expect(decimals.json.errors.amount).toEqual(['Use at most two decimals.']);
    const globexUser = await call(t.app, 'GET', '/api/auth/me', { token: tokens.globexAdmin });
    const foreign = await call(t.app, 'POST', '/api/bonuses', {
      token: tokens.admin,
      body: { customer_id: acmeId, amount: '5', users: [globexUser.json.data.id] },
    });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.json.errors)).toEqual(['users']);
    expect(
      (
        await call(t.app, 'POST', '/api/bonuses', {
          token: tokens.pm,
          body: { customer_id: acmeId, amount: '5' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('reply schemas', () => {
  it('every JSON route declares the shape of its answer', () => {
    expect(routesWithoutReplySchema(t.app, 'customers')).toEqual({ checked: 12, missing: [] });
  });

  it('the customer detail keeps every column, with its country, balance and discount', async () => {
    const res = await call(t.app, 'GET', `/api/customers/${acmeId}`, { token: tokens.admin });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, acmeId));
    expect(Object.keys(res.json.data).sort()).toEqual(
      [...Object.keys(row ?? {}), 'country', 'balance', 'discount'].sort(),
    );
    expect(res.json.data.created_at).toBe(row?.created_at.toISOString());
    expect(res.json.data.balance).toMatch(/^-?\d+\.\d{2}$/);
  });
});
