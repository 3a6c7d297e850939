import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@verba/contracts';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, type TestApp } from '../../../test/harness.ts';
import { routesWithoutReplySchema } from '../../../test/replies.ts';
import { actionLogs, sessions, users } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // The wait is long so that a loaded machine slows the crowd of sign-ins but never refuses them.
    login: {
      maxPerIpPerMinute: 1000,
      maxFailuresPerAccount: 5,
      failureWindowMinutes: 15,
      slotWaitSeconds: 600,
    },
  });
});
afterAll(() => t.close());

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n;

describe('POST /api/auth/login', () => {
  it.each([
    [DEMO.admin, 'VERBA_ADMIN', 'en'],
    [DEMO.pm, 'VERBA_PM', 'ca'],
    [DEMO.acmeAdmin, 'CLIENT_ADMIN', 'en'],
    [DEMO.acmeUser, 'CLIENT_USER', 'es'],
    [DEMO.globexAdmin, 'CLIENT_ADMIN', 'en'],
  ])('signs in %s as %s with language and token expiry', async (email, type, language) => {
    const res = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: email.toUpperCase(), password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.user).toMatchObject({ email, type, language });
    expect(res.json.data.access_token).toMatch(/^[\w-]{40,}$/);
    expect(res.json.data.token_type).toBe('Bearer');
    expect(res.json.data.expires_in).toBe(8 * 60 * 60);
    expect(res.json.data.user).not.toHaveProperty('password_hash');
  });

  it('shows the balance to a client admin only', async () => {
    const admin = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: DEMO.acmeAdmin, password: DEMO_PASSWORD },
    });
    const user = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: DEMO.acmeUser, password: DEMO_PASSWORD },
    });
    expect(admin.json.data.user.customer.balance).toBe('0.00');
    expect(user.json.data.user.customer).not.toHaveProperty('balance');
    expect(user.json.data.user.departments).toEqual([{ id: expect.any(Number), title: 'Marketing' }]);
  });

  it('answers a wrong password and an unknown email the same way (401, error_code 2)', async () => {
    const wrong = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: DEMO.pm, password: 'nope-nope' },
    });
    const unknown = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: 'ghost@nowhere.test', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'Incorrect credentials', error_code: ERROR_CODES.BAD_CREDENTIALS });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
  });

  it('answers an inactive user with error_code 6, but only with the right password', async () => {
    const right = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: DEMO.inactive, password: DEMO_PASSWORD },
    });
    expect(right.status).toBe(401);
    expect(right.json.error_code).toBe(ERROR_CODES.INACTIVE_USER);
    const wrong = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: DEMO.inactive, password: 'wrong-one' },
    });
    expect(wrong.json.error_code).toBe(ERROR_CODES.BAD_CREDENTIALS);
  });

  it('translates messages by lang, then Accept-Language, unknown -> en', async () => {
    const body = { email: DEMO.pm, password: 'nope-nope' };
    const es = await call(t.app, 'POST', '/api/auth/login', {
      body,
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    const ca = await call(t.app, 'POST', '/api/auth/login', {
      body: { ...body, lang: 'ca' },
      headers: { 'accept-language': 'es' },
    });
    const fr = await call(t.app, 'POST', '/api/auth/login', {
      body,
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(es.json.message).toBe('Credenciales incorrectas');
    expect(ca.json.message).toBe('Credencials incorrectes');
    expect(fr.json.message).toBe('Incorrect credentials');
  });

  it('rejects bad input with 4xx and writes nothing', async () => {
    const before = await userCount();
    const missing = await call(t.app, 'POST', '/api/auth/login', { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });

    const wrongTypes = await call(t.app, 'POST', '/api/auth/login', { body: { email: 42, password: ['x'] } });
    expect(wrongTypes.status).toBe(422);
    expect(Object.keys(wrongTypes.json.errors).sort()).toEqual(['email', 'password']);

    const unknownField = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: DEMO.pm, password: DEMO_PASSWORD, is_admin: true },
    });
    expect(unknownField.status).toBe(422);
    expect(unknownField.json.errors.is_admin).toEqual(['Unknown field: is_admin.']);

    const malformed = await call(t.app, 'POST', '/api/auth/login', {
      body: '{"email": "x"',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toBe('The request body is not valid JSON.');

    const huge = await call(t.app, 'POST', '/api/auth/login', {
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);

    const sqlish = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: "' OR 1=1; DROP TABLE users; --", password: "' OR '1'='1" },
    });
    expect(sqlish.status).toBe(401);
    expect(sqlish.json.error_code).toBe(2);
    expect(await userCount()).toBe(before);
  });

  it('logs successful and failed sign-ins with the email', async () => {
    await login(t.app, DEMO.globexAdmin);
    const rows = await t.database.db
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.user_email, DEMO.globexAdmin));
    expect(rows.some((r) => r.action === 'auth.login' && r.customer_name === 'Globex')).toBe(true);
  });
});

