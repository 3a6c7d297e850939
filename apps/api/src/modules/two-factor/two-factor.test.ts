import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, type TestApp } from '../../../test/harness.ts';
import { actionLogs, customers, twoFactorRecoveryCodes, users } from '../../db/schema/index.ts';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../app.ts';
import { open, seal } from '../../lib/secret-box.ts';
import { StartupError, startupFailureMessage } from '../../startup-checks.ts';
import { ssoProviders } from '../../db/schema/index.ts';
import { relyingOf, resealClientSecrets } from '../sso/service.ts';
import { resealSecrets } from './service.ts';

// Codes are computed here from the key the API hands out, as an authenticator app would.
const codeAt = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
const stepNow = () => TOTP.counter({ timestamp: Date.now() });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const signIn = (app: FastifyInstance, email: string, password = DEMO_PASSWORD) =>
  call(app, 'POST', '/api/auth/login', { body: { email, password } });

/** Sets up and turns on a second factor for the account: its key and recovery codes. */
async function enrol(app: FastifyInstance, token: string) {
  const setup = await call(app, 'POST', '/api/auth/two-factor/setup', { token });
  expect(setup.status, JSON.stringify(setup.json)).toBe(200);
  const secret = setup.json.data.secret as string;
  const enabled = await call(app, 'POST', '/api/auth/two-factor/enable', {
    token,
    body: { code: codeAt(secret, stepNow()) },
  });
  expect(enabled.status, JSON.stringify(enabled.json)).toBe(200);
  return { secret, recoveryCodes: enabled.json.data.recovery_codes as string[], setup: setup.json.data };
}

async function addUser(email: string, type = 'CLIENT_USER', customerName: string | null = 'Acme') {
  const db = t.database.db;
  const [template] = await db.select().from(users).where(eq(users.email, DEMO.acmeUser));
  const customerId = customerName
    ? (await db.select().from(customers).where(eq(customers.name, customerName)))[0]!.id
    : null;
  const [row] = await db
    .insert(users)
    .values({
      name: 'Two',
      lastname: 'Factor',
      email,
      type: type as 'CLIENT_USER',
      password_hash: template!.password_hash,
      customer_id: customerId,
    })
    .returning();
  return row!;
}

