// A cluster on this machine, for `npm run cluster` and `npm run bench:cluster`: compiled API servers
// on one PostgreSQL database behind HAProxy (Debian's package), which sends requests only to servers
// whose /api/health/ready says 200, and files in s3rver (S3 over HTTP, from npm) or one shared folder.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const S3_BUCKET = 'verba';

export class ClusterError extends Error {}

/** The compiled server, built first when missing (or when `rebuild`). */
export function ensureBuilt(rebuild = false) {
  const serverJs = path.join(root, 'apps/api/dist/server.js');
  if (!fs.existsSync(serverJs) || rebuild) {
    console.log('Building (npm run build)…');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new ClusterError('the build failed');
  }
  return serverJs;
}

/** Creates the database named by `databaseUrl` when missing (`fresh`: drops it first). */
export async function ensureDatabase(databaseUrl, { fresh = false } = {}) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new ClusterError(`unexpected database name "${name}"`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  try {
    await admin.connect();
  } catch (err) {
    throw new ClusterError(
      `cannot reach PostgreSQL at ${url.host} (${err.code ?? err.message}); start it, or set DATABASE_URL.`,
    );
  }
  try {
    if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

async function startS3(directory) {
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed key pair
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    describe: `s3rver on port ${port} (bucket ${S3_BUCKET})`,
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}

async function ready(serverPort, isAlive) {
  for (let i = 0; i < 600; i++) {
    if (!isAlive()) throw new ClusterError(`the server on port ${serverPort} exited while starting`);
    try {
      const res = await fetch(`http://127.0.0.1:${serverPort}/api/health/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new ClusterError(`the server on port ${serverPort} did not become ready`);
}

const haproxyConfig = (port, ports) => `global
  maxconn 4096
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 300s
  # longer than readiness's own wait for the database (2 s)
  timeout check 3s
  option forwardfor
  retry-on conn-failure
  retries 2
  option redispatch
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

/**
 * Starts the cluster. Each server is { index, port, pid, alive, stop(signal), start() }: a stopped
 * server can be started again on its port (a rolling restart). `stop()` ends everything.
 */
export async function startCluster({
  size = 2,
  port = 8080,
  firstServerPort = 3101,
  databaseUrl,
  work,
  storage = 's3',
  env = {},
  log = 'inherit',
}) {
  if (!Number.isInteger(size) || size < 1 || size > 16)
    throw new ClusterError('CLUSTER_SIZE must be a whole number from 1 to 16.');
  if (spawnSync('haproxy', ['-v']).error)
    throw new ClusterError('HAProxy is not installed. Install it from Debian: apt-get install -y haproxy');
  const serverJs = ensureBuilt(process.env.CLUSTER_BUILD === '1');
  fs.mkdirSync(work, { recursive: true });
  const filesDir = path.join(work, 'files');
  const files = storage === 's3' ? await startS3(path.join(work, 's3')) : null;
  const filesEnv = files ? files.env : { FILES_DIR: filesDir };
  let stopping = false;

  const servers = Array.from({ length: size }, (_, index) => {
    const serverPort = firstServerPort + index;
    const server = {
      index,
      port: serverPort,
      child: null,
      get pid() {
        return server.child?.pid;
      },
      get alive() {
        return server.child !== null && server.child.exitCode === null && server.child.signalCode === null;
      },
      async start({ demo = false } = {}) {
        const child = spawn(process.execPath, ['--enable-source-maps', serverJs], {
          cwd: root,
          env: {
            ...process.env,
            ...filesEnv,
            ...env,
            DATABASE_URL: databaseUrl,
            DATA_DIR: path.join(work, `server-${index + 1}`),
            PORT: String(serverPort),
            PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
            TRUST_PROXY: 'true',
            // The demo accounts are made once, by the first server, before the others start.
            DEMO_DATA: demo ? (process.env.DEMO_DATA ?? 'on') : 'off',
            ANALYSIS_WORKERS: process.env.ANALYSIS_WORKERS ?? '1',
            LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
          },
          stdio: ['ignore', log, log],
        });
        server.child = child;
        child.on('exit', (code, signal) => {
          if (!stopping && !server.expectedExit)
            console.error(`server ${index + 1} (port ${serverPort}) exited (${signal ?? code})`);
          server.expectedExit = false;
        });
        await ready(serverPort, () => server.child === child && child.exitCode === null);
      },
      expectedExit: false,
      /** Sends `signal` and resolves with the exit code once the process has exited. */
      stop(signal = 'SIGTERM') {
        const child = server.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(null);
        server.expectedExit = true;
        return new Promise((resolve) => {
          child.once('exit', (code, sig) => resolve(code ?? sig));
          child.kill(signal);
        });
      },
    };
    return server;
  });

  await servers[0].start({ demo: true });
  await Promise.all(servers.slice(1).map((server) => server.start()));

  const configFile = path.join(work, 'haproxy.cfg');
  fs.writeFileSync(
    configFile,
    haproxyConfig(
      port,
      servers.map((s) => s.port),
    ),
  );
  const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', log, log] });
  haproxy.on('exit', (code) => {
    if (!stopping) console.error(`HAProxy exited (${code}); its configuration is ${configFile}`);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).status === 200) break;
    } catch {
      // HAProxy not listening yet
    }
    if (i > 100) throw new ClusterError(`HAProxy did not answer on port ${port}; see ${configFile}`);
    await sleep(200);
  }

  return {
    url,
    servers,
    haproxyPid: haproxy.pid,
    describe: `HAProxy → ${size} servers on ports ${servers.map((s) => s.port).join(', ')}, PostgreSQL ${new URL(databaseUrl).host}, ${files ? files.describe : `files in ${filesDir}`}`,
    async stop() {
      if (stopping) return;
      stopping = true;
      await Promise.all(servers.map((server) => server.stop('SIGTERM')));
      if (haproxy.exitCode === null) {
        const exited = new Promise((resolve) => haproxy.once('exit', resolve));
        haproxy.kill('SIGTERM');
        await exited;
      }
      await files?.stop();
    },
  };
}
