import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib/v1';
import { strFromU8, unzipSync } from 'fflate';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import {
  countries,
  generalMinimumRates,
  languages,
  mailOutbox,
  quoteRequests,
  rates,
  sourceFiles,
  taskStateChanges,
  tasks,
  users,
} from '../../db/schema/index.ts';
import { expireGuestTasks } from './service.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let country: Record<string, number>;
const db = () => t.database.db;

const TEXT = 'Our portal translates your documents quickly. Ask us for a quote today.';

beforeAll(async () => {
  t = await createTestApp({
    guestQuotes: {
      ttlDays: 30,
      challengeSecret: 'test-secret-of-the-quote-form',
      challengeMaxNumber: 2000,
      maxPerIpPerHour: 1000,
      maxPerEmailPerDay: 3,
    },
  });
  tokens = await tokensByRole(t.app);
  lang = Object.fromEntries((await db().select().from(languages)).map((l) => [l.iso_code, l.id]));
  country = Object.fromEntries((await db().select().from(countries)).map((c) => [c.code, c.id]));
  await db()
    .insert(rates)
    .values([
      { default_group: true, source_lang: lang.en!, target_lang: lang.es!, r1: '0.1000', r2: '30.00' },
    ]);
  await db()
    .insert(generalMinimumRates)
    .values({ translation_type_id: 1, hour: '0', amount: '25.00' })
    .onConflictDoUpdate({
      target: generalMinimumRates.translation_type_id,
      set: { hour: '0', amount: '25.00' },
    });
  await t.app.jobs.start();
});
afterAll(() => t.close());

/** A challenge of the API, solved as the browser widget does, encoded as the form sends it. */
async function solution(): Promise<string> {
  const c = (await call(t.app, 'GET', '/api/quote/challenge')).json.data;
  const solved = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solved!.number,
    salt: c.salt,
    signature: c.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

interface Request {
  email?: string;
  country?: string;
  targets?: string[];
  token?: string | null;
  lang?: string;
  fields?: Record<string, string>;
  files?: Array<{ name: string; content: string }>;
}

async function register(r: Request = {}) {
  const token = r.token === undefined ? await solution() : r.token;
  const body = await multipart(
    {
      company_name: 'Initech',
      country: String(country[r.country ?? 'EPE']),
      first_name: 'Gina',
      last_name: 'Guest',
      email: r.email ?? 'gina@guest.test',
      phone_number: '+34 600 000 000',
      source_language: String(lang.en),
      'target_languages[]': (r.targets ?? ['es']).map((iso) => String(lang[iso])),
      comments: 'Please keep the tone friendly.',
      review_originals: 'false',
      privacy_policy: 'true',
      lang: r.lang ?? 'en',
      ...(token === null ? {} : { recaptcha_token: token }),
      ...r.fields,
    },
    r.files ?? [{ name: 'leaflet.txt', content: TEXT }],
  );
  return call(t.app, 'POST', '/api/register', { body: body.payload, headers: body.headers });
}

async function registered(r: Request = {}): Promise<string> {
  const res = await register(r);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  await t.app.jobs.idle();
  return res.json.data.id as string;
}

const taskOf = async (token: string) =>
  (await db().select().from(tasks).where(eq(tasks.guest_token, token)))[0]!;
const mailsTo = (to: string) =>
  db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));

