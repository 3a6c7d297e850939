// First page of GET /api/tasks with 100,000 tasks on PostgreSQL, for a staff user and a client
// user, under concurrent load; beside a bare Fastify route as the ceiling. Prints figures.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { buildApp } from '../src/app.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('Set BENCH_DATABASE_URL (a PostgreSQL server where a scratch database may be created).');
  process.exit(2);
}

async function load(url: string, title: string, headers: Record<string, string> = {}) {
  // The load runs in a worker thread: on the server's own event loop it would slow the server down.
  const before = performance.eventLoopUtilization();
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, workers: 1 });
  // The server's event loop time per request: steadier than req/s when the machine is shared.
  const busy = performance.eventLoopUtilization(before);
  const perRequest = Math.round((busy.active * 1000) / Math.max(1, r.requests.total));
  console.log(
    `  ${title.padEnd(36)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   server ${String(perRequest).padStart(4)} µs/req (loop ${Math.round(busy.utilization * 100)}% busy)   errors ${r.errors + r.non2xx}`,
  );
}

const name = `verba_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
try {
  const database = await openDatabase({ databaseUrl: url.toString() });
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const t0 = performance.now();
  // Acme's and Globex's tasks, spread over states, departments and requesters.
  await database.db.execute(sql`
    insert into tasks (code, customer_id, department_id, user_id, source_language_id, translation_type_id, description, state, base_price, created_at)
    select 'B' || g,
           case when g % 3 = 0 then (select id from customers where name = 'Globex') else (select id from customers where name = 'Acme') end,
           case when g % 3 = 0 then null else (select id from departments where title = 'Marketing') end,
           case when g % 3 = 0 then (select id from users where email = 'admin@globex.test')
                when g % 2 = 0 then (select id from users where email = 'user@acme.test')
                else (select id from users where email = 'admin@acme.test') end,
           (select id from languages where iso_code = 'en'), 1 + g % 4, 'Benchmark task ' || g,
           (array['DRAFT','APPROVED','IN_COURSE','DONE','CANCELLED','DEFERRED'])[1 + g % 6],
           (g % 1000)::numeric / 10, now() - (g || ' minutes')::interval
    from generate_series(1, ${TASKS}) as g`);
  // As autovacuum would leave a table this size: statistics gathered, the visibility map set.
  await database.db.execute(sql`vacuum analyze tasks`);
  console.log(
    `${TASKS} tasks inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${DURATION} s each`,
  );

  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url.toString() },
    {
      webDist: '/nonexistent',
      login: { maxPerIpPerMinute: 1e9, maxFailuresPerAccount: 1e9, failureWindowMinutes: 1 },
    },
  );
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const token = async (email: string) => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo-password' }),
    });
    return ((await res.json()) as { data: { access_token: string } }).data.access_token;
  };
  const staff = await token('pm@verba.test');
  const client = await token('user@acme.test');

  const bare = Fastify();
  bare.get('/bare', async () => ({ data: { status: 'ok' } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  await load(
    `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/bare`,
    'bare Fastify route (ceiling)',
  );
  await load(`${base}/api/tasks`, 'GET /api/tasks, staff (VERBA_PM)', { authorization: `Bearer ${staff}` });
  await load(`${base}/api/tasks`, 'GET /api/tasks, client user (Acme)', {
    authorization: `Bearer ${client}`,
  });
  await load(`${base}/api/tasks?search=42123`, 'search for one task (its number)', {
    authorization: `Bearer ${staff}`,
  });
  // Every tenth task matches, all of them far from the newest: the worst case for the list's plan.
  await load(
    `${base}/api/tasks?state=APPROVED_AND_DRAFT&search=task%201`,
    'broad search (11% match), staff',
    {
      authorization: `Bearer ${staff}`,
    },
  );
  await bare.close();
  await app.close();
  await database.close();
} finally {
  if (!process.env.BENCH_KEEP_DB) await admin.query(`drop database if exists ${name} with (force)`);
  else console.log(`kept ${name}`);
  await admin.end();
}
