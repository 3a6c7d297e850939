import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq, sql } from 'drizzle-orm';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, type TestApp } from '../../../test/harness.ts';
import { mailOutbox, passwordResets } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.jobs.start();
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

/** Asks for a reset link and waits for the queued mail job. */
async function askReset(app: TestApp['app'], body: Record<string, unknown>) {
  const res = await call(app, 'POST', '/api/auth/password/email', { body });
  await app.jobs.idle();
  return res;
}

const mailsTo = async (app: TestApp, email: string) =>
  (await app.database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, email)))[0]?.n ?? 0;

const mails = async () => (await t.database.db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0;

describe('password reset', () => {
  it('mails a single-use link in the user language and lets the user sign in with the new password', async () => {
    const asked = await askReset(t.app, { email: DEMO.acmeUser, lang: 'en' });
    expect(asked.status).toBe(200);
    const mail = await lastMailTo(DEMO.acmeUser);
    expect(mail?.subject).toBe('Restablezca su contraseña de Verba'); // user@acme.test reads Spanish
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
    const unknown = await askReset(t.app, { email: 'ghost@nowhere.test' });
    const inactive = await askReset(t.app, { email: DEMO.inactive });
    const known = await askReset(t.app, { email: DEMO.pm });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(inactive.json).toEqual(known.json);
    expect(await mails()).toBe(before + 1);
    expect((await lastMailTo(DEMO.pm))?.subject).toBe('Restableixi la seva contrasenya de Verba');
  });

  it('refuses an expired token, a token for another email and a made-up token, in the request language', async () => {
    await askReset(t.app, { email: DEMO.globexAdmin });
    const { token } = linkOf((await lastMailTo(DEMO.globexAdmin))?.text ?? '');
    const otherEmail = await call(t.app, 'POST', '/api/auth/password/validate', {
      body: { token, email: DEMO.pm },
    });
    expect(otherEmail.status).toBe(422);
    const madeUp = await call(t.app, 'POST', '/api/auth/password/validate', {
      body: { token: 'made-up', lang: 'es' },
    });
    expect(madeUp.json.message).toBe(
      'Este enlace para restablecer la contraseña no es válido o ha caducado. Solicite uno nuevo.',
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
    expect(bad.json.errors.email).toEqual(['Introdueixi una adreça de correu electrònic vàlida.']);
  });
});

describe('reset mails leave from the job queue', () => {
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp(); // its job worker starts only when a test says so
  });
  afterAll(() => q.close());
  let started = false;
  async function startJobs() {
    if (!started) await q.app.jobs.start();
    started = true;
  }

  it('answers a known and an unknown email alike, and the known one gets its mail from the queued job', async () => {
    const unknown = await call(q.app, 'POST', '/api/auth/password/email', {
      body: { email: 'ghost@nowhere.test' },
    });
    const known = await call(q.app, 'POST', '/api/auth/password/email', { body: { email: DEMO.pm } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(known.json.data.message).toMatch(/^If an account exists for this email/);
    // Nothing is mailed while answering: the mail is the job's.
    expect(await mailsTo(q, DEMO.pm)).toBe(0);
    expect(await q.database.db.select({ n: count() }).from(passwordResets)).toEqual([{ n: 0 }]);

    await startJobs();
    await q.app.jobs.idle();
    expect(await mailsTo(q, DEMO.pm)).toBe(1);
    expect(await mailsTo(q, 'ghost@nowhere.test')).toBe(0);
  });

  it('mails one account at most 3 links an hour, and answers every request the same', async () => {
    await startJobs();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await askReset(q.app, { email: DEMO.acmeAdmin }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.json))).size).toBe(1);
    expect(await mailsTo(q, DEMO.acmeAdmin)).toBe(3);
    // The last mailed link is the one that works.
    const [mail] = await q.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, DEMO.acmeAdmin))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const { token } = linkOf(mail?.text ?? '');
    const valid = await call(q.app, 'POST', '/api/auth/password/validate', { body: { token } });
    expect(valid.status).toBe(200);
    // An hour later the account may ask again.
    await q.database.db.update(passwordResets).set({ created_at: sql`now() - interval '61 minutes'` });
    await askReset(q.app, { email: DEMO.acmeAdmin });
    expect(await mailsTo(q, DEMO.acmeAdmin)).toBe(4);
  });
});