describe('the bot check (ALTCHA proof of work)', () => {
  it('hands out a signed SHA-256 challenge with the configured difficulty', async () => {
    const res = await call(t.app, 'GET', '/api/quote/challenge');
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2000 });
    expect(res.json.data.salt).toMatch(/expires=\d+/);
    expect(res.json.data.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a request without a solution, with a forged one and with a replayed one', async () => {
    const missing = await register({ token: null, email: 'bots@guest.test' });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.recaptcha_token).toEqual(['Complete the verification before sending.']);

    const forged = Buffer.from(
      JSON.stringify({
        algorithm: 'SHA-256',
        challenge: 'x'.repeat(64),
        number: 1,
        salt: 'abc?expires=9999999999',
        signature: 'f'.repeat(64),
      }),
    ).toString('base64');
    const refused = await register({ token: forged, email: 'bots@guest.test' });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.recaptcha_token[0]).toContain('verification failed');
    expect((await register({ token: 'not base64 json', email: 'bots@guest.test' })).status).toBe(422);

    const once = await solution();
    expect((await register({ token: once, email: 'once@guest.test' })).status).toBe(201);
    const replay = await register({ token: once, email: 'twice@guest.test' });
    expect(replay.status).toBe(422);
    expect(replay.json.errors.recaptcha_token[0]).toContain('already used');
    await t.app.jobs.idle();
  });

  it('refuses an expired solution', async () => {
    const c = (await call(t.app, 'GET', '/api/quote/challenge')).json.data;
    const solved = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    const stale = c.salt.replace(/expires=\d+/, 'expires=1000');
    const token = Buffer.from(
      JSON.stringify({
        algorithm: 'SHA-256',
        challenge: c.challenge,
        number: solved!.number,
        salt: stale,
        signature: c.signature,
      }),
    ).toString('base64');
    expect((await register({ token, email: 'late@guest.test' })).status).toBe(422);
  });
});

describe('validation', () => {
  it('names every wrong field in the request language (en, es, ca), files included', async () => {
    const fields = {
      first_name: '',
      last_name: 'x'.repeat(26),
      email: 'nope',
      privacy_policy: 'false',
      phone_number: '',
    };
    const en = await register({ lang: 'en', fields, files: [], token: null });
    expect(en.status).toBe(422);
    expect(en.json.errors).toMatchObject({
      first_name: ['This field is required.'],
      last_name: ['Must have at most 25 characters.'],
      email: ['Enter a valid email address.'],
      privacy_policy: ['Accept the privacy policy to continue.'],
      files: ['This field is required.'],
    });
    const es = await register({ lang: 'es', fields, files: [], token: null });
    expect(es.json.errors.first_name).toEqual(['Este campo es obligatorio.']);
    expect(es.json.errors.privacy_policy).toEqual(['Acepte la política de privacidad para continuar.']);
    const ca = await register({ lang: 'ca', fields, files: [], token: null });
    expect(ca.json.errors.privacy_policy).toEqual(['Accepti la política de privacitat per continuar.']);
    expect(ca.json.errors.recaptcha_token).toEqual(["Completi la verificació abans d'enviar."]);
  });

  it('refuses a target equal to the source, a file type we do not take, and unknown languages', async () => {
    const same = await register({ targets: ['en'], email: 'v1@guest.test' });
    expect(same.status).toBe(422);
    expect(Object.keys(same.json.errors)).toEqual(['target_languages']);
    const exe = await register({ files: [{ name: 'virus.exe', content: 'MZ' }], email: 'v2@guest.test' });
    expect(exe.status).toBe(422);
    expect(exe.json.errors.files).toBeDefined();
    const unknown = await register({ fields: { country: '999999' }, email: 'v3@guest.test' });
    expect(unknown.json.errors.country).toBeDefined();
  });

  it('limits requests per email address', async () => {
    for (let i = 0; i < 3; i++) await registered({ email: 'busy@guest.test' });
    const fourth = await register({ email: 'busy@guest.test' });
    expect(fourth.status).toBe(429);
  });
});