describe('login rate limits', () => {
  it('locks an account after repeated failures, even for the right password, whatever the IP', async () => {
    const email = DEMO.globexAdmin;
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'POST', '/api/auth/login', {
        body: { email, password: `wrong-${i}` },
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const locked = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/Too many failed sign-in attempts/);
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    // another account is not affected
    expect(
      (await call(t.app, 'POST', '/api/auth/login', { body: { email: DEMO.pm, password: DEMO_PASSWORD } }))
        .status,
    ).toBe(200);
  });
});

describe('login lock under parallel attempts', () => {
  /** A fresh account with the demo password, so the lock of other tests does not touch it. */
  async function freshUser(email: string) {
    const [demo] = await t.database.db.select().from(users).where(eq(users.email, DEMO.acmeUser));
    if (!demo) throw new Error('no demo user');
    const { id: _id, ...copy } = demo;
    await t.database.db.insert(users).values({ ...copy, email });
  }
  const failures = async (email: string) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(actionLogs)
        .where(sql`${actionLogs.action} = 'auth.login_failed' and ${actionLogs.user_email} = ${email}`)
    )[0]?.n;

  it('lets at most 5 of 20 simultaneous wrong passwords reach the password check', async () => {
    const email = 'racer@acme.test';
    await freshUser(email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, 'POST', '/api/auth/login', {
          body: { email, password: `wrong-${i}` },
          headers: { 'x-forwarded-for': `10.1.0.${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    // A 401 is answered only after the password was checked.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(await failures(email)).toBeLessThanOrEqual(5);
    const locked = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/Too many failed sign-in attempts/);
  });

  it('signs in every one of 60 simultaneous right passwords over 5 accounts (none counts as a failure)', async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `crowd${i}@acme.test`);
    for (const email of emails) await freshUser(email);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(t.app, 'POST', '/api/auth/login', {
          body: { email: emails[i % 5], password: DEMO_PASSWORD },
          headers: { 'x-forwarded-for': `10.2.0.${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 60 }, () => 200));
    for (const email of emails) expect(await failures(email)).toBe(0);
  });

  it('signs in with the right password within the limit, and that attempt does not count', async () => {
    const email = 'steady@acme.test';
    await freshUser(email);
    for (let i = 0; i < 4; i++) {
      const res = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: `wrong-${i}` } });
      expect(res.status).toBe(401);
    }
    const ok = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    expect(ok.status).toBe(200);
    expect(await failures(email)).toBe(4);
    const fifth = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'wrong-5' } });
    expect(fifth.status).toBe(401);
    const locked = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    expect(locked.status).toBe(429);
    expect(await failures(email)).toBe(5);
  });
});

describe('login rate limit per IP', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      login: { maxPerIpPerMinute: 3, maxFailuresPerAccount: 100, failureWindowMinutes: 15 },
    });
  });
  afterAll(() => limited.close());

  it('limits sign-in attempts per IP', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await call(limited.app, 'POST', '/api/auth/login', {
            body: { email: `x${i}@y.test`, password: 'z' },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const last = await call(limited.app, 'POST', '/api/auth/login', {
      body: { email: 'a@b.test', password: 'z' },
    });
    expect(last.json.message).toBe('Too many requests. Try again in a minute.');
    expect(last.headers['retry-after']).toBeDefined();
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the user for a live token and 401 without error_code otherwise', async () => {
    const token = await login(t.app, DEMO.acmeUser);
    const me = await call(t.app, 'GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.json.data.email).toBe(DEMO.acmeUser);
    const none = await call(t.app, 'GET', '/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ message: 'The session has expired. Please log in again to continue.' });
    const forged = await call(t.app, 'GET', '/api/auth/me', { token: 'forged-token-value' });
    expect(forged.status).toBe(401);
  });

  it('logout revokes the token at once', async () => {
    const token = await login(t.app, DEMO.pm);
    expect((await call(t.app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/logout', { token })).status).toBe(401);
  });

  it('an expired session answers 401', async () => {
    const token = await login(t.app, DEMO.pm);
    await t.database.db.execute(sql`update ${sessions} set expires_at = now() - interval '1 second'`);
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('deactivating a user revokes its tokens at once', async () => {
    const token = await login(t.app, DEMO.globexAdmin).catch(() => undefined);
    const fresh = token ?? (await login(t.app, DEMO.acmeAdmin));
    const email = token ? DEMO.globexAdmin : DEMO.acmeAdmin;
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.email, email));
    expect((await call(t.app, 'GET', '/api/auth/me', { token: fresh })).status).toBe(401);
    await t.database.db.update(users).set({ is_active: true }).where(eq(users.email, email));
  });
});

describe('reply schemas', () => {
  it('every JSON route declares the shape of its answer', () => {
    expect(routesWithoutReplySchema(t.app, 'auth')).toEqual({ checked: 16, missing: [] });
  });
});
