/**
 * A server that cannot start says why in one line (the setting and what to do, no stack trace,
 * no password) and exits non-zero: an unwritable files or data folder, a DATABASE_URL that is not
 * an address, that nothing answers, whose user or database does not exist, a port in use, an
 * embedded database folder held by another process. Each spawns the real server (src/server.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPort } from './s3.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.resolve(apiDir, '../../node_modules/.bin/tsx');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-start-'));
fs.chmodSync(scratch, 0o777);
afterAll(() => {
  fs.chmodSync(path.join(scratch, 'locked'), 0o755);
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Root writes anywhere: the folder tests then run the server as nobody. */
const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
const serverUrl = process.env.TEST_DATABASE_URL;

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['src/server.ts'], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: scratch,
        NODE_ENV: 'development',
        LOG_LEVEL: 'silent',
        DEMO_DATA: 'false',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(scratch, 'data'),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      ...asUser,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

async function expectOneLine(env: Record<string, string>, ...words: Array<string | RegExp>) {
  const { code, stderr } = await start(env);
  expect(code, stderr).toBe(1);
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Verba could not start: /);
  for (const word of words) expect(lines[0]).toMatch(word);
  expect(stderr).not.toMatch(/^\s+at /m);
  return lines[0]!;
}

const s3Env = (endpoint: string) => ({
  S3_BUCKET: 'verba-test',
  S3_ENDPOINT: endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

const locked = path.join(scratch, 'locked');
fs.mkdirSync(locked, { mode: 0o555 });
fs.chmodSync(locked, 0o555);

describe('a start that fails says why in one line', { timeout: 180_000 }, () => {
  it('an unwritable files folder names it and FILES_DIR', async () => {
    const folder = path.join(locked, 'files');
    await expectOneLine({ FILES_DIR: folder }, folder, 'FILES_DIR', /writable/);
  });

  it('an unwritable data folder names it and DATA_DIR', async () => {
    const folder = path.join(locked, 'data');
    await expectOneLine({ DATA_DIR: folder }, folder, 'DATA_DIR', /writable/);
  });

  it('a DATABASE_URL that is not an address, without echoing it', async () => {
    const line = await expectOneLine(
      { DATABASE_URL: 'postgres//verba:s3cret@db' },
      'DATABASE_URL',
      /postgres:\/\//,
    );
    expect(line).not.toContain('s3cret');
  });

  it('STORAGE=s3 with nothing answering at S3_ENDPOINT', async () => {
    await expectOneLine(
      { STORAGE: 's3', ...s3Env(await closedPort()), S3_SECRET_ACCESS_KEY: 's3cret-key' },
      'Cannot reach the object storage at http://127.0.0.1:',
      'S3_ENDPOINT',
    ).then((line) => expect(line).not.toContain('s3cret-key'));
  });

  it('a DATABASE_URL nothing answers at', async () => {
    const line = await expectOneLine(
      { DATABASE_URL: 'postgres://verba:s3cret@127.0.0.1:1/verba' },
      '127.0.0.1:1',
      'DATABASE_URL',
      /Start PostgreSQL/,
    );
    expect(line).not.toContain('s3cret');
  });

  it.skipIf(!serverUrl)('a DATABASE_URL whose user cannot sign in', async () => {
    const url = new URL(serverUrl!);
    url.username = 'no_such_verba_user';
    url.password = 's3cret';
    const line = await expectOneLine({ DATABASE_URL: url.toString() }, 'no_such_verba_user', 'DATABASE_URL');
    expect(line).not.toContain('s3cret');
  });

  it.skipIf(!serverUrl)('a DATABASE_URL whose database does not exist', async () => {
    const url = new URL(serverUrl!);
    url.pathname = '/no_such_verba_database';
    await expectOneLine({ DATABASE_URL: url.toString() }, 'no_such_verba_database', /createdb/);
  });

  it('a port in use', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = String((busy.address() as net.AddressInfo).port);
    try {
      await expectOneLine({ PORT: port, FILES_DIR: path.join(scratch, 'files') }, `port ${port}`, 'PORT');
    } finally {
      busy.close();
    }
  });

  it('an embedded database folder held by another live process', async () => {
    const data = path.join(scratch, 'held');
    fs.mkdirSync(path.join(data, 'pglite'), { recursive: true });
    for (const dir of [data, path.join(data, 'pglite')]) fs.chmodSync(dir, 0o777);
    const holder = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
    fs.writeFileSync(path.join(data, 'pglite', 'verba.lock'), JSON.stringify(holder));
    await expectOneLine({ DATA_DIR: data }, `process ${process.pid}`, 'DATA_DIR');
  });
});
