// The task list, search and task detail with 100,000 tasks under concurrent load, and a mixed load of
// many signed-in users; beside a bare Fastify route as the ceiling (each line gives its share of the
// bare route's req/s in the same run). Prints figures, asserts nothing.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
//   BENCH_DATABASE=pglite npm run bench:api          (the embedded database, in memory)
// BENCH_TASKS (100000 on PostgreSQL, 10000 on PGlite), BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_MIXED_SECONDS (60),
// BENCH_ONLY (a word of the case titles to run only those), BENCH_KEEP_DB, BENCH_PROFILE (a folder: the
// server's CPU profile of each case, saved there and summarised under its line; see cpu-profile.ts).
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { buildApp } from '../src/app.ts';
import { reuseFiguresFor } from '../src/modules/dashboard/service.ts';
import { seedDashboardFields, seedLargeTask, seedTasks } from './seed.ts';
import { startProfile, stopProfile } from './cpu-profile.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const MIXED_DURATION = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const ONLY = process.env.BENCH_ONLY;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const embedded = process.env.BENCH_DATABASE === 'pglite';
// The embedded database is for one office: a tenth of the tasks by default.
const TASKS = Number(process.env.BENCH_TASKS ?? (embedded ? 10_000 : 100_000));
if (!serverUrl && !embedded) {
  console.error(
    'Set BENCH_DATABASE_URL (a PostgreSQL server where a scratch database may be created), or BENCH_DATABASE=pglite.',
  );
  process.exit(2);
}

type Request = { method?: 'GET'; path: string; headers?: Record<string, string> };

/**
 * Time in the server per kind of request (from its arrival to its last byte written), printed under
 * the mixed lines: which requests make the tail. Numbers in the path are one kind (`/api/task/#`).
 */
