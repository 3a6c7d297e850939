// Two compiled API servers behind HAProxy, files in s3rver, one PostgreSQL: 200 signed-in users run
// the mixed load of bench:api through the balancer for BENCH_SECONDS (60). A third of the way in, one
// server gets SIGTERM and is started again (a rolling restart); two thirds in, the other gets kill -9
// and is started again. Meanwhile files are uploaded through the balancer (each must then download
// from every server) and a task is changed on one server and read on the other (its kept reply must
// follow). Prints figures, asserts nothing:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cluster
// BENCH_TASKS (10000), BENCH_CONNECTIONS (200), BENCH_SECONDS (60), CLUSTER_SIZE (2).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { ensureDatabase, startCluster, type ClusterServer } from '../../../scripts/cluster-lib.mjs';
import { seedLargeTask, seedTasks } from './seed.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SIZE = Number(process.env.CLUSTER_SIZE ?? 2);
/** A read on another server this long after a change was acknowledged must show it (NOTIFY's trip). */
const STALE_AFTER_MS = 200;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('Set BENCH_DATABASE_URL (a PostgreSQL server where a scratch database may be created).');
  process.exit(2);
}
if (SIZE < 2) {
  console.error('CLUSTER_SIZE must be at least 2: the bench stops one server at a time.');
  process.exit(2);
}

// the servers run what is checked out now: built again unless CLUSTER_BUILD=0
process.env.CLUSTER_BUILD ??= '1';
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: '/verba_bench_cluster' }).toString();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-bench-cluster-'));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

// ---- phases -------------------------------------------------------------------------------------
type Phase = 'steady' | 'sigterm' | 'kill9';
const PHASES: Phase[] = ['steady', 'sigterm', 'kill9'];
const figures = new Map(
  PHASES.map((p) => [p, { latencies: [] as number[], failed: 0, total: 0, why: new Map<string, number>() }]),
);
let startedAt = 0;
const phaseNow = (): Phase =>
  PHASES[Math.min(2, Math.floor(((Date.now() - startedAt) / 1000 / SECONDS) * 3))]!;

function printPhases() {
  for (const phase of PHASES) {
    const f = figures.get(phase)!;
    const sorted = f.latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    const rate = Math.round(f.total / (SECONDS / 3));
    console.log(
      `phase ${phase}: ${rate} req/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, failed ${f.failed} of ${f.total}`,
    );
    if (f.why.size) console.log(`  (failed: ${JSON.stringify(Object.fromEntries(f.why))})`);
  }
}

