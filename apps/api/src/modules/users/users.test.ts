import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { routesWithoutReplySchema } from '../../../test/replies.ts';
import { ROLE_NAMES, tokensByRole, type RoleName } from '../../../test/roles.ts';
import { userBody } from '@verba/contracts';
import { customers, mailOutbox, users } from '../../db/schema/index.ts';
import { systemActor } from '../../lib/service.ts';
import { createUser, deleteUserById } from './service.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let acmeId: number;
let globexId: number;
let marketingId: number;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  const rows = await t.database.db.select().from(customers);
  acmeId = rows.find((c) => c.name === 'Acme')!.id;
  globexId = rows.find((c) => c.name === 'Globex')!.id;
  for (const u of await t.database.db.select().from(users)) ids[u.email] = u.id;
  marketingId = (await call(t.app, 'GET', '/api/departments', { token: tokens.acmeAdmin })).json.data[0].id;
});
afterAll(() => t.close());

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n;
const person = (email: string, type: string, extra: object = {}) => ({
  name: 'New',
  lastname: 'Person',
  email,
  type,
  ...extra,
});

describe('who may manage users', () => {
  it.each(ROLE_NAMES)('GET /api/users as %s', async (role) => {
    const res = await call(t.app, 'GET', '/api/users', { token: tokens[role] });
    if (role === 'admin') expect(res.json.data.total).toBe(6);
    else if (role === 'acmeAdmin') {
      expect(res.json.data.data.map((u: { email: string }) => u.email).sort()).toEqual(
        [DEMO.acmeAdmin, DEMO.inactive, DEMO.acmeUser].sort(),
      );
    } else if (role === 'globexAdmin')
      expect(res.json.data.data.map((u: { email: string }) => u.email)).toEqual([DEMO.globexAdmin]);
    else expect(res.status).toBe(403);
  });

  it('another customer’s user is 404 for a client admin, on every call', async () => {
    const target = ids[DEMO.acmeUser];
    expect((await call(t.app, 'GET', `/api/users/${target}`, { token: tokens.globexAdmin })).status).toBe(
      404,
    );
    expect(
      (
        await call(t.app, 'PUT', `/api/users/${target}`, {
          token: tokens.globexAdmin,
          body: person('x@y.test', 'CLIENT_USER'),
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/users/${target}`, { token: tokens.globexAdmin })).status).toBe(
      404,
    );
    expect((await call(t.app, 'GET', `/api/users/${target}`, { token: tokens.acmeAdmin })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/users/${target}`, { token: tokens.pm })).status).toBe(403);
  });
});

describe('creating users', () => {
  it('a client admin creates a client user in a department; the user gets a mail to set a password', async () => {
    const res = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.acmeAdmin,
      body: person('Nina@Acme.test', 'CLIENT_USER', {
        departments: [marketingId],
        language: 'ca',
        customer_id: globexId,
        bonus: 10,
      }),
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      email: 'nina@acme.test',
      type: 'CLIENT_USER',
      customer_id: acmeId,
      departments: [{ id: marketingId, title: 'Marketing' }],
    });
    expect(res.json.data).not.toHaveProperty('bonus');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'nina@acme.test'));
    expect(row?.password_hash).toBeNull();
    expect(row?.bonus).toBeNull();
    const [mail] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail?.to).toBe('nina@acme.test');
    expect(mail?.subject).toBe('El seu compte de Verba està a punt');
    expect(mail?.text).toMatch(/http:\/\/portal\.test\/login\/reset\/[\w-]+\?email=nina%40acme\.test/);
    expect(mail?.text).not.toMatch(/password:/i);
  });

  it('type rules: client admin -> CLIENT_ADMIN/CLIENT_USER; admin -> staff or CLIENT_ADMIN; from a customer only CLIENT_ADMIN', async () => {
    const clientStaff = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.acmeAdmin,
      body: person('boss@acme.test', 'VERBA_ADMIN'),
    });
    expect(clientStaff.status).toBe(422);
    expect(clientStaff.json.errors).toEqual({ type: ['Choose one of the allowed options.'] });

    const pm = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.admin,
      body: person('pm2@verba.test', 'VERBA_PM', { bonus: '12.50' }),
    });
    expect(pm.status).toBe(201);
    expect(pm.json.data).toMatchObject({ type: 'VERBA_PM', customer_id: null, bonus: '12.50' });

    const fromCustomer = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.admin,
      body: person('pm3@verba.test', 'VERBA_PM', { from_customer: true, customer_id: acmeId }),
    });
    expect(fromCustomer.json.errors).toEqual({ type: ['Choose one of the allowed options.'] });
    const clientAdmin = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.admin,
      body: person('admin2@globex.test', 'CLIENT_ADMIN', { from_customer: true, customer_id: globexId }),
    });
    expect(clientAdmin.json.data).toMatchObject({ type: 'CLIENT_ADMIN', customer_id: globexId });
    const noCustomer = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.admin,
      body: person('lost@x.test', 'CLIENT_ADMIN'),
    });
    expect(noCustomer.json.errors).toEqual({ customer_id: ['This field is required.'] });

    for (const role of ['pm', 'acmeUser'] as const) {
      expect(
        (
          await call(t.app, 'POST', '/api/users/store', {
            token: tokens[role],
            body: person('z@z.test', 'CLIENT_USER'),
          })
        ).status,
      ).toBe(403);
    }
  });

  it('validates every field, email unique, bonus bounds; nothing written', async () => {
    const before = await userCount();
    const res = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.admin,
      body: { name: '', lastname: '', email: 'nope', type: 'KING', bonus: 0, lang: 'es' },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      name: ['Este campo es obligatorio.'],
      lastname: ['Este campo es obligatorio.'],
      email: ['Introduzca una dirección de correo electrónico válida.'],
      type: ['Elija una de las opciones permitidas.'],
      bonus: ['Debe ser como mínimo 0.01.'],
    });
    const taken = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.admin,
      body: person(DEMO.pm.toUpperCase(), 'VERBA_PM'),
    });
    expect(taken.json.errors).toEqual({ email: ['This email address is already in use.'] });
    const validate = await call(t.app, 'POST', '/api/users/validate', {
      token: tokens.admin,
      body: person(DEMO.pm, 'VERBA_PM'),
    });
    expect(validate.status).toBe(422);
    const ok = await call(t.app, 'POST', '/api/users/validate', {
      token: tokens.admin,
      body: person('fresh@verba.test', 'VERBA_PM'),
    });
    expect(ok.json.data).toEqual({ valid: true });
    expect(await userCount()).toBe(before);
  });
});

