/**
 * A real server process (src/server.ts) stopped with SIGTERM: readiness fails at once while
 * liveness holds, new connections are refused after the drain delay, a request in flight (its
 * body still arriving) is finished, and the process exits 0. On the embedded database, or on a
 * fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.resolve(apiDir, '../../node_modules/.bin/tsx');
const serverUrl = process.env.TEST_DATABASE_URL;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-stop-'));
const ADMIN = { email: 'stop-admin@verba.test', password: 'a-long-stop-password' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, check: () => Promise<T | undefined>, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await sleep(50);
  }
}

const statusOf = (url: string) => fetch(url, { headers: { connection: 'close' } }).then((r) => r.status);

/** Whether a new connection is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('a server stopped with SIGTERM', { timeout: 240_000 }, () => {
  let child: ChildProcess;
  let port: number;
  let base: string;
  let exited: Promise<number | null>;
  let output = '';
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: scratch,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(scratch, 'data'),
      INITIAL_ADMIN_EMAIL: ADMIN.email,
      INITIAL_ADMIN_PASSWORD: ADMIN.password,
      ANALYSIS_WORKERS: '1',
      // Readiness must be seen failing before the drain ends and connections are refused: a
      // second was too short on a loaded machine (the check's answer came after it).
      SHUTDOWN_DRAIN_SECONDS: '3',
      SHUTDOWN_TIMEOUT_SECONDS: '60',
    };
    if (serverUrl) {
      const name = `verba_stop_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
    }
    child = spawn(tsx, ['src/server.ts'], { cwd: apiDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    await until(
      'the server is ready',
      async () => ((await statusOf(`${base}/api/health/ready`)) === 200 ? true : undefined),
      180,
    );
  }, 240_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
    await dropDatabase?.();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('fails readiness at once, finishes the request in flight, refuses new connections, exits 0', async () => {
    expect(await statusOf(`${base}/api/health/live`)).toBe(200);
    expect(await statusOf(`${base}/api/health`)).toBe(200);

    // A sign-in whose body has only half arrived when the signal comes.
    const body = JSON.stringify(ADMIN);
    const inFlight = http.request(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      inFlight.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, 10));
    await sleep(200);

    child.kill('SIGTERM');
    // The balancer's check fails at once; the process is still alive and answering.
    const ready = await until(
      'readiness fails',
      async () => {
        const res = await fetch(`${base}/api/health/ready`, {
          headers: { connection: 'close', 'accept-language': 'es' },
        });
        return res.status === 503 ? res : undefined;
      },
      5,
    );
    expect((await ready.json()) as { message: string }).toMatchObject({
      message: expect.stringMatching(/reiniciando/),
    });
    expect(await statusOf(`${base}/api/health/live`)).toBe(200);

    // After the drain delay, nothing new is taken.
    await until('new connections are refused', async () => ((await refused(port)) ? true : undefined), 30);
    expect(child.exitCode).toBeNull();

    // The request in flight still completes.
    inFlight.end(body.slice(10));
    const done = await answer;
    expect(done.status, done.body).toBe(200);
    expect(JSON.parse(done.body).data.access_token).toEqual(expect.any(String));

    expect(await exited, output).toBe(0);
  });
});