describe('enrolment', () => {
  it('shows a key and its otpauth URI with a QR code, and turns on only with a right first code', async () => {
    await addUser('enrol@acme.test');
    const token = await login(t.app, 'enrol@acme.test');
    const before = await call(t.app, 'GET', '/api/auth/two-factor', { token });
    expect(before.json.data).toMatchObject({ enabled: false, required: false, customer_require_2fa: null });
    const setup = await call(t.app, 'POST', '/api/auth/two-factor/setup', { token });
    expect(setup.status).toBe(200);
    const { secret, otpauth_uri, qr_svg } = setup.json.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Verba:enrol%40acme\.test\?/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(Buffer.from(qr_svg.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrong = await call(t.app, 'POST', '/api/auth/two-factor/enable', {
      token,
      body: { code: '12345' },
      headers: { 'accept-language': 'es' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.code[0]).toMatch(/6 dígitos/);
    const bad = codeAt(secret, stepNow() + 5);
    const refused = await call(t.app, 'POST', '/api/auth/two-factor/enable', { token, body: { code: bad } });
    expect(refused.status).toBe(422);
    expect((await call(t.app, 'GET', '/api/auth/two-factor', { token })).json.data.enabled).toBe(false);

    const enabled = await call(t.app, 'POST', '/api/auth/two-factor/enable', {
      token,
      body: { code: codeAt(secret, stepNow()) },
    });
    expect(enabled.status).toBe(200);
    const codes: string[] = enabled.json.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // stored hashed: no code appears in the database
    const stored = await t.database.db.select().from(twoFactorRecoveryCodes);
    const hashes = JSON.stringify(stored);
    for (const code of codes) expect(hashes).not.toContain(code);
    const after = await call(t.app, 'GET', '/api/auth/two-factor', { token });
    expect(after.json.data).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // a second set-up is refused while it is on
    expect((await call(t.app, 'POST', '/api/auth/two-factor/setup', { token })).status).toBe(422);
  });
});

describe('two-step sign-in', () => {
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    await addUser('steps@acme.test');
    ({ secret, recoveryCodes } = await enrol(t.app, await login(t.app, 'steps@acme.test')));
  });

  it('answers a challenge instead of a token, then the token for the challenge and a code', async () => {
    const first = await signIn(t.app, 'steps@acme.test');
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    // the key was confirmed with this step's code: the next step's is the one an app shows next
    const code = codeAt(secret, stepNow() + 1);
    const second = await call(t.app, 'POST', '/api/auth/two-factor', {
      body: { challenge: first.json.data.challenge, code },
    });
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.json.data).toMatchObject({ token_type: 'Bearer', user: { email: 'steps@acme.test' } });
    const me = await call(t.app, 'GET', '/api/auth/me', { token: second.json.data.access_token });
    expect(me.status).toBe(200);

    // the same code again, even with a fresh challenge, is a replay
    const again = await signIn(t.app, 'steps@acme.test');
    const replay = await call(t.app, 'POST', '/api/auth/two-factor', {
      body: { challenge: again.json.data.challenge, code },
      headers: { 'accept-language': 'ca' },
    });
    expect(replay.status).toBe(422);
    expect(replay.json.message).toBe("Aquest codi ja s'ha fet servir. Esperi el següent.");
    // a spent challenge is refused
    const spent = await call(t.app, 'POST', '/api/auth/two-factor', {
      body: { challenge: first.json.data.challenge, code: codeAt(secret, stepNow() + 1) },
    });
    expect(spent.status).toBe(422);
    expect(spent.json.errors).toHaveProperty('challenge');
  });

  it('takes each recovery code once', async () => {
    const first = await signIn(t.app, 'steps@acme.test');
    const used = await call(t.app, 'POST', '/api/auth/two-factor', {
      body: { challenge: first.json.data.challenge, recovery_code: recoveryCodes[0]!.toUpperCase() },
    });
    expect(used.status, JSON.stringify(used.json)).toBe(200);
    expect(used.json.data.access_token).toEqual(expect.any(String));
    const next = await signIn(t.app, 'steps@acme.test');
    const reused = await call(t.app, 'POST', '/api/auth/two-factor', {
      body: { challenge: next.json.data.challenge, recovery_code: recoveryCodes[0] },
    });
    expect(reused.status).toBe(422);
    expect(reused.json.errors).toHaveProperty('recovery_code');
    const token = used.json.data.access_token;
    expect((await call(t.app, 'GET', '/api/auth/two-factor', { token })).json.data.recovery_codes_left).toBe(
      9,
    );
  });

  it('an expired challenge gets no session', async () => {
    const first = await signIn(t.app, 'steps@acme.test');
    await t.database.db.execute(
      sql`update two_factor_challenges set expires_at = now() - interval '1 second'`,
    );
    const late = await call(t.app, 'POST', '/api/auth/two-factor', {
      body: { challenge: first.json.data.challenge, recovery_code: recoveryCodes[1] },
      headers: { 'accept-language': 'en' },
    });
    expect(late.status).toBe(422);
    expect(late.json.message).toMatch(/expired/);
    expect(late.json.data).toBeUndefined();
  });

  it('counts wrong codes in the account lockout', async () => {
    await addUser('locked@acme.test');
    const { secret: key } = await enrol(t.app, await login(t.app, 'locked@acme.test'));
    const valid = new Set([-1, 0, 1, 2].map((d) => codeAt(key, stepNow() + d)));
    const wrongCode = ['111111', '222222', '333333', '444444', '555555'].find((c) => !valid.has(c))!;
    const first = await signIn(t.app, 'locked@acme.test');
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'POST', '/api/auth/two-factor', {
        body: { challenge: first.json.data.challenge, code: wrongCode },
      });
      expect(res.status).toBe(422);
    }
    const locked = await call(t.app, 'POST', '/api/auth/two-factor', {
      body: { challenge: first.json.data.challenge, code: codeAt(key, stepNow() + 1) },
    });
    expect(locked.status).toBe(429);
    expect((await signIn(t.app, 'locked@acme.test')).status).toBe(429);
    const failures = await t.database.db
      .select()
      .from(actionLogs)
      .where(and(eq(actionLogs.action, 'auth.login_failed'), eq(actionLogs.user_email, 'locked@acme.test')));
    expect(failures).toHaveLength(5);
  });
});