describe('whose emails a check reveals', () => {
  const FREE = 'free-email@nowhere.test';
  const bodyFor = (role: RoleName, email: string) =>
    person(email, role === 'admin' ? 'VERBA_PM' : 'CLIENT_ADMIN');
  // Per caller: the emails it is told are taken; any other answers like a free email.
  const taken: Record<RoleName, string[] | 'refused'> = {
    admin: [DEMO.acmeUser, DEMO.inactive, DEMO.globexAdmin, DEMO.pm, DEMO.admin],
    pm: 'refused',
    acmeAdmin: [DEMO.acmeUser, DEMO.inactive],
    acmeUser: 'refused',
    globexAdmin: [DEMO.globexAdmin],
  };

  it.each(ROLE_NAMES)('POST /api/users/validate as %s', async (role) => {
    const check = (email: string) =>
      call(t.app, 'POST', '/api/users/validate', { token: tokens[role], body: bodyFor(role, email) });
    const free = await check(FREE);
    const expected = taken[role];
    if (expected === 'refused') {
      expect(free.status).toBe(403);
      return;
    }
    expect(free.status).toBe(200);
    expect(free.json).toEqual({ data: { valid: true } });
    for (const email of [DEMO.acmeUser, DEMO.inactive, DEMO.globexAdmin, DEMO.pm, DEMO.admin]) {
      const res = await check(email);
      if (expected.includes(email)) {
        expect(res.status).toBe(422);
        expect(res.json.errors).toEqual({ email: ['This email address is already in use.'] });
      } else {
        expect({ status: res.status, json: res.json }).toEqual({ status: free.status, json: free.json });
      }
    }
  });

  it('two simultaneous creations with one new email: one is created, the other is told the email is taken', async () => {
    const store = (token: string, email: string) =>
      call(t.app, 'POST', '/api/users/store', {
        token,
        body: person(email, token === tokens.admin ? 'VERBA_PM' : 'CLIENT_ADMIN'),
      });
    const staff = await Promise.all([
      store(tokens.admin, 'twin@verba.test'),
      store(tokens.admin, 'twin@verba.test'),
    ]);
    expect(staff.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(staff.find((r) => r.status === 422)?.json.errors).toEqual({
      email: ['This email address is already in use.'],
    });
    // Racing staff for an email, a client admin that loses is told neutrally; staff plainly.
    const [byStaff, byClient] = await Promise.all([
      store(tokens.admin, 'twin2@verba.test'),
      store(tokens.acmeAdmin, 'twin2@verba.test'),
    ]);
    expect([byStaff?.status, byClient?.status].sort()).toEqual([201, 422]);
    if (byClient?.status === 422) {
      expect(byClient.json.errors).toEqual({
        email: ['This email address cannot be used. Choose another one.'],
      });
    } else {
      expect(byStaff?.json.errors).toEqual({ email: ['This email address is already in use.'] });
    }
  });

  it('a client admin cannot create a user with another tenant’s or staff’s email, and is told neutrally', async () => {
    const before = await userCount();
    for (const email of [DEMO.globexAdmin, DEMO.pm]) {
      const res = await call(t.app, 'POST', '/api/users/store', {
        token: tokens.acmeAdmin,
        body: person(email, 'CLIENT_ADMIN'),
      });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ email: ['This email address cannot be used. Choose another one.'] });
    }
    const es = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.globexAdmin,
      body: { ...person(DEMO.acmeUser, 'CLIENT_ADMIN'), lang: 'es' },
    });
    expect(es.json.errors).toEqual({
      email: ['Esta dirección de correo electrónico no se puede usar. Elija otra.'],
    });
    const own = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.acmeAdmin,
      body: person(DEMO.acmeUser, 'CLIENT_ADMIN'),
    });
    expect(own.json.errors).toEqual({ email: ['This email address is already in use.'] });
    // Nor may it move one of its users onto such an email.
    const edit = await call(t.app, 'PUT', `/api/users/${ids[DEMO.inactive]}`, {
      token: tokens.acmeAdmin,
      body: person(DEMO.globexAdmin, 'CLIENT_ADMIN'),
    });
    expect(edit.status).toBe(422);
    expect(edit.json.errors).toEqual({ email: ['This email address cannot be used. Choose another one.'] });
    // Staff keep being told it is in use.
    const staff = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.admin,
      body: person(DEMO.globexAdmin, 'VERBA_PM'),
    });
    expect(staff.json.errors).toEqual({ email: ['This email address is already in use.'] });
    expect(await userCount()).toBe(before);
  });
});