// ---- CPU of the servers and of PostgreSQL -------------------------------------------------------
const TICK_MS = 10; // Linux's USER_HZ is 100
const cpuOf = (pid: number): number | null => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
  } catch {
    return null;
  }
};
/** CPU ms per process, the last reading kept once a process has exited (a second's worth is lost). */
class CpuMeter {
  readonly #start = new Map<number, number>();
  readonly #last = new Map<number, number>();
  sample(pids: number[]) {
    for (const pid of pids) {
      const ms = cpuOf(pid);
      if (ms === null) continue;
      if (!this.#start.has(pid)) this.#start.set(pid, ms);
      this.#last.set(pid, ms);
    }
  }
  total() {
    let sum = 0;
    for (const [pid, last] of this.#last) sum += last - this.#start.get(pid)!;
    return sum;
  }
}

// ---- the run ------------------------------------------------------------------------------------
await ensureDatabase(databaseUrl, { fresh: true });
const logFile = path.join(work, 'servers.log');
const log = fs.openSync(logFile, 'a');
const cluster = await startCluster({
  size: SIZE,
  port: await freePort(),
  firstServerPort: await freePort(),
  databaseUrl,
  work,
  storage: 's3',
  // 200 users sign in from this one address; the limits stay on for everything else
  env: { LOGIN_MAX_PER_IP_PER_MINUTE: '100000', TOKEN_MAX_PER_MINUTE: '1000000' },
  log,
});
const base = cluster.url;
const direct = (server: ClusterServer) => `http://127.0.0.1:${server.port}`;

let large = 0;
{
  const database = await openDatabase({ databaseUrl });
  await seedTasks(database.db, TASKS);
  large = await seedLargeTask(database.db, 20, 3);
  await database.close();
}
const signIn = async (email: string) => {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  return { authorization: `Bearer ${token}` };
};
const staff = await signIn('pm@verba.test');
const client = await signIn('user@acme.test');
const boss = await signIn('admin@verba.test');
console.log(
  `${SIZE} servers (${cluster.describe}); ${TASKS} tasks; ${CONNECTIONS} users for ${SECONDS} s; server logs in ${logFile}`,
);

const mixed = [
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

const monitor = new pg.Client({ connectionString: databaseUrl });
await monitor.connect();
const apiCpu = new CpuMeter();
const databaseCpu = new CpuMeter();
const backends = async () =>
  (
    await monitor.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
  ).rows.map((r) => r.pid);
const sampleCpu = async () => {
  apiCpu.sample(cluster.servers.flatMap((s) => (s.pid ? [s.pid] : [])));
  databaseCpu.sample(await backends());
};

let running = true;
const uploads: Array<{ messageId: number; fileId: number; content: string }> = [];
const uploadRefusals = new Map<string, number>();
const refused = (why: string) => uploadRefusals.set(why, (uploadRefusals.get(why) ?? 0) + 1);
async function uploadLoop() {
  for (let i = 0; running; i++) {
    const content = `upload ${i} ${Math.random()}`;
    const form = new FormData();
    form.append('body', `File ${i}`);
    form.append('files[]', new Blob([content]), `note-${i}.txt`);
    try {
      const res = await fetch(`${base}/api/tasks/${large}/messages`, {
        method: 'POST',
        headers: staff,
        body: form,
      });
      if (res.status === 201) {
        const { data } = (await res.json()) as { data: { id: number; files: Array<{ id: number }> } };
        uploads.push({ messageId: data.id, fileId: data.files[0]!.id, content });
      } else refused(String(res.status));
    } catch (err) {
      refused((err as Error).message);
    }
    await sleep(250);
  }
}

let changes = 0;
let staleReplies = 0;
async function changeLoop() {
  for (let i = 0; running; i++) {
    const alive = cluster.servers.filter((s) => s.alive);
    if (alive.length >= 2) {
      const [writer, reader] = i % 2 ? [alive[0]!, alive[1]!] : [alive[1]!, alive[0]!];
      const days = 1 + (i % 5);
      try {
        const res = await fetch(`${direct(writer)}/api/tasks/${large}/updateDaysToAdd`, {
          method: 'PUT',
          headers: { ...staff, 'content-type': 'application/json' },
          body: JSON.stringify({ days_to_add: days }),
        });
        if (res.ok) {
          changes++;
          await sleep(STALE_AFTER_MS);
          const read = await fetch(`${direct(reader)}/api/task/${large}`, { headers: staff }).catch(
            () => null,
          );
          // a reader being stopped answers 503 or not at all: not a stale reply
          if (
            read?.ok &&
            ((await read.json()) as { data: { days_to_add: number } }).data.days_to_add !== days
          )
            staleReplies++;
        }
      } catch {
        // the writer is being stopped
      }
    }
    await sleep(500);
  }
}

async function faults() {
  const [first, second] = cluster.servers as [ClusterServer, ClusterServer];
  await sleep((SECONDS / 3) * 1000 + 2_000);
  console.log(`  ${((Date.now() - startedAt) / 1000).toFixed(0)} s: SIGTERM to server 1`);
  const code = await first.stop('SIGTERM');
  console.log(
    `  ${((Date.now() - startedAt) / 1000).toFixed(0)} s: server 1 exited (${code}); starting it again`,
  );
  await first.start();
  console.log(`  ${((Date.now() - startedAt) / 1000).toFixed(0)} s: server 1 ready`);
  await sleep(Math.max(0, startedAt + ((2 * SECONDS) / 3) * 1000 + 2_000 - Date.now()));
  console.log(`  ${((Date.now() - startedAt) / 1000).toFixed(0)} s: kill -9 to server 2`);
  await second.stop('SIGKILL');
  await second.start();
  console.log(`  ${((Date.now() - startedAt) / 1000).toFixed(0)} s: server 2 ready`);
}

await sampleCpu();
startedAt = Date.now();
const sampler = setInterval(() => void sampleCpu(), 1_000);
let finished: (result: autocannon.Result) => void = () => {};
const done = new Promise<autocannon.Result>((resolve) => (finished = resolve));
const instance = autocannon(
  { url: base, requests: mixed, connections: CONNECTIONS, duration: SECONDS },
  (err, result) => {
    if (err) throw err;
    finished(result);
  },
);
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  const f = figures.get(phaseNow())!;
  f.total++;
  if (statusCode >= 500 || statusCode === 429) {
    f.failed++;
    f.why.set(String(statusCode), (f.why.get(String(statusCode)) ?? 0) + 1);
  } else f.latencies.push(responseTime);
});
instance.on('reqError', (error: Error) => {
  const f = figures.get(phaseNow())!;
  f.total++;
  f.failed++;
  f.why.set(error.message, (f.why.get(error.message) ?? 0) + 1);
});
const background = Promise.all([uploadLoop(), changeLoop()]);
const faulted = faults().catch((err: unknown) => console.error('the fault schedule failed:', err));
const result = await done;
running = false;
await Promise.all([background, faulted]);
clearInterval(sampler);
await sampleCpu();

// every upload acknowledged must download, whole, from every server
let lost = 0;
for (const upload of uploads) {
  for (const server of cluster.servers) {
    const res = await fetch(
      `${direct(server)}/api/tasks/${large}/messages/${upload.messageId}/files/${upload.fileId}`,
      { headers: staff },
    ).catch(() => null);
    if (!res?.ok || (await res.text()) !== upload.content) {
      lost++;
      break;
    }
  }
}

printPhases();
console.log(`uploads lost ${lost}; stale replies ${staleReplies}`);
const requests = result.requests.total + uploads.length + changes;
console.log(
  `  (${uploads.length} uploads acknowledged, ${[...uploadRefusals.values()].reduce((a, b) => a + b, 0)} refused ${JSON.stringify(Object.fromEntries(uploadRefusals))}; ${changes} changes read back ${STALE_AFTER_MS} ms later on the other server)`,
);
console.log(
  `cpu per request: API servers ${(apiCpu.total() / requests).toFixed(2)} ms, PostgreSQL ${(databaseCpu.total() / requests).toFixed(2)} ms (${requests} requests; ${os.cpus().length} cores on this machine, shared by the load generator)`,
);

await monitor.end();
await cluster.stop();
fs.closeSync(log);
fs.rmSync(work, { recursive: true, force: true });