describe('keys at rest', () => {
  it('are stored encrypted; a key stored in clear before is encrypted at start and still signs in', async () => {
    const { secret } = await enrol(t.app, await login(t.app, (await addUser('rest@acme.test')).email));
    const [stored] = await t.database.db.select().from(users).where(eq(users.email, 'rest@acme.test'));
    expect(stored!.totp_secret).toMatch(/^v1\./);
    expect(stored!.totp_secret).not.toContain(secret);

    // a row from before encryption: the Base32 key itself
    await t.database.db.update(users).set({ totp_secret: secret }).where(eq(users.id, stored!.id));
    expect(await resealSecrets(t.app)).toBe(1);
    const [sealed] = await t.database.db.select().from(users).where(eq(users.id, stored!.id));
    expect(sealed!.totp_secret).toMatch(/^v1\./);
    expect(await resealSecrets(t.app)).toBe(0);
    const first = await signIn(t.app, 'rest@acme.test');
    const second = await call(t.app, 'POST', '/api/auth/two-factor', {
      body: { challenge: first.json.data.challenge, code: codeAt(secret, stepNow() + 1) },
    });
    expect(second.status, JSON.stringify(second.json)).toBe(200);
  });
});

describe('rotating SECRETS_KEY', () => {
  const keyOf = () => randomBytes(32);
  const withKeys = <T>(
    secretsKey: Buffer | undefined,
    previousSecretsKeys: Buffer[],
    run: () => Promise<T>,
  ) => {
    const saved = { secretsKey: t.config.secretsKey, previousSecretsKeys: t.config.previousSecretsKeys };
    Object.assign(t.config, { secretsKey, previousSecretsKeys });
    return run().finally(() => Object.assign(t.config, saved));
  };
  const storedKey = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!.totp_secret!;
  const storedClientSecret = async (id: number) =>
    (await t.database.db.select().from(ssoProviders).where(eq(ssoProviders.id, id)))[0]!
      .client_secret_encrypted;

  it('re-encrypts TOTP keys and client secrets under the new key at start; sign-in goes on', async () => {
    const { secret } = await enrol(t.app, await login(t.app, (await addUser('rotate@acme.test')).email));
    const old = t.config.secretsKey!;
    const [provider] = await t.database.db
      .insert(ssoProviders)
      .values({
        issuer_url: 'https://idp.rotate.test',
        client_id: 'verba',
        client_secret_encrypted: seal(old, 'client-secret'),
      })
      .returning();
    const before = {
      key: await storedKey('rotate@acme.test'),
      client: await storedClientSecret(provider!.id),
    };

    const fresh = keyOf();
    await withKeys(fresh, [old], async () => {
      // Each process does it at start; a second start (or a second server) finds nothing to do.
      expect(await resealSecrets(t.app)).toBeGreaterThanOrEqual(1);
      expect(await resealClientSecrets(t.app)).toBeGreaterThanOrEqual(1);
      expect(await resealSecrets(t.app)).toBe(0);
      expect(await resealClientSecrets(t.app)).toBe(0);
      const after = {
        key: await storedKey('rotate@acme.test'),
        client: await storedClientSecret(provider!.id),
      };
      expect(after.key).toMatch(/^v1\./);
      expect(after.key).not.toBe(before.key);
      expect(open(fresh, after.key)).toBe(secret);
      expect(() => open(old, after.key)).toThrow();
      expect(open(fresh, after.client)).toBe('client-secret');
      const [row] = await t.database.db.select().from(ssoProviders).where(eq(ssoProviders.id, provider!.id));
      expect(relyingOf(t.app, row!).clientSecret).toBe('client-secret');

      // Once every row is under the new key, the old one can go.
      await withKeys(fresh, [], async () => {
        const first = await signIn(t.app, 'rotate@acme.test');
        const second = await call(t.app, 'POST', '/api/auth/two-factor', {
          body: { challenge: first.json.data.challenge, code: codeAt(secret, stepNow() + 1) },
        });
        expect(second.status, JSON.stringify(second.json)).toBe(200);
      });
    });
    // Put back under the run's key for the other tests.
    await withKeys(old, [fresh], async () => {
      await resealSecrets(t.app);
      await resealClientSecrets(t.app);
    });
    await t.database.db.delete(ssoProviders).where(eq(ssoProviders.id, provider!.id));
  });

  it('refuses to start, changing nothing, when the old key is missing or wrong, or SECRETS_KEY unset', async () => {
    await enrol(t.app, await login(t.app, (await addUser('lost-key@acme.test')).email));
    const before = await storedKey('lost-key@acme.test');
    const cases: Array<[Buffer | undefined, Buffer[], RegExp]> = [
      [
        keyOf(),
        [],
        /cannot be decrypted with SECRETS_KEY: .*Set SECRETS_KEY_PREVIOUS to the key SECRETS_KEY had before/,
      ],
      [keyOf(), [keyOf()], /cannot be decrypted with SECRETS_KEY or any key of SECRETS_KEY_PREVIOUS/],
      [undefined, [], /are encrypted, and SECRETS_KEY is not set/],
    ];
    for (const [key, previous, message] of cases) {
      const refusal = await withKeys(key, previous, () =>
        resealSecrets(t.app).then(
          () => null,
          (err: unknown) => err,
        ),
      );
      expect(refusal).toBeInstanceOf(StartupError);
      expect(startupFailureMessage(refusal, t.config)).toMatch(message);
      expect(startupFailureMessage(refusal, t.config)).toMatch(
        /two-factor keys \(users\.totp_secret\).*Nothing was changed/,
      );
      expect(await storedKey('lost-key@acme.test')).toBe(before);
    }
  });

  it('stops a server that starts with a key that opens none of the secrets', async () => {
    await enrol(t.app, await login(t.app, (await addUser('wrong-start@acme.test')).email));
    const [provider] = await t.database.db
      .insert(ssoProviders)
      .values({
        issuer_url: 'https://idp.wrong.test',
        client_id: 'verba',
        client_secret_encrypted: seal(t.config.secretsKey!, 'x'),
      })
      .returning();
    const second = await buildApp({ ...t.config, secretsKey: keyOf(), previousSecretsKeys: [] }, t.database);
    const refusal = await second.ready().then(
      () => null,
      (err: unknown) => err,
    );
    await second.close().catch(() => undefined);
    expect(refusal).toBeInstanceOf(StartupError);
    expect((refusal as Error).message).toMatch(/SECRETS_KEY_PREVIOUS/);
    await t.database.db.delete(ssoProviders).where(eq(ssoProviders.id, provider!.id));
  });
});