describe('editing and deleting users', () => {
  it('editing yourself keeps your type and active state', async () => {
    const me = ids[DEMO.acmeAdmin]!;
    const res = await call(t.app, 'PUT', `/api/users/${me}`, {
      token: tokens.acmeAdmin,
      body: person(DEMO.acmeAdmin, 'CLIENT_USER', { name: 'Alicia', is_active: false }),
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ name: 'Alicia', type: 'CLIENT_ADMIN', is_active: true });
  });

  it('deactivating a user ends its sessions', async () => {
    const target = ids[DEMO.acmeUser]!;
    const res = await call(t.app, 'PUT', `/api/users/${target}`, {
      token: tokens.acmeAdmin,
      body: {
        name: 'Ulises',
        lastname: 'Acme',
        email: DEMO.acmeUser,
        type: 'CLIENT_USER',
        departments: [marketingId],
        is_active: false,
      },
    });
    expect(res.json.data.is_active).toBe(false);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: tokens.acmeUser })).status).toBe(401);
    await call(t.app, 'PUT', `/api/users/${target}`, {
      token: tokens.acmeAdmin,
      body: {
        name: 'Ulises',
        lastname: 'Acme',
        email: DEMO.acmeUser,
        type: 'CLIENT_USER',
        departments: [marketingId],
        is_active: true,
      },
    });
  });

  it('nobody deletes themselves; others are deleted', async () => {
    const self = await call(t.app, 'DELETE', `/api/users/${ids[DEMO.admin]}`, { token: tokens.admin });
    expect(self.status).toBe(422);
    expect(self.json.message).toBe('The current user cannot be deleted.');
    const created = await call(t.app, 'POST', '/api/users/store', {
      token: tokens.acmeAdmin,
      body: person('temp@acme.test', 'CLIENT_ADMIN'),
    });
    const del = await call(t.app, 'DELETE', `/api/users/${created.json.data.id}`, {
      token: tokens.acmeAdmin,
    });
    expect(del.json.data).toMatchObject({ deleted: true });
    expect(
      (await call(t.app, 'GET', `/api/users/${created.json.data.id}`, { token: tokens.admin })).status,
    ).toBe(404);
  });

  it('GET /api/users/payment-scheme answers the client’s scheme', async () => {
    expect(
      (await call(t.app, 'GET', '/api/users/payment-scheme', { token: tokens.globexAdmin })).json.data,
    ).toEqual({ payment_scheme: 'DEFERRED' });
    const acmeUser = await login(t.app, DEMO.acmeUser);
    expect((await call(t.app, 'GET', '/api/users/payment-scheme', { token: acmeUser })).json.data).toEqual({
      payment_scheme: 'ON_DEMAND',
    });
    expect((await call(t.app, 'GET', '/api/users/payment-scheme', { token: tokens.pm })).json.data).toEqual({
      payment_scheme: null,
    });
  });
});

describe('reply schemas', () => {
  it('every JSON route declares the shape of its answer', () => {
    expect(routesWithoutReplySchema(t.app, 'users')).toEqual({ checked: 9, missing: [] });
  });
});

describe('the users service without a request (a job or the CLI)', () => {
  it('creates and deletes a user for a system actor, handing back each action log entry', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, DEMO.admin));
    if (!admin) throw new Error('no demo admin');
    const actor = systemActor({ ...admin, type: admin.type, language: 'en', session_id: 0 });
    const input = userBody.parse({
      name: 'Job',
      lastname: 'Made',
      email: 'job@verba.test',
      type: 'VERBA_PM',
    });
    const created = await createUser(t.app, actor, input);
    expect(created.data).toMatchObject({ email: 'job@verba.test', type: 'VERBA_PM', customer: null });
    expect(created.log).toEqual({
      key: 'users.created',
      params: { type: 'VERBA_PM', email: 'job@verba.test' },
      customerId: null,
    });
    const deleted = await deleteUserById(t.app, actor, created.data.id);
    expect(deleted).toEqual({
      data: { deleted: true, deactivated: false, message: 'The user was deleted.' },
      log: { key: 'users.deleted', params: { email: 'job@verba.test' }, customerId: null },
    });
  });
});
