// Start-up time on each database and sign-in latency. Prints figures; asserts nothing.
//   npm run bench:auth                      (embedded PGlite)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:auth   (also PostgreSQL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { withScratchDatabase } from './scratch-database.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { buildApp } from '../src/app.ts';

async function start(open: () => Promise<Database>) {
  const t0 = performance.now();
  const database = await open();
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  // Limits raised: this measures the server, not the sign-in rate limits.
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    {
      webDist: '/nonexistent',
      login: { maxPerIpPerMinute: 1e9, maxFailuresPerAccount: 1e9, failureWindowMinutes: 1 },
    },
  );
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ms = performance.now() - t0;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, database, ms, url: `http://127.0.0.1:${port}` };
}

async function load(url: string, title: string, options: Partial<autocannon.Options>) {
  const result = await autocannon({ url, connections: 10, duration: 5, ...options });
  console.log(
    `  ${title.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}`,
  );
}

/** A reset request for a known and an unknown email should take as long; 10 a minute per IP. */
async function resetLatency(url: string) {
  const ask = async (email: string) => {
    const t0 = performance.now();
    await fetch(`${url}/api/auth/password/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    return performance.now() - t0;
  };
  await ask('warm-up@nowhere.test');
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 4; i++) {
    known.push(await ask('pm@verba.test'));
    unknown.push(await ask(`ghost-${i}@nowhere.test`));
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return ((sorted[1]! + sorted[2]!) / 2).toFixed(1);
  };
  console.log(
    `  reset request, median of 4:        known ${median(known)} ms, unknown ${median(unknown)} ms`,
  );
}

async function measure(label: string, open: () => Promise<Database>) {
  console.log(`\n${label}`);
  const first = await start(open);
  console.log(`  start-up (migrate + seed + listen): ${first.ms.toFixed(0)} ms`);
  const login = JSON.stringify({ email: 'pm@verba.test', password: 'demo-password' });
  const res = await fetch(`${first.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: login,
  });
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  const single: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: login,
    });
    single.push(performance.now() - t0);
  }
  single.sort((a, b) => a - b);
  console.log(
    `  one sign-in at a time (argon2id):  median ${single[10]?.toFixed(1)} ms, max ${single[19]?.toFixed(1)} ms`,
  );
  await resetLatency(first.url);
  await load(`${first.url}/api/auth/login`, 'POST /api/auth/login (10 conn.)', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: login,
  });
  await load(`${first.url}/api/auth/me`, 'GET /api/auth/me (10 conn.)', {
    headers: { authorization: `Bearer ${token}` },
  });
  await load(`${first.url}/api/health`, 'GET /api/health (ceiling)', {});
  await first.app.close();
  await first.database.close();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-bench-'));
await measure('Embedded PGlite, new data folder', () => openDatabase({ dataDir: dir }));
const t0 = performance.now();
const again = await openDatabase({ dataDir: dir });
console.log(
  `  reopen of an existing data folder (migrations already applied): ${(performance.now() - t0).toFixed(0)} ms`,
);
await again.close();
fs.rmSync(dir, { recursive: true, force: true });

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  await withScratchDatabase(serverUrl, (url) =>
    measure('PostgreSQL, new database', () => openDatabase({ databaseUrl: url })),
  );
} else {
  console.log('\nPostgreSQL: set BENCH_DATABASE_URL to measure it too.');
}
