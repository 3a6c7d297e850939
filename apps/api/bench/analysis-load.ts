// Does the server keep answering while it analyses a large file? Starts the compiled API on an
// empty embedded database with the demo accounts, orders a task with one large document, and
// polls /api/health every 20 ms until the analysis is done. Prints figures; asserts nothing.
//   npm run bench:analysis-load            (builds the API first; BENCH_MB=100 by default)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const megabytes = Number(process.env.BENCH_MB ?? 100);
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;

function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

async function untilHealthy(child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
}

/** Writes a document of about `mb` megabytes in chunks (never held whole). */
async function makeDocument(file: string, kind: 'xml' | 'txt', mb: number): Promise<void> {
  const out = fs.createWriteStream(file);
  const sentence = (i: number) =>
    `The operator checks valve ${i % 9973} before the pump in line ${i % 211} starts again. `;
  if (kind === 'xml') out.write('<?xml version="1.0" encoding="UTF-8"?><doc><p>');
  let written = 0;
  let i = 0;
  while (written < mb * 1024 * 1024) {
    let chunk = '';
    for (let k = 0; k < 1000; k++) chunk += sentence(i++);
    written += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  if (kind === 'xml') out.write('</p></doc>\n');
  await new Promise<void>((r) => out.end(() => r()));
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function healthLatencies(until: () => Promise<boolean>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  const watcher = (async () => {
    while (!done) {
      done = await until();
      if (!done) await sleep(500);
    }
  })();
  while (!done) {
    const t0 = performance.now();
    await fetch(`${base}/api/health`);
    times.push(performance.now() - t0);
    await sleep(20);
  }
  await watcher;
  return times.sort((a, b) => a - b);
}

const line = (label: string, ms: number[]) =>
  `${label.padEnd(34)} health p50 ${percentile(ms, 50).toFixed(1)} ms  p99 ${percentile(ms, 99).toFixed(1)} ms  max ${(ms.at(-1) ?? 0).toFixed(1)} ms  (${ms.length} probes)`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-bench-analysis-'));
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
  cwd: apiRoot,
  env: {
    ...process.env,
    DATA_DIR: path.join(work, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DEMO_DATA: 'on',
    MAX_FILE_MB: String(Math.max(200, megabytes * 2)),
  },
  stdio: 'ignore',
});
try {
  await untilHealthy(child);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'user@acme.test', password: 'demo-password' }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const auth = { authorization: `Bearer ${token}` };
  const get = async <T>(p: string) =>
    ((await (await fetch(`${base}/api${p}`, { headers: auth })).json()) as { data: T }).data;
  const department = (await get<{ departments: { id: number }[] }>('/users/departments')).departments[0]!.id;
  const en = (await get<{ id: number; iso_code: string }[]>('/languages/sources')).find(
    (l) => l.iso_code === 'en',
  )!.id;
  const es = (await get<{ id: number; iso_code: string }[]>('/languages/available')).find(
    (l) => l.iso_code === 'es',
  )!.id;

  await sleep(3000);
  console.log(`analysis under load — compiled API, embedded database, ${os.availableParallelism()} cores`);
  console.log(line('idle (no analysis)', await healthLatencies(async () => (await sleep(5000), true))));

  for (const kind of ['xml', 'txt'] as const) {
    const file = path.join(work, `large.${kind}`);
    await makeDocument(file, kind, megabytes);
    const form = new FormData();
    form.append('description', `bench ${kind}`);
    form.append('department', String(department));
    form.append('source_language', String(en));
    form.append('target_languages[]', String(es));
    form.append('translation_type', '1');
    form.append('review', 'false');
    form.append('custom_quote', 'false');
    form.append('file[]', await fs.openAsBlob(file), path.basename(file));
    const created = await fetch(`${base}/api/tasks/store-as-draft`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (created.status !== 201) throw new Error(`order refused: ${created.status} ${await created.text()}`);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const t0 = performance.now();
    const rssBefore = statusKiB(child.pid!, 'VmRSS');
    let peak = rssBefore;
    const times = await healthLatencies(async () => {
      peak = Math.max(peak, statusKiB(child.pid!, 'VmRSS'));
      return (await get<{ state: string }>(`/task/${id}`)).state !== 'CALCULATING';
    });
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `${line(`${megabytes} MB ${kind === 'xml' ? 'XML, one text node' : 'one-line txt'}`, times)}  analysed in ${seconds.toFixed(1)} s  server RSS ${Math.round(rssBefore / 1024)} → peak ${Math.round(peak / 1024)} MiB`,
    );
    fs.rmSync(file, { force: true });
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(work, { recursive: true, force: true });
}