describe('turning it off and resetting it', () => {
  it('needs the current password and a code', async () => {
    await addUser('off@acme.test');
    const token = await login(t.app, 'off@acme.test');
    const { secret } = await enrol(t.app, token);
    const noPassword = await call(t.app, 'POST', '/api/auth/two-factor/disable', {
      token,
      body: { password: 'wrong-password', code: codeAt(secret, stepNow() + 1) },
    });
    expect(noPassword.status).toBe(422);
    expect(noPassword.json.errors).toHaveProperty('password');
    const valid = new Set([-1, 0, 1, 2].map((d) => codeAt(secret, stepNow() + d)));
    const noCode = await call(t.app, 'POST', '/api/auth/two-factor/disable', {
      token,
      body: { password: DEMO_PASSWORD, code: ['654321', '765432'].find((c) => !valid.has(c)) },
    });
    expect(noCode.status).toBe(422);
    expect(noCode.json.errors).toHaveProperty('code');
    const off = await call(t.app, 'POST', '/api/auth/two-factor/disable', {
      token,
      body: { password: DEMO_PASSWORD, code: codeAt(secret, stepNow() + 1) },
    });
    expect(off.status).toBe(200);
    expect((await signIn(t.app, 'off@acme.test')).json.data.access_token).toEqual(expect.any(String));
  });

  it('an admin resets a user of its reach, logged; others are refused', async () => {
    const target = await addUser('reset@acme.test');
    await enrol(t.app, await login(t.app, 'reset@acme.test'));
    const tokens = {
      pm: await login(t.app, DEMO.pm),
      acmeUser: await login(t.app, DEMO.acmeUser),
      globexAdmin: await login(t.app, DEMO.globexAdmin),
      acmeAdmin: await login(t.app, DEMO.acmeAdmin),
    };
    const reset = (token: string) =>
      call(t.app, 'POST', `/api/users/${target.id}/two-factor/reset`, { token });
    expect((await reset(tokens.pm)).status).toBe(403);
    expect((await reset(tokens.acmeUser)).status).toBe(403);
    expect((await reset(tokens.globexAdmin)).status).toBe(404);
    expect((await signIn(t.app, 'reset@acme.test')).json.data.two_factor_required).toBe(true);
    expect((await reset(tokens.acmeAdmin)).status).toBe(200);
    expect((await signIn(t.app, 'reset@acme.test')).json.data.access_token).toEqual(expect.any(String));
    const [row] = await t.database.db
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.action, 'auth.two_factor_reset'));
    expect(row).toMatchObject({
      user_email: DEMO.acmeAdmin,
      description: 'Reset the second factor of reset@acme.test',
    });
  });
});

