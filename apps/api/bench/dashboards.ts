// The two dashboards' aggregation endpoints with 100,000 tasks under 50 concurrent connections
// (target: p99 under 200 ms): as served (each reply reused for 30 s per scope), and
// recomputed on every request. Prints figures, asserts nothing.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:dashboards
//   BENCH_DATABASE=pglite npm run bench:dashboards          (the embedded database, in memory)
// BENCH_TASKS (100000), BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_KEEP_DB.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { buildApp } from '../src/app.ts';
import { reuseFiguresFor } from '../src/modules/dashboard/service.ts';
import { seedDashboardFields, seedTasks } from './seed.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const embedded = process.env.BENCH_DATABASE === 'pglite';
if (!serverUrl && !embedded) {
  console.error(
    'Set BENCH_DATABASE_URL (a PostgreSQL server where a scratch database may be created), or BENCH_DATABASE=pglite.',
  );
  process.exit(2);
}

async function load(title: string, url: string, headers: Record<string, string>, connections = CONNECTIONS) {
  const before = performance.eventLoopUtilization();
  const r = await autocannon({ url, headers, connections, duration: DURATION, workers: 1 });
  const busy = performance.eventLoopUtilization(before);
  const perRequest = Math.round((busy.active * 1000) / Math.max(1, r.requests.total));
  console.log(
    `  ${title.padEnd(46)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   server ${String(perRequest).padStart(5)} µs/req   errors ${r.errors + r.non2xx}`,
  );
}

const name = `verba_bench_${randomBytes(4).toString('hex')}`;
const admin = serverUrl && !embedded ? new pg.Client({ connectionString: serverUrl }) : null;
let databaseUrl: string | undefined;
if (admin) {
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
try {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const t0 = performance.now();
  await seedTasks(database.db, TASKS);
  await seedDashboardFields(database.db);
  console.log(
    `${database.kind}: ${TASKS} tasks inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${DURATION} s each`,
  );
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    {
      webDist: '/nonexistent',
      login: { maxPerIpPerMinute: 1e9, maxFailuresPerAccount: 1e9, failureWindowMinutes: 1 },
    },
  );
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const bearer = async (email: string) => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo-password' }),
    });
    return {
      authorization: `Bearer ${((await res.json()) as { data: { access_token: string } }).data.access_token}`,
    };
  };
  const staff = await bearer('pm@verba.test');
  const client = await bearer('admin@acme.test');

  // The ceiling on this machine at this moment: a bare Fastify route under the same load.
  const bare = Fastify();
  bare.get('/bare', async () => ({ data: { status: 'ok' } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  await load(
    'bare Fastify route (ceiling)',
    `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/bare`,
    {},
  );
  await bare.close();
  // A running server has served its dashboards before: one request each, as the first reader would.
  await fetch(`${base}/api/dashboard/staff`, { headers: staff });
  await fetch(`${base}/api/dashboard/client`, { headers: client });
  console.log(
    'as served (each dashboard reused for 30 s per scope, then refreshed while the last one is served):',
  );
  await load('GET /api/dashboard/staff (VERBA_PM)', `${base}/api/dashboard/staff`, staff);
  await load('GET /api/dashboard/client (Acme, 2/3 of tasks)', `${base}/api/dashboard/client`, client);
  reuseFiguresFor(0);
  console.log('recomputed on every request (no reuse):');
  await load('GET /api/dashboard/staff, 1 connection', `${base}/api/dashboard/staff`, staff, 1);
  await load('GET /api/dashboard/client, 1 connection', `${base}/api/dashboard/client`, client, 1);
  await load('GET /api/dashboard/staff', `${base}/api/dashboard/staff`, staff);
  await load('GET /api/dashboard/client', `${base}/api/dashboard/client`, client);
  await app.close();
  await database.close();
} finally {
  if (admin) {
    if (!process.env.BENCH_KEEP_DB) await admin.query(`drop database if exists ${name} with (force)`);
    else console.log(`kept ${name}`);
    await admin.end();
  }
}
