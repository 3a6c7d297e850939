// `/auth/me` is read on every page load. Whatever makes it fast must never show an old account: these
// tests run two apps on one database, as two server processes would, change what the reply shows
// through the API and in SQL (as a script or psql would), and read it from the other app.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';

type Account = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- replies read dynamically
import { customers, departments, users } from '../../db/schema/index.ts';

let t: TestApp;
let other: FastifyInstance;
let tokens: Record<RoleName, string>;
let acmeId: number;
let acmeAdminId: number;
let acmeUserId: number;
// Another process may take as long as a notification takes to arrive, never longer.
const soon = { timeout: 3_000, interval: 20 };

const me = async (app: FastifyInstance, token: string) => {
  const res = await call(app, 'GET', '/api/auth/me', { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
/** The account as both apps show it, once the other app shows what `check` expects. */
async function bothShow(token: string, check: (account: Account) => void) {
  for (const app of [t.app, other]) await vi.waitFor(async () => check(await me(app, token)), soon);
}

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp(t.config, t.database);
  await other.ready();
  tokens = await tokensByRole(t.app);
  const db = t.database.db;
  acmeId = (await db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!.id;
  acmeAdminId = (await db.select().from(users).where(eq(users.email, DEMO.acmeAdmin)))[0]!.id;
  acmeUserId = (await db.select().from(users).where(eq(users.email, DEMO.acmeUser)))[0]!.id;
  // Both apps have answered once, so a process that kept replies would have them.
  for (const app of [t.app, other])
    for (const token of [tokens.acmeAdmin, tokens.acmeUser]) await me(app, token);
}, 120_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('/auth/me shows the account as it is now', () => {
  it('reads the user, its company (balance to its admin only) and departments in one reply', async () => {
    const admin = await me(other, tokens.acmeAdmin);
    expect(admin).toMatchObject({
      id: acmeAdminId,
      type: 'CLIENT_ADMIN',
      customer: { id: acmeId, name: 'Acme' },
    });
    expect(admin.customer.balance).toMatch(/^-?\d+\.\d\d$/);
    expect(admin.customer.country).toMatchObject({ code: expect.any(String), name: expect.any(String) });
    const user = await me(other, tokens.acmeUser);
    expect(user.customer).not.toHaveProperty('balance');
    expect(user.departments.map((d: { title: string }) => d.title)).toContain('Marketing');
    expect((await me(other, tokens.pm)).customer).toBeNull();
  });

  it('a change of the user, in SQL or through the API, shows in both processes', async () => {
    await t.database.db
      .update(users)
      .set({ name: 'Renamed', lastname: 'In SQL' })
      .where(eq(users.id, acmeUserId));
    await bothShow(tokens.acmeUser, (a) => expect(a).toMatchObject({ name: 'Renamed', lastname: 'In SQL' }));
    const res = await call(t.app, 'POST', `/api/users/${acmeUserId}/language`, {
      token: tokens.acmeUser,
      body: { language: 'ca' },
    });
    expect(res.status).toBe(200);
    await bothShow(tokens.acmeUser, (a) => expect(a.language).toBe('ca'));
  });

  it('a change of its customer shows in both processes: name, settings, country, balance', async () => {
    const db = t.database.db;
    await db
      .update(customers)
      .set({ name: 'Acme Renamed', show_rates: false })
      .where(eq(customers.id, acmeId));
    await db.execute(
      sql`update customers set country_id = (select id from countries where code = 'FR') where id = ${acmeId}`,
    );
    for (const token of [tokens.acmeAdmin, tokens.acmeUser])
      await bothShow(token, (a) =>
        expect(a.customer).toMatchObject({
          name: 'Acme Renamed',
          show_rates: false,
          country: { code: 'FR' },
        }),
      );
    const before = (await me(other, tokens.acmeAdmin)).customer.balance as string;
    const bonus = await call(t.app, 'POST', '/api/bonuses', {
      token: tokens.admin,
      body: { customer_id: acmeId, amount: '12.34', description: 'Account test' },
    });
    expect(bonus.status).toBe(201);
    const after = (Number(before) + 12.34).toFixed(2);
    await bothShow(tokens.acmeAdmin, (a) => expect(a.customer.balance).toBe(after));
    await db.execute(
      sql`insert into bonuses (customer_id, amount, description) values (${acmeId}, 0.66, 'in SQL')`,
    );
    await bothShow(tokens.acmeAdmin, (a) =>
      expect(a.customer.balance).toBe((Number(after) + 0.66).toFixed(2)),
    );
  });

  it('a change of its departments shows in both processes: a title, a membership added and removed', async () => {
    const db = t.database.db;
    await db.update(departments).set({ title: 'Marketing EU' }).where(eq(departments.title, 'Marketing'));
    const titles = (a: Account) => a.departments.map((d: { title: string }) => d.title);
    await bothShow(tokens.acmeUser, (a) => expect(titles(a)).toContain('Marketing EU'));
    const [legal] = await db.insert(departments).values({ customer_id: acmeId, title: 'Legal' }).returning();
    await db.execute(
      sql`insert into department_users (department_id, user_id) values (${legal!.id}, ${acmeUserId})`,
    );
    await bothShow(tokens.acmeUser, (a) => expect(titles(a)).toEqual(['Legal', 'Marketing EU']));
    await db.execute(
      sql`delete from department_users where user_id = ${acmeUserId} and department_id <> ${legal!.id}`,
    );
    await bothShow(tokens.acmeUser, (a) => expect(titles(a)).toEqual(['Legal']));
  });
});