const serverTimes = {
  byKind: new Map<string, number[]>(),
  record(url: string, ms: number) {
    const kind = url.replace(/\d+/g, '#');
    const times = this.byKind.get(kind) ?? [];
    if (!times.length) this.byKind.set(kind, times);
    times.push(ms);
  },
  print() {
    const at = (sorted: number[], q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    for (const [kind, times] of [...this.byKind].sort((a, b) => a[0].localeCompare(b[0]))) {
      const sorted = times.sort((a, b) => a - b);
      console.log(
        `    ${kind.padEnd(38)} ${String(sorted.length).padStart(7)} requests   in server p50 ${at(sorted, 0.5).toFixed(1).padStart(6)} ms   p99 ${at(sorted, 0.99).toFixed(1).padStart(6)} ms`,
      );
    }
    this.byKind.clear();
  },
};
let bareRate = 0;
let drain = async () => {};
/** The kept replies' counts (ADR 0022, ADR 0024), once the app is built. */
let keptCounts = (): Record<'task list pages' | 'task details', { hits: number; reads: number }> => ({
  'task list pages': { hits: 0, reads: 0 },
  'task details': { hits: 0, reads: 0 },
});

async function load(
  title: string,
  target: { url: string; headers?: Record<string, string> } | { base: string; requests: Request[] },
  options: { connections?: number; duration?: number; byKind?: boolean } = {},
) {
  if (ONLY && bareRate && !title.includes(ONLY)) return;
  await drain();
  serverTimes.byKind.clear();
  // The load runs in a worker thread: on the server's own event loop it would slow the server down.
  const before = performance.eventLoopUtilization();
  const cpuBefore = process.cpuUsage();
  if (bareRate) await startProfile();
  const countsBefore = structuredClone(keptCounts());
  const r = await autocannon({
    ...('url' in target
      ? { url: target.url, headers: target.headers }
      : { url: target.base, requests: target.requests }),
    connections: options.connections ?? CONNECTIONS,
    duration: options.duration ?? DURATION,
    workers: 1,
  });
  if (bareRate) await stopProfile(title);
  // The server's event loop time per request: steadier than req/s when the machine is shared.
  const busy = performance.eventLoopUtilization(before);
  const perRequest = Math.round((busy.active * 1000) / Math.max(1, r.requests.total));
  // CPU time of this process per request (the server, PGlite's queries, and the load generator's
  // thread): what a request costs even when other programs take the machine's cores.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerRequest = Math.round((cpu.user + cpu.system) / Math.max(1, r.requests.total));
  if (!bareRate) bareRate = r.requests.average;
  const share = ((100 * r.requests.average) / bareRate).toFixed(1);
  console.log(
    `  ${title.padEnd(40)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   server ${String(perRequest).padStart(4)} µs/req (loop ${Math.round(busy.utilization * 100)}% busy, cpu ${String(cpuPerRequest).padStart(5)} µs/req, ${share.padStart(5)}% of bare)   errors ${r.errors + r.non2xx}`,
  );
  for (const [what, counts] of Object.entries(keptCounts())) {
    const before = countsBefore[what as keyof typeof countsBefore];
    const hits = counts.hits - before.hits;
    const reads = counts.reads - before.reads;
    if (hits)
      console.log(
        `    ${what} from memory: ${((100 * hits) / (hits + reads)).toFixed(1)} % (${hits} kept, ${reads} read)`,
      );
  }
  if (options.byKind) serverTimes.print();
}

const portOf = (server: { address(): unknown }) => {
  const address = server.address();
  return typeof address === 'object' && address ? (address as { port: number }).port : 0;
};

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
  const database: Database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const t0 = performance.now();
  await seedTasks(database.db, TASKS);
  const large = await seedLargeTask(database.db, 20, 3);
  // What the dashboards read: approvals over 12 months, words, prices, due dates, targets.
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
  // The same portal with nothing kept: every list, search and detail reads the database.
  const fromDatabase = await buildApp({ ...config, keepTaskReplies: false }, database);
  keptCounts = () => ({
    'task list pages': app.taskListReplies.counts,
    'task details': app.taskDetailReplies.counts,
  });
  // Requests a case left behind (timed out at the client, still queued at the server) are drained
  // before the next case starts, so that each line measures its own requests only.
  let inFlight = 0;
  for (const server of [app.server, fromDatabase.server])
    server.on('request', (req: { url?: string }, res: { on(event: 'close', listener: () => void): void }) => {
      inFlight += 1;
      const start = performance.now();
      res.on('close', () => {
        inFlight -= 1;
        serverTimes.record(req.url ?? '', performance.now() - start);
      });
    });
  drain = async () => {
    // A request whose client gave up closes at once: wait a little longer for the work it left.
    const until = performance.now() + 15_000;
    while (inFlight > 0 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  };
  // What a working portal does between reads: someone changes a task (here its description, to
  // itself) once a second, and every process forgets the pages it kept.
  const whileATaskChangesEverySecond = async (cases: () => Promise<void>) => {
    const changes = setInterval(() => {
      database.db
        .execute(sql`update tasks set description = description where id = ${large}`)
        .catch((err: Error) => console.error('change failed:', err.message));
    }, 1_000);
    try {
      await cases();
    } finally {
      clearInterval(changes);
    }
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  await fromDatabase.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${portOf(app.server)}`;
  const direct = `http://127.0.0.1:${portOf(fromDatabase.server)}`;
  const token = async (email: string) => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo-password' }),
    });
    return ((await res.json()) as { data: { access_token: string } }).data.access_token;
  };
  const bearer = async (email: string) => ({ authorization: `Bearer ${await token(email)}` });
  const staff = await bearer('pm@verba.test');
  const client = await bearer('user@acme.test');
  const boss = await bearer('admin@verba.test');

  const bare = Fastify();
  bare.get('/bare', async () => ({ data: { status: 'ok' } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  await load('bare Fastify route (ceiling)', { url: `http://127.0.0.1:${portOf(bare.server)}/bare` });
  // The list, searches and the detail read from the database on every request; then as served: a
  // reply is kept until the database announces a change (ADR 0022, ADR 0024), while one task changes
  // every second.
  await load('GET /api/tasks, staff (VERBA_PM)', { url: `${direct}/api/tasks`, headers: staff });
  await load('GET /api/tasks, client user (Acme)', { url: `${direct}/api/tasks`, headers: client });
  await load('search for one task (its number)', { url: `${direct}/api/tasks?search=42123`, headers: staff });
  // Every tenth task matches, all of them far from the newest: the worst case for the list's plan.
  const broadSearch = '/api/tasks?state=APPROVED_AND_DRAFT&search=task%201';
  await load('broad search (11% match), staff', { url: `${direct}${broadSearch}`, headers: staff });
  // A word in every task's description.
  await load('broad search (a word in every task)', {
    url: `${direct}/api/tasks?search=benchmark`,
    headers: staff,
  });
  // A word of one task only (the large task's description).
  await load('search for a rare word', { url: `${direct}/api/tasks?search=guide`, headers: staff });
  // Part of a code: "2123" finds B42123 (and B12123, …).
  await load('search for part of a code', { url: `${direct}/api/tasks?search=2123`, headers: staff });
  await load('task detail, 20 files x 3 languages', { url: `${direct}/api/task/${large}`, headers: staff });
  // The signed-in account, read on every page load: a client user's, and a client admin's (with
  // the company's balance).
  const clientAdmin = await bearer('admin@acme.test');
  await load('account (/auth/me), client user', { url: `${direct}/api/auth/me`, headers: client });
  await load('account (/auth/me), client admin', { url: `${direct}/api/auth/me`, headers: clientAdmin });
  await whileATaskChangesEverySecond(async () => {
    await load('GET /api/tasks, staff (as served)', { url: `${base}/api/tasks`, headers: staff });
    await load('GET /api/tasks, client user (as served)', { url: `${base}/api/tasks`, headers: client });
    await load('broad search (11% match), as served', { url: `${base}${broadSearch}`, headers: staff });
    // The task read is the one changing every second: its detail is read again after each change.
    await load('task detail, 20 x 3, as served', { url: `${base}/api/task/${large}`, headers: staff });
  });
  // The dashboards (p99 under 200 ms at 50 connections). As served: a reply is reused for
  // a while per scope and recomputed in the background while the last one is served; here it is
  // reused for 1 s instead of 30 s, so that ten recomputations run during each case. Then one
  // reader alone with every request recomputed (what the first reader after a restart waits), and
  // 50 readers recomputing on every request (no reuse at all).
  reuseFiguresFor(1_000);
  await fetch(`${base}/api/dashboard/staff`, { headers: staff });
  await fetch(`${base}/api/dashboard/client`, { headers: clientAdmin });
  await load('dashboard, staff (as served)', { url: `${base}/api/dashboard/staff`, headers: staff });
  await load('dashboard, client admin (as served)', {
    url: `${base}/api/dashboard/client`,
    headers: clientAdmin,
  });
  reuseFiguresFor(0);
  await load(
    'dashboard, staff (recomputed, 1 reader)',
    { url: `${base}/api/dashboard/staff`, headers: staff },
    { connections: 1 },
  );
  await load('dashboard, staff (recomputed)', { url: `${base}/api/dashboard/staff`, headers: staff });
  await load('dashboard, client admin (recomputed)', {
    url: `${base}/api/dashboard/client`,
    headers: clientAdmin,
  });
  reuseFiguresFor(30_000);
  // Signed-in users going through the screens: lists, a search, detail, reference data, account, logs.
  const mixed: Request[] = [
    { path: '/api/tasks', headers: staff },
    { path: `/api/task/${large}`, headers: staff },
    { path: '/api/languages', headers: client },
    { path: '/api/auth/me', headers: client },
    { path: '/api/tasks', headers: client },
    { path: `/api/task/${large}`, headers: client },
    { path: '/api/tasks?search=task%2077', headers: staff },
    { path: '/api/action-logs', headers: boss },
    { path: '/api/tasks?page=3', headers: client },
  ];
  await whileATaskChangesEverySecond(async () => {
    if (database.kind === 'pglite')
      await load(
        'mixed, 20 users',
        { base, requests: mixed },
        { connections: 20, duration: MIXED_DURATION, byKind: true },
      );
    await load(
      'mixed, 200 users',
      { base, requests: mixed },
      { connections: 200, duration: MIXED_DURATION, byKind: true },
    );
  });
  await load(
    'mixed, 200 users (from the database)',
    { base: direct, requests: mixed },
    { connections: 200, duration: MIXED_DURATION, byKind: true },
  );
  await bare.close();
  await app.close();
  await fromDatabase.close();
  await database.close();
} finally {
  if (admin) {
    if (!process.env.BENCH_KEEP_DB) await admin.query(`drop database if exists ${name} with (force)`);
    else console.log(`kept ${name}`);
    await admin.end();
  }
}