describe('a quote request', () => {
  let token: string;

  beforeAll(async () => {
    token = await registered({ email: 'quote@guest.test', lang: 'es' });
  });

  it('answers an unguessable URL-safe link token, never the task number', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const task = await taskOf(token);
    expect(token).not.toBe(String(task.id));
    expect(task.customer_id).toBeNull();
  });

  it('becomes a TEMPORAL task, analysed and priced with the general rate, minimum and the country taxes', async () => {
    const res = await call(t.app, 'GET', `/api/task/temporal/${token}`);
    expect(res.status).toBe(200);
    const quote = res.json.data;
    expect(quote).toMatchObject({
      id: token,
      state: 'TEMPORAL',
      comments: 'Please keep the tone friendly.',
      source_language: { iso_code: 'en' },
      target_languages: [{ iso_code: 'es' }],
      // 12 words at 0.10 are below the general minimum of 25.00; Spain mainland adds IVA 21 %
      base_price: '25.00',
      tax_name: 'IVA',
      taxed_price: '30.25',
      price_to_be_confirmed: false,
      can_pay: true,
    });
    expect(quote.files[0].words[0].total_words).toBeGreaterThan(0);
    expect(quote.due_date).not.toBeNull();
    const history = await db()
      .select({
        from: taskStateChanges.from_state,
        to: taskStateChanges.to_state,
        reason: taskStateChanges.reason,
      })
      .from(taskStateChanges)
      .where(eq(taskStateChanges.task_id, (await taskOf(token)).id))
      .orderBy(asc(taskStateChanges.id));
    expect(history).toEqual([
      { from: null, to: 'CALCULATING', reason: 'guest_requested' },
      { from: 'CALCULATING', to: 'TEMPORAL', reason: 'analysed' },
    ]);
  });

  it('is not taxed for a country without taxes', async () => {
    const us = await registered({ email: 'us@guest.test', country: 'US' });
    const quote = (await call(t.app, 'GET', `/api/task/temporal/${us}`)).json.data;
    expect(quote).toMatchObject({ base_price: '25.00', taxed_price: '25.00', tax_name: null });
  });

  it('mails the guest its link in its language and tells staff', async () => {
    const [mail] = await mailsTo('quote@guest.test');
    expect(mail!.subject).toContain('Su solicitud de presupuesto');
    expect(mail!.text).toContain(`http://portal.test/guest-task/${token}`);
    const staff = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, 'admin@verba.test'),
          like(mailOutbox.subject, `%${(await taskOf(token)).code}%`),
        ),
      );
    expect(staff.length).toBe(1);
  });

  it('an unknown token is 404, like a task number; a guest reads nothing else', async () => {
    expect((await call(t.app, 'GET', `/api/task/temporal/${'A'.repeat(32)}`)).status).toBe(404);
    // Looked up by the token's hash: one character off is unknown; anything not URL-safe is refused.
    const near = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await call(t.app, 'GET', `/api/task/temporal/${near}`)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/task/temporal/${token.toLowerCase()}`)).status).toBe(404);
    for (const bad of [`${token.slice(0, -1)}.`, `${token.slice(0, -2)}%5Cx`])
      expect((await call(t.app, 'GET', `/api/task/temporal/${bad}`)).status, bad).toBe(422);
    expect((await call(t.app, 'GET', `/api/task/temporal/${token}`)).status).toBe(200);
    const id = (await taskOf(token)).id;
    expect((await call(t.app, 'GET', `/api/task/temporal/${id}`)).status).toBe(422);
    expect((await call(t.app, 'GET', `/api/task/${id}`)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/languages/sources')).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/languages/available')).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/countries')).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/languages')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/tasks')).status).toBe(401);
  });

  it('is paid by card through the sandbox bank and becomes APPROVED', async () => {
    const form = await call(t.app, 'GET', `/api/task/temporal/${token}/pay`);
    expect(form.status).toBe(200);
    const paid = await call(t.app, 'POST', '/api/sandbox-bank/pay', {
      body: new URLSearchParams({ ...form.json.data.form.fields, card: '4548812049400004' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const back = new URL(String(paid.headers.location));
    expect(back.pathname).toBe(`/guest-task/ok/${token}/`);
    const verify = await call(t.app, 'POST', '/api/task/temporal/verifyPayment', {
      body: { taskId: token, ...Object.fromEntries(back.searchParams) },
    });
    expect(verify.json.data).toMatchObject({ paymentDone: true, task: { state: 'APPROVED' } });
    expect((await call(t.app, 'GET', `/api/task/temporal/${token}`)).json.data).toMatchObject({
      state: 'APPROVED',
      can_pay: false,
    });
  });
});

describe('a language without a general rate', () => {
  it('makes the price "to be confirmed": no payment, and staff are told', async () => {
    const token = await registered({ email: 'german@guest.test', targets: ['es', 'de'] });
    const quote = (await call(t.app, 'GET', `/api/task/temporal/${token}`)).json.data;
    expect(quote).toMatchObject({ state: 'TEMPORAL', price_to_be_confirmed: true, can_pay: false });
    expect((await call(t.app, 'GET', `/api/task/temporal/${token}/pay`)).status).toBe(422);
    const code = (await taskOf(token)).code;
    const told = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, 'pm@verba.test'), like(mailOutbox.subject, `%${code}%pressupost a mida%`)),
      );
    expect(told.length).toBe(1);
  });
});

describe('the translations, once the task is DONE', () => {
  const deliver = async (
    taskId: number,
    sourceFileId: number,
    iso: string,
    name: string,
    content: string,
  ) => {
    const body = await multipart({ source_file_id: String(sourceFileId), language_id: String(lang[iso]) }, [
      { field: 'file', name, content },
    ]);
    const res = await call(t.app, 'POST', `/api/tasks/${taskId}/uploadTranslatedFile`, {
      token: tokens.pm,
      body: body.payload,
      headers: body.headers,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.data.id as number;
  };
  const sourcesOf = async (taskId: number) =>
    db().select().from(sourceFiles).where(eq(sourceFiles.task_id, taskId)).orderBy(asc(sourceFiles.id));
  const file = (token: string, fileId: number | string) =>
    call(t.app, 'GET', `/api/task/temporal/${token}/downloadTranslatedFile/${fileId}`);
  const zip = (token: string) => call(t.app, 'GET', `/api/task/temporal/${token}/translations.zip`);

  it('are downloaded by the link token, one by one or as one zip; nothing before DONE, nothing of another task', async () => {
    const token = await registered({
      email: 'done@guest.test',
      targets: ['es', 'ca'],
      files: [
        { name: 'leaflet.txt', content: TEXT },
        { name: 'flyer.txt', content: TEXT },
      ],
    });
    const other = await registered({ email: 'other-done@guest.test' });
    const task = await taskOf(token);
    const otherTask = await taskOf(other);
    const [a, b] = await sourcesOf(task.id);
    // Paid (the card journey is tested above), then staff take it in course.
    for (const id of [task.id, otherTask.id])
      await db().update(tasks).set({ state: 'APPROVED', approved_at: new Date() }).where(eq(tasks.id, id));
    const inCourse = await call(t.app, 'POST', `/api/tasks/${task.id}/updateStateAsIncourse`, {
      token: tokens.pm,
    });
    expect(inCourse.status, JSON.stringify(inCourse.json)).toBe(200);
    const es = await deliver(task.id, a!.id, 'es', 'leaflet.es.txt', 'Nuestro portal traduce.');
    await deliver(task.id, b!.id, 'es', 'flyer.txt', 'Segundo folleto.');
    await deliver(task.id, a!.id, 'ca', 'leaflet.txt', 'El nostre portal tradueix.');
    await deliver(task.id, b!.id, 'ca', 'flyer.txt', 'Segon fulletó.');
    const [otherSource] = await sourcesOf(otherTask.id);
    const others = await deliver(otherTask.id, otherSource!.id, 'es', 'other.txt', 'De otro.');

    // IN_COURSE, with every file delivered: the guest still gets nothing.
    expect((await call(t.app, 'GET', `/api/task/temporal/${token}`)).json.data.translations).toEqual([]);
    expect((await file(token, es)).status).toBe(404);
    expect((await zip(token)).status).toBe(404);

    const done = await call(t.app, 'POST', `/api/tasks/${task.id}/updateStateAsDone`, { token: tokens.pm });
    expect(done.json.data.state).toBe('DONE');
    const told = await mailsTo('done@guest.test');
    expect(told.at(-1)!.text).toContain(`/guest-task/${token}`);

    const view = (await call(t.app, 'GET', `/api/task/temporal/${token}`)).json.data;
    expect(view.state).toBe('DONE');
    expect(view.translations).toHaveLength(4);
    expect(view.translations).toContainEqual({
      id: es,
      language_id: lang.es,
      file_name: 'leaflet.es.txt',
      source_file_name: 'leaflet.txt',
    });

    const one = await file(token, es);
    expect(one.status).toBe(200);
    expect(one.headers['content-disposition']).toContain('leaflet.es.txt');
    expect(one.raw.body).toBe('Nuestro portal traduce.');
    // A file of another task, an unknown file, an unknown token, a numeric id: 404 or refused.
    expect((await file(token, others)).status).toBe(404);
    expect((await file(token, 999_999)).status).toBe(404);
    expect((await file('B'.repeat(32), es)).status).toBe(404);
    expect((await zip('B'.repeat(32))).status).toBe(404);
    expect((await file(String(task.id), es)).status).toBe(422);
    expect((await file(other, es)).status).toBe(404);

    const all = await zip(token);
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toBe('application/zip');
    expect(all.headers['content-disposition']).toContain(`translations-${task.code}.zip`);
    const entries = unzipSync(new Uint8Array(all.raw.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([
      'ca/flyer.txt',
      'ca/leaflet.txt',
      'es/flyer.txt',
      'es/leaflet.es.txt',
    ]);
    expect(strFromU8(entries['ca/flyer.txt']!)).toBe('Segon fulletó.');
  });
});

describe('housekeeping', () => {
  it('deletes unpaid quotes and their files after GUEST_TASK_TTL_DAYS; the link then says it expired', async () => {
    const token = await registered({ email: 'old@guest.test' });
    const task = await taskOf(token);
    const [file] = await db().select().from(sourceFiles).where(eq(sourceFiles.task_id, task.id));
    const stored = path.join(t.config.filesDir, file!.file_path);
    expect(fs.existsSync(stored)).toBe(true);
    const paidToken = await registered({ email: 'paid-old@guest.test' });
    const paid = await taskOf(paidToken);
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await db().update(tasks).set({ created_at: old }).where(eq(tasks.id, task.id));
    await db().update(tasks).set({ created_at: old, state: 'APPROVED' }).where(eq(tasks.id, paid.id));

    expect(await expireGuestTasks(t.app)).toBe(1);
    expect(fs.existsSync(stored)).toBe(false);
    const gone = await call(t.app, 'GET', `/api/task/temporal/${token}`, {
      headers: { 'accept-language': 'es' },
    });
    expect(gone.status).toBe(410);
    expect(gone.json.message).toContain('ha caducado');
    expect(
      (await db().select().from(quoteRequests).where(eq(quoteRequests.link_token, token)))[0]!.expired_at,
    ).not.toBeNull();
    expect((await taskOf(paidToken)).id).toBe(paid.id);
  });
});

describe('staff', () => {
  it('see guest tasks under TEMPORAL and turn a request into a customer with its client admin', async () => {
    const token = await registered({ email: 'convert@guest.test' });
    const task = await taskOf(token);
    const list = await call(t.app, 'GET', '/api/tasks', { token: tokens.pm, query: { state: 'TEMPORAL' } });
    const row = list.json.data.data.find((r: { id: number }) => r.id === task.id);
    expect(row).toMatchObject({ guest_company: 'Initech', guest_name: 'Gina Guest' });

    const request = await call(t.app, 'GET', `/api/tasks/${task.id}/guest-request`, { token: tokens.pm });
    expect(request.json.data).toMatchObject({ company_name: 'Initech', email: 'convert@guest.test' });
    const pmTry = await call(t.app, 'POST', `/api/tasks/${task.id}/guest-customer`, {
      token: tokens.pm,
      body: { customer_name: 'Initech', name: 'Gina', lastname: 'Guest', email: 'convert@guest.test' },
    });
    expect(pmTry.status).toBe(403);
    const res = await call(t.app, 'POST', `/api/tasks/${task.id}/guest-customer`, {
      token: tokens.admin,
      body: { customer_name: 'Initech', name: 'Gina', lastname: 'Guest', email: 'convert@guest.test' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const moved = (await db().select().from(tasks).where(eq(tasks.id, task.id)))[0]!;
    expect(moved).toMatchObject({
      customer_id: res.json.data.customer_id,
      state: 'DRAFT',
      guest_token: null,
    });
    const [admin] = await db().select().from(users).where(eq(users.email, 'convert@guest.test'));
    expect(admin).toMatchObject({ type: 'CLIENT_ADMIN', customer_id: res.json.data.customer_id });
    expect(moved.user_id).toBe(admin!.id);
    const mails = await mailsTo('convert@guest.test');
    expect(mails.some((m) => m.text.includes('/login/reset/'))).toBe(true);
    const history = await db().select().from(taskStateChanges).where(eq(taskStateChanges.task_id, task.id));
    expect(history.map((h) => h.to_state)).toEqual(['CALCULATING', 'TEMPORAL', 'DRAFT']);
    expect((await call(t.app, 'GET', `/api/task/temporal/${token}`)).status).toBe(404);
  });
});