describe('enforcement', () => {
  it("a client admin requires it of its customer's users: they may only enrol until they do", async () => {
    const acme = (await t.database.db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!;
    await addUser('forced@acme.test');
    const acmeAdmin = await login(t.app, DEMO.acmeAdmin);
    const require = (token: string, id: number, on: boolean) =>
      call(t.app, 'PUT', `/api/customers/${id}/require-2fa`, { token, body: { require_2fa: on } });
    expect((await require(await login(t.app, DEMO.globexAdmin), acme.id, true)).status).toBe(404);
    expect((await require(await login(t.app, DEMO.pm), acme.id, true)).status).toBe(403);
    expect((await require(await login(t.app, DEMO.acmeUser), acme.id, true)).status).toBe(403);
    expect((await require(acmeAdmin, acme.id, true)).status).toBe(200);
    try {
      const status = await call(t.app, 'GET', '/api/auth/two-factor', { token: acmeAdmin });
      expect(status.json.data.customer_require_2fa).toBe(true);
      const first = await signIn(t.app, 'forced@acme.test');
      expect(first.json.data.two_factor_enrolment_required).toBe(true);
      const token = first.json.data.access_token;
      const tasks = await call(t.app, 'GET', '/api/tasks', { token, headers: { 'accept-language': 'es' } });
      expect(tasks.status).toBe(403);
      expect(tasks.json).toMatchObject({ error_code: 20, message: expect.stringMatching(/Configure/) });
      expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(200);
      await enrol(t.app, token);
      expect((await call(t.app, 'GET', '/api/tasks', { token })).status).toBe(200);
      // Globex's users are not concerned
      expect((await signIn(t.app, DEMO.globexAdmin)).json.data.two_factor_enrolment_required).toBe(false);
    } finally {
      await require(acmeAdmin, acme.id, false);
    }
  });

  it('REQUIRE_2FA_FOR_STAFF makes both staff roles enrol at their next sign-in, not the clients', async () => {
    const { buildApp } = await import('../../app.ts');
    const strict = await buildApp({ ...t.config, requireTwoFactorForStaff: true }, t.database);
    try {
      await strict.ready();
      await addUser('staff2fa@verba.test', 'VERBA_PM', null);
      for (const email of [DEMO.admin, 'staff2fa@verba.test']) {
        const res = await signIn(strict, email);
        expect(res.json.data.two_factor_enrolment_required, email).toBe(true);
        expect(
          (await call(strict, 'GET', '/api/customers', { token: res.json.data.access_token })).status,
        ).toBe(403);
      }
      expect((await signIn(strict, DEMO.globexAdmin)).json.data.two_factor_enrolment_required).toBe(false);
      const res = await signIn(strict, 'staff2fa@verba.test');
      await enrol(strict, res.json.data.access_token);
      expect(
        (await call(strict, 'GET', '/api/customers', { token: res.json.data.access_token })).status,
      ).toBe(200);
      expect((await signIn(strict, 'staff2fa@verba.test')).json.data.two_factor_required).toBe(true);
    } finally {
      await strict.close();
    }
  });
});
