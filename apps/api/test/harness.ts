import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed/demo.ts';
import { buildApp } from '../src/app.ts';

export { DEMO_PASSWORD };

export const DEMO = {
  admin: 'admin@verba.test',
  pm: 'pm@verba.test',
  acmeAdmin: 'admin@acme.test',
  acmeUser: 'user@acme.test',
  globexAdmin: 'admin@globex.test',
  inactive: 'inactive@acme.test',
} as const;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite by default, or a new PostgreSQL database
 * on the server of TEST_DATABASE_URL (dropped again on close). Reference and demo data loaded.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-files-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://portal.test' },
    {
      webDist: '/nonexistent',
      filesDir,
      login: { maxPerIpPerMinute: 10_000, maxFailuresPerAccount: 5, failureWindowMinutes: 15 },
      // On PostgreSQL a change made outside a request (a test's SQL, a background job) reaches the
      // kept task replies of ADR 0022 and 0024 when its notification arrives, milliseconds later, not
      // before the test's next request: there, tests read the database unless they are about keeping
      // (kept-replies.test.ts asks for it). On PGlite the notification comes first, and every test
      // runs with replies kept, as the portal does.
      keepTaskReplies: !serverUrl,
      ...overrides,
    },
  );
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: Database;
  // A copy of the run's migrated and seeded database (test/global-setup.ts), else made here.
  const template = inject('templateDatabase');
  const snapshot = inject('pgliteSnapshot');
  if (serverUrl) {
    const name = `verba_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString() });
    config.databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    database = await openDatabase({
      dataDir: 'memory://',
      ...(snapshot ? { snapshot: new Blob([fs.readFileSync(snapshot)]) } : {}),
    });
  }
  if (!(serverUrl ? template : snapshot)) {
    await seedReferenceData(database.db);
    await seedDemoData(database.db);
  }
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
) {
  const response = await app.inject({
    method,
    url,
    query: options.query,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies dynamically
  let json: any;
  try {
    json = response.json();
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, json, headers: response.headers, raw: response };
}

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await call(app, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data.access_token as string;
}
