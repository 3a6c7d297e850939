// `npm run cluster`: CLUSTER_SIZE compiled API servers (default 2) on one PostgreSQL database behind
// HAProxy (Debian's package), which sends requests only to servers whose /api/health/ready says 200.
// Files stay on local disk in one FILES_DIR shared by the servers (object storage comes with S3).
// Ctrl+C stops everything: the servers with SIGTERM, so they drain as in production.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const size = Number(process.env.CLUSTER_SIZE ?? 2);
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const firstServerPort = Number(process.env.CLUSTER_SERVER_PORT ?? 3101);
const work = path.join(root, 'data', 'cluster');
const filesDir = process.env.FILES_DIR ?? path.join(work, 'files');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/verba_cluster';

function fail(message) {
  console.error(`npm run cluster: ${message}`);
  process.exit(1);
}

if (!Number.isInteger(size) || size < 1 || size > 16)
  fail('CLUSTER_SIZE must be a whole number from 1 to 16.');
if (spawnSync('haproxy', ['-v']).error)
  fail('HAProxy is not installed. Install it from Debian: apt-get install -y haproxy');

/** The default database is made on first use; a DATABASE_URL given must exist already. */
async function ensureDatabase() {
  if (process.env.DATABASE_URL) return;
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  try {
    await admin.connect();
  } catch (err) {
    fail(
      `cannot reach PostgreSQL at ${url.host} (${err.code ?? err.message}); start it, or set DATABASE_URL.`,
    );
  }
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database ${name}`);
  await admin.end();
}

const serverJs = path.join(root, 'apps/api/dist/server.js');
if (!fs.existsSync(serverJs) || process.env.CLUSTER_BUILD === '1') {
  console.log('Building (npm run build)…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await ensureDatabase();
fs.mkdirSync(filesDir, { recursive: true });

const children = [];
let stopping = false;

function startServer(i) {
  const serverPort = firstServerPort + i;
  const child = spawn(process.execPath, ['--enable-source-maps', serverJs], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      FILES_DIR: filesDir,
      DATA_DIR: path.join(work, `server-${i + 1}`),
      PORT: String(serverPort),
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
      TRUST_PROXY: 'true',
      // The demo accounts are made once, by the first server, before the others start.
      DEMO_DATA: i === 0 ? (process.env.DEMO_DATA ?? 'on') : 'off',
      ANALYSIS_WORKERS: process.env.ANALYSIS_WORKERS ?? '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`server ${i + 1} (port ${serverPort}) exited (${signal ?? code})`);
  });
  children.push(child);
  return serverPort;
}

async function ready(serverPort) {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${serverPort}/api/health/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`server on port ${serverPort} did not become ready`);
}

const ports = [];
for (let i = 0; i < size; i++) {
  ports.push(startServer(i));
  // The first server migrates and loads the demo; the others then start together.
  if (i === 0) await ready(ports[0]);
}
await Promise.all(ports.map(ready));

const config = `global
  maxconn 4096
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 300s
  option forwardfor
  retry-on conn-failure
  retries 2
frontend verba
  bind 127.0.0.1:${port}
  default_backend api
backend api
  balance leastconn
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
${ports.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check`).join('\n')}
`;
const configFile = path.join(work, 'haproxy.cfg');
fs.writeFileSync(configFile, config);
const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
children.push(haproxy);
haproxy.on('exit', (code) => {
  if (!stopping) fail(`HAProxy exited (${code}); its configuration is ${configFile}`);
});

console.log(
  `Verba cluster: http://localhost:${port} (HAProxy → ${size} servers on ports ${ports.join(', ')}, PostgreSQL ${new URL(databaseUrl).host}, files in ${filesDir}). Ctrl+C stops it.`,
);

async function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)),
  );
  process.exit(0);
}
process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());
