import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { routesWithoutReplySchema } from '../../../test/replies.ts';
import { ROLE_NAMES, tokensByRole, type RoleName } from '../../../test/roles.ts';
import { departments } from '../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let acmeUserId: number;
let marketingId: number;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  acmeUserId = (await call(t.app, 'GET', '/api/auth/me', { token: tokens.acmeUser })).json.data.id;
  marketingId = (await call(t.app, 'GET', '/api/departments', { token: tokens.acmeAdmin })).json.data[0].id;
});
afterAll(() => t.close());

const deptCount = async () => (await t.database.db.select({ n: count() }).from(departments))[0]?.n;

describe('departments', () => {
  it.each(ROLE_NAMES)('GET /api/departments for %s: client admins only, each its own', async (role) => {
    const res = await call(t.app, 'GET', '/api/departments', { token: tokens[role] });
    if (role === 'acmeAdmin') {
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual([
        expect.objectContaining({
          title: 'Marketing',
          users: [expect.objectContaining({ name: 'Ulises', lastname: 'Acme' })],
        }),
      ]);
    } else if (role === 'globexAdmin') {
      expect(res.json.data).toEqual([]);
    } else {
      expect(res.status).toBe(403);
    }
  });

  it('another customer’s department is 404 for every call', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { title: 'Hijacked' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/api/departments/${marketingId}`, {
        token: tokens.globexAdmin,
        body,
      });
      expect(res.status).toBe(404);
    }
    expect(
      (await call(t.app, 'GET', `/api/departments/${marketingId}`, { token: tokens.acmeAdmin })).json.data
        .title,
    ).toBe('Marketing');
  });

  it('creates with a required title, edits title and users, refuses foreign users', async () => {
    const before = await deptCount();
    const empty = await call(t.app, 'POST', '/api/departments/store', {
      token: tokens.acmeAdmin,
      body: { title: '  ', lang: 'es' },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.errors.title).toEqual(['Este campo es obligatorio.']);
    expect(await deptCount()).toBe(before);

    const created = await call(t.app, 'POST', '/api/departments/store', {
      token: tokens.acmeAdmin,
      body: { title: 'Legal' },
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id;
    const edited = await call(t.app, 'PUT', `/api/departments/${id}`, {
      token: tokens.acmeAdmin,
      body: { title: 'Legal & Compliance', users: [acmeUserId] },
    });
    expect(edited.json.data).toMatchObject({
      title: 'Legal & Compliance',
      users: [expect.objectContaining({ id: acmeUserId })],
    });

    const globexAdminId = (await call(t.app, 'GET', '/api/auth/me', { token: tokens.globexAdmin })).json.data
      .id;
    const foreign = await call(t.app, 'PUT', `/api/departments/${id}`, {
      token: tokens.acmeAdmin,
      body: { title: 'X', users: [globexAdminId] },
    });
    expect(foreign.status).toBe(422);
    expect(
      (await call(t.app, 'GET', `/api/departments/${id}`, { token: tokens.acmeAdmin })).json.data.title,
    ).toBe('Legal & Compliance');

    expect(
      (
        await call(t.app, 'POST', '/api/departments/store', {
          token: tokens.acmeUser,
          body: { title: 'Nope' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/departments/store', { token: tokens.pm, body: { title: 'Nope' } }))
        .status,
    ).toBe(403);
  });

  it('refuses to delete a department that has users, saying how many and who', async () => {
    const res = await call(t.app, 'DELETE', `/api/departments/${marketingId}`, { token: tokens.acmeAdmin });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('You cannot delete the department.');
    expect(res.json.errors.users).toEqual([
      'It still has 1 user: Ulises Acme. Move them to another department first.',
    ]);
    const empty = await call(t.app, 'POST', '/api/departments/store', {
      token: tokens.acmeAdmin,
      body: { title: 'Temp' },
    });
    const del = await call(t.app, 'DELETE', `/api/departments/${empty.json.data.id}`, {
      token: tokens.acmeAdmin,
    });
    expect(del.status).toBe(200);
  });

  it('titles are unique per customer, case-insensitively: a translated 422 on title on create and update', async () => {
    const taken = await call(t.app, 'POST', '/api/departments/store', {
      token: tokens.acmeAdmin,
      body: { title: '  marketing ', lang: 'es' },
    });
    expect(taken.status).toBe(422);
    expect(taken.json.errors).toEqual({ title: ['Su empresa ya tiene un departamento con este nombre.'] });
    // Another customer may use the same title.
    const globex = await call(t.app, 'POST', '/api/departments/store', {
      token: tokens.globexAdmin,
      body: { title: 'MARKETING' },
    });
    expect(globex.status).toBe(201);
    const sales = await call(t.app, 'POST', '/api/departments/store', {
      token: tokens.acmeAdmin,
      body: { title: 'Sales' },
    });
    expect(sales.status).toBe(201);
    const renamed = await call(t.app, 'PUT', `/api/departments/${sales.json.data.id}`, {
      token: tokens.acmeAdmin,
      body: { title: 'MarKeting', lang: 'ca' },
    });
    expect(renamed.status).toBe(422);
    expect(renamed.json.errors).toEqual({ title: ['La seva empresa ja té un departament amb aquest nom.'] });
    // Its own title, in another case, is not a clash.
    const recased = await call(t.app, 'PUT', `/api/departments/${sales.json.data.id}`, {
      token: tokens.acmeAdmin,
      body: { title: 'SALES' },
    });
    expect(recased.status).toBe(200);
    const titles = (await call(t.app, 'GET', '/api/departments', { token: tokens.acmeAdmin })).json.data.map(
      (d: { title: string }) => d.title.toLowerCase(),
    );
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('a duplicate stored before the rule keeps its title when edited; a new save of it is refused', async () => {
    const [acme] = (await call(t.app, 'GET', '/api/departments', { token: tokens.acmeAdmin })).json.data;
    const customerId = (
      await t.database.db.select({ c: departments.customer_id }).from(departments).limit(1)
    )[0]!.c;
    const [old] = await t.database.db
      .insert(departments)
      .values({ customer_id: customerId, title: acme.title.toUpperCase() })
      .returning();
    const kept = await call(t.app, 'PUT', `/api/departments/${old!.id}`, {
      token: tokens.acmeAdmin,
      body: { title: acme.title.toUpperCase(), users: [] },
    });
    expect(kept.status).toBe(200);
    const again = await call(t.app, 'POST', '/api/departments/store', {
      token: tokens.acmeAdmin,
      body: { title: acme.title },
    });
    expect(again.status).toBe(422);
    await t.database.db.delete(departments).where(eq(departments.id, old!.id));
  });

  it('GET /api/users/departments: the client admin sees all, the client user its own, staff refused', async () => {
    const admin = await call(t.app, 'GET', '/api/users/departments', { token: tokens.acmeAdmin });
    expect(admin.json.data.departments.length).toBeGreaterThanOrEqual(2);
    const user = await call(t.app, 'GET', '/api/users/departments', { token: tokens.acmeUser });
    expect(user.json.data.departments.map((d: { title: string }) => d.title).sort()).toEqual([
      'Legal & Compliance',
      'Marketing',
    ]);
    expect((await call(t.app, 'GET', '/api/users/departments', { token: tokens.pm })).status).toBe(403);
  });
});

describe('reply schemas', () => {
  it('every JSON route declares the shape of its answer', () => {
    expect(routesWithoutReplySchema(t.app, 'departments')).toEqual({ checked: 6, missing: [] });
  });
});
