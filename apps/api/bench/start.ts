// Start-up time and idle memory of the API process: compiled (`node dist/server.js`, what
// `npm start` runs) beside `tsx src/server.ts` (development). Prints figures; asserts nothing.
//   npm run bench:start        (builds the API first)
// Each start gets an empty data folder (migrations, reference and demo data), then starts again on
// that folder (what a restart costs). Time is from spawn to the first 200 of /api/health.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);

const commands = {
  compiled: [process.execPath, ['--enable-source-maps', 'dist/server.js']],
  tsx: [process.execPath, ['--import', 'tsx', 'src/server.ts']],
} as const;

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

async function untilHealthy(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
}

async function startOnce(kind: keyof typeof commands, dataDir: string, port: number) {
  const [cmd, args] = commands[kind];
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
    },
    stdio: 'ignore',
  });
  await untilHealthy(`http://127.0.0.1:${port}/api/health`, child);
  const ms = performance.now() - t0;
  await sleep(5000);
  const rss = rssMiB(child.pid!);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return { ms, rss };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!fs.existsSync(path.join(apiRoot, 'dist/server.js'))) {
  console.error('dist/server.js is missing: run `npm run build -w apps/api` first');
  process.exit(1);
}
console.log(`API start-up, median of ${runs} runs each (embedded PGlite, demo data)`);
let port = 4700 + Math.floor(Math.random() * 200);
for (const kind of ['compiled', 'tsx'] as const) {
  const fresh: Array<{ ms: number; rss: number }> = [];
  const again: Array<{ ms: number; rss: number }> = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-bench-start-'));
    fresh.push(await startOnce(kind, dataDir, port++));
    again.push(await startOnce(kind, dataDir, port++));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `  ${kind.padEnd(9)} empty folder ${median(fresh.map((r) => r.ms))
      .toFixed(0)
      .padStart(5)} ms   restart ${median(again.map((r) => r.ms))
      .toFixed(0)
      .padStart(5)} ms   idle RSS ${median(again.map((r) => r.rss)).toFixed(0)} MiB`,
  );
}
