/**
 * Two servers on one PostgreSQL database, each with its own pools and listeners as two processes
 * would have, share every limit and key: the account lockout, the per-IP limits of
 * @fastify/rate-limit, the quote form's challenge key and its used solutions. Kept task replies and
 * cached sessions stay coherent between them. (The embedded database is one process by design.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib/v1';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { countries, customers, languages, quoteRequests } from '../src/db/schema/index.ts';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const soon = { timeout: 3_000, interval: 20 };
const LIMITS = { maxPerIpPerMinute: 6, maxFailuresPerAccount: 5, failureWindowMinutes: 15 };

describe.runIf(serverUrl)('two servers on one PostgreSQL database', () => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let bDatabase: Database;

  beforeAll(async () => {
    // the quote form's proof of work kept small: the tests solve a dozen challenges
    const guestQuotes = { ...loadConfig({ NODE_ENV: 'test' }).guestQuotes, challengeMaxNumber: 2000 };
    t = await createTestApp({ login: LIMITS, trustProxy: true, keepTaskReplies: true, guestQuotes });
    a = t.app;
    bDatabase = await openDatabase({ databaseUrl: t.config.databaseUrl! });
    b = await buildApp(t.config, bDatabase);
    await b.ready();
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await t?.close();
  });

  const servers = () => [a, b] as const;
  const signIn = (app: FastifyInstance, email: string, password: string, ip: string) =>
    call(app, 'POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

  it('20 wrong passwords for one account, split across both servers: at most 5 are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(servers()[i % 2]!, DEMO.acmeUser, `wrong-${i}`, `10.9.0.${i}`),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    // Locked on both servers, the right password too.
    for (const app of servers()) {
      const locked = await signIn(app, DEMO.acmeUser, DEMO_PASSWORD, '10.9.1.1');
      expect(locked.status).toBe(429);
      expect(locked.json.message).toMatch(/Too many failed sign-in attempts/);
    }
  });

  it("one caller's sign-ins are counted once for both servers (LOGIN_MAX_PER_IP_PER_MINUTE)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await signIn(servers()[i % 2]!, `nobody${i}@example.test`, 'x', '10.9.2.1')).status);
    expect(statuses).toEqual([...Array(6).fill(401), ...Array(4).fill(429)]);
    // Another caller still has its own allowance.
    expect((await signIn(b, 'nobody@example.test', 'x', '10.9.2.2')).status).toBe(401);
  });

  describe('the quote form', () => {
    let fields: Record<string, string | string[]>;
    beforeAll(async () => {
      const db = t.database.db;
      const langs = Object.fromEntries((await db.select().from(languages)).map((l) => [l.iso_code, l.id]));
      const [country] = await db.select().from(countries).limit(1);
      fields = {
        company_name: 'Initech',
        country: String(country!.id),
        first_name: 'Gina',
        last_name: 'Guest',
        email: 'gina@guest.test',
        phone_number: '+34 600 000 000',
        source_language: String(langs.en),
        'target_languages[]': [String(langs.es)],
        review_originals: 'false',
        privacy_policy: 'true',
        lang: 'en',
      };
    });

    async function solvedOn(app: FastifyInstance): Promise<string> {
      const answer = await call(app, 'GET', '/api/quote/challenge');
      expect(answer.status, answer.raw.body).toBe(200);
      const c = answer.json.data;
      const solved = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
      const { algorithm, challenge, salt, signature } = c;
      return Buffer.from(
        JSON.stringify({ algorithm, challenge, number: solved!.number, salt, signature }),
      ).toString('base64');
    }
    async function register(
      app: FastifyInstance,
      token: string,
      more: Record<string, string> = {},
      ip?: string,
    ) {
      const body = await multipart({ ...fields, ...more, recaptcha_token: token }, [
        { name: 'leaflet.txt', content: 'Ask us for a quote today.' },
      ]);
      const headers = ip ? { ...body.headers, 'x-forwarded-for': ip } : body.headers;
      return call(app, 'POST', '/api/register', { body: body.payload, headers });
    }

    it('requests for one e-mail sent at once to both servers: no more than the daily limit are taken', async () => {
      const limit = t.config.guestQuotes.maxPerEmailPerDay;
      const tokens = await Promise.all(
        Array.from({ length: limit * 2 }, (_, i) => solvedOn(servers()[i % 2]!)),
      );
      const answers = await Promise.all(
        tokens.map((token, i) =>
          // the same address in two spellings: one e-mail
          register(
            servers()[i % 2]!,
            token,
            { email: i % 3 ? 'rush@guest.test' : 'Rush@Guest.test' },
            `10.9.3.${i}`,
          ),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(limit);
      const rows = await t.database.db.select().from(quoteRequests);
      expect(rows.filter((r) => r.email.toLowerCase() === 'rush@guest.test')).toHaveLength(limit);
    });

    it('a challenge one server issued is accepted by the other, once (without QUOTE_CHALLENGE_SECRET)', async () => {
      expect(t.config.guestQuotes.challengeSecret).toBeUndefined();
      const token = await solvedOn(a);
      const first = await register(b, token);
      expect(first.status, JSON.stringify(first.json)).toBe(201);
      const replayed = await register(a, token);
      expect(replayed.status).toBe(422);
      expect(replayed.json.errors.recaptcha_token).toHaveLength(1);
    });
  });

  it('a logout on one server ends the session on the other', async () => {
    const token = await login(a, DEMO.pm);
    const me = (app: FastifyInstance) => call(app, 'GET', '/api/auth/me', { token });
    expect((await me(b)).status).toBe(200);
    expect((await me(b)).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    await vi.waitFor(async () => expect((await me(b)).status).toBe(401), soon);
  });

  it("a task deleted on one server leaves the other's kept task list", async () => {
    const db = t.database.db;
    const [acme] = await db.select().from(customers).where(eq(customers.name, 'Acme'));
    const [en] = await db.select().from(languages).where(eq(languages.iso_code, 'en'));
    const [row] = (
      (await db.execute(
        sql`insert into tasks (code, customer_id, source_language_id, translation_type_id, description, state)
            values ('TWO-SRV', ${acme!.id}, ${en!.id}, 1, 'Seen by both servers', 'DRAFT') returning id`,
      )) as unknown as { rows: Array<{ id: number }> }
    ).rows;
    const admin = await login(a, DEMO.admin);
    const codes = async (app: FastifyInstance) =>
      (
        (await call(app, 'GET', '/api/tasks', { token: admin })).json.data.data as Array<{ code: string }>
      ).map((r) => r.code);
    await vi.waitFor(async () => expect(await codes(b)).toContain('TWO-SRV'), soon);
    // B now answers from what it keeps.
    const kept = { ...b.taskListReplies.counts };
    expect(await codes(b)).toContain('TWO-SRV');
    expect(b.taskListReplies.counts.hits).toBe(kept.hits + 1);

    expect((await call(a, 'DELETE', `/api/task/${row!.id}`, { token: admin })).status).toBe(200);
    await vi.waitFor(async () => expect(await codes(b)).not.toContain('TWO-SRV'), soon);
  });
});

// With REDIS_URL the request limits are counted in Redis instead (TEST_REDIS_URL: .ci/run sets it).
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(serverUrl && redisUrl)('two servers counting request limits in Redis', () => {
  let t: TestApp;
  let b: FastifyInstance;
  let bDatabase: Database;
  beforeAll(async () => {
    t = await createTestApp({ login: LIMITS, trustProxy: true, redisUrl });
    bDatabase = await openDatabase({ databaseUrl: t.config.databaseUrl! });
    b = await buildApp(t.config, bDatabase);
    await b.ready();
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await t?.close();
  });

  it("one caller's sign-ins are counted once for both servers", async () => {
    // Redis outlives this test's database: a caller of its own for each run.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const app = i % 2 ? b : t.app;
      const body = { email: `nobody${i}@example.test`, password: 'x' };
      statuses.push(
        (await call(app, 'POST', '/api/auth/login', { body, headers: { 'x-forwarded-for': ip } })).status,
      );
    }
    expect(statuses).toEqual([...Array(6).fill(401), ...Array(4).fill(429)]);
  });
});
