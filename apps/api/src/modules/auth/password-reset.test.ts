import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq, sql } from 'drizzle-orm';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, type TestApp } from '../../../test/harness.ts';
import { mailOutbox, passwordResets } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function lastMailTo(email: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

function linkOf(text: string) {
  const match = /http:\/\/portal\.test\/login\/reset\/([\w-]+)\?email=([^\s]+)/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no reset link in: ${text}`);
  return { token: match[1], email: decodeURIComponent(match[2]) };
}

const mails = async () => (await t.database.db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0;

describe('password reset', () => {
  it('mails a single-use link in the user language and lets the user sign in with the new password', async () => {
    const asked = await call(t.app, 'POST', '/api/auth/password/email', {
      body: { email: DEMO.acmeUser, lang: 'en' },
    });
    expect(asked.status).toBe(200);
    const mail = await lastMailTo(DEMO.acmeUser);
    expect(mail?.subject).toBe('Restablece tu contraseña de Verba'); // user@acme.test reads Spanish
    expect(mail?.status).toBe('outbox');
    const { token, email } = linkOf(mail?.text ?? '');
    expect(email).toBe(DEMO.acmeUser);

    expect(
      (await call(t.app, 'POST', '/api/auth/password/validate', { body: { token, email } })).json.data.valid,
    ).toBe(true);

    const mismatch = await call(t.app, 'POST', '/api/auth/password/reset', {
      body: { email, token, password: 'brand-new-secret', password_confirmation: 'different-secret' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors.password_confirmation).toEqual([
      'The confirmation differs from the password.',
    ]);

    const short = await call(t.app, 'POST', '/api/auth/password/reset', {
      body: { email, token, password: 'short', password_confirmation: 'short' },
    });
    expect(short.json.errors.password).toEqual(['The password must have between 8 and 128 characters.']);

    const oldSession = await login(t.app, DEMO.acmeUser);
    const done = await call(t.app, 'POST', '/api/auth/password/reset', {
      body: { email, token, password: 'brand-new-secret', password_confirmation: 'brand-new-secret' },
    });
    expect(done.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: oldSession })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'brand-new-secret' } }))
        .status,
    ).toBe(200);

    const again = await call(t.app, 'POST', '/api/auth/password/reset', {
      body: { email, token, password: 'another-secret', password_confirmation: 'another-secret' },
    });
    expect(again.status).toBe(422);
    expect(again.json.message).toBe('This password reset link is invalid or has expired. Request a new one.');
    expect(again.json.errors.token).toHaveLength(1);
  });

  it('answers an unknown or inactive email exactly like a known one, and mails nothing', async () => {
    const before = await mails();
    const unknown = await call(t.app, 'POST', '/api/auth/password/email', {
      body: { email: 'ghost@nowhere.test' },
    });
    const inactive = await call(t.app, 'POST', '/api/auth/password/email', {
      body: { email: DEMO.inactive },
    });
    const known = await call(t.app, 'POST', '/api/auth/password/email', { body: { email: DEMO.pm } });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(inactive.json).toEqual(known.json);
    expect(await mails()).toBe(before + 1);
    expect((await lastMailTo(DEMO.pm))?.subject).toBe('Restableix la teva contrasenya de Verba');
  });

  it('refuses an expired token, a token for another email and a made-up token, in the request language', async () => {
    await call(t.app, 'POST', '/api/auth/password/email', { body: { email: DEMO.globexAdmin } });
    const { token } = linkOf((await lastMailTo(DEMO.globexAdmin))?.text ?? '');
    const otherEmail = await call(t.app, 'POST', '/api/auth/password/validate', {
      body: { token, email: DEMO.pm },
    });
    expect(otherEmail.status).toBe(422);
    const madeUp = await call(t.app, 'POST', '/api/auth/password/validate', {
      body: { token: 'made-up', lang: 'es' },
    });
    expect(madeUp.json.message).toBe(
      'Este enlace para restablecer la contraseña no es válido o ha caducado. Solicita uno nuevo.',
    );
    await t.database.db.update(passwordResets).set({ expires_at: sql`now() - interval '1 minute'` });
    const expired = await call(t.app, 'POST', '/api/auth/password/validate', { body: { token } });
    expect(expired.status).toBe(422);
  });

  it('validates the request: required and email format messages', async () => {
    const empty = await call(t.app, 'POST', '/api/auth/password/email', { body: { email: '  ' } });
    expect(empty.status).toBe(422);
    expect(empty.json.errors.email).toEqual(['This field is required.']);
    const bad = await call(t.app, 'POST', '/api/auth/password/email', {
      body: { email: 'not-an-email', lang: 'ca' },
    });
    expect(bad.json.errors.email).toEqual(['Introdueix una adreça de correu electrònic vàlida.']);
  });
});
