import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEASE, PgBossQueue, type LeaseOptions } from './pg-boss-queue.ts';

// pg-boss runs on PostgreSQL only; the embedded queue's restart is tested in tasks.test.ts.
const serverUrl = process.env.TEST_DATABASE_URL;
const apiRoot = path.resolve(import.meta.dirname, '../..');
const log = Fastify({ logger: false }).log;
const SHORT_LEASE: LeaseOptions = { leaseSeconds: 3, heartbeatSeconds: 1, maintenanceIntervalSeconds: 1 };

let url = '';
let dbName = '';
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, seconds: number) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

async function jobRow(name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select state, retry_count from pgboss.job where name = $1 union all select state, retry_count from pgboss.archive where name = $1',
      [name],
    );
    return rows as Array<{ state: string; retry_count: number }>;
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('pg-boss jobs on PostgreSQL', () => {
  beforeAll(async () => {
    dbName = `verba_jobs_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${dbName}`);
    const u = new URL(serverUrl!);
    u.pathname = `/${dbName}`;
    url = u.toString();
  });
  afterAll(async () => {
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('gives the job of a worker that died mid-job to another worker once its lease runs out, and runs it once', async () => {
    const name = 'crash.test';
    const survivor = new PgBossQueue(url, log, SHORT_LEASE, 100);
    const seen: unknown[] = [];
    try {
      await survivor.enqueue(name, { taskId: 7 });
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/job-worker-child.ts', url, name], {
        cwd: apiRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const taken = await new Promise<boolean>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('taken') && resolve(true));
        child.once('exit', () => resolve(false));
      });
      expect(taken).toBe(true);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      survivor.work(name, async (payload) => {
        seen.push(payload);
      });
      await survivor.start();
      // lease (3 s) + maintenance (1 s) + pg-boss's retry delay (5 s), with room for a slow machine.
      expect(await waitFor(() => seen.length > 0, 30)).toBe(true);
      await sleep(1500);
      expect(seen).toEqual([{ taskId: 7 }]);
      expect(await jobRow(name)).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      await survivor.stop();
    }
  });

  it('lets a job that runs longer than its lease keep it while its worker is alive', async () => {
    const name = 'long.test';
    const first = new PgBossQueue(url, log, SHORT_LEASE, 100);
    const second = new PgBossQueue(url, log, SHORT_LEASE, 100);
    const runs: string[] = [];
    try {
      first.work(name, async () => {
        runs.push('first');
        await sleep(SHORT_LEASE.leaseSeconds * 3 * 1000);
      });
      second.work(name, async () => {
        runs.push('second');
      });
      await first.start();
      await first.enqueue(name, { taskId: 8 });
      expect(await waitFor(() => runs.length > 0, 15)).toBe(true);
      await second.start();
      expect(await waitFor(async () => (await jobRow(name))[0]?.state === 'completed', 30)).toBe(true);
      expect(runs).toEqual(['first']);
      expect(await jobRow(name)).toEqual([{ state: 'completed', retry_count: 0 }]);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('a server that stops hands its job back: another takes it at once, with no retry spent', async () => {
    const name = 'handback.test';
    // A lease of 30 s: without the hand-back the other server would wait for it to run out.
    const stopping = new PgBossQueue(url, log, DEFAULT_LEASE, 100);
    const other = new PgBossQueue(url, log, DEFAULT_LEASE, 100);
    const runs: string[] = [];
    try {
      stopping.work(name, async (_payload, signal) => {
        runs.push('stopping');
        await new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      });
      other.work(name, async () => {
        runs.push('other');
      });
      await stopping.start();
      await stopping.enqueue(name, { taskId: 9 });
      expect(await waitFor(() => runs.length > 0, 15)).toBe(true);
      await other.start();
      await stopping.stop();
      expect(await waitFor(async () => (await jobRow(name))[0]?.state === 'completed', 15)).toBe(true);
      expect(runs).toEqual(['stopping', 'other']);
      expect(await jobRow(name)).toEqual([{ state: 'completed', retry_count: 0 }]);
    } finally {
      await Promise.all([stopping.stop(), other.stop()]);
    }
  });

  it('hourly housekeeping runs once for all the servers that start together, on one pg-boss schedule', async () => {
    const name = 'hourly.test';
    const servers = [0, 1, 2].map(() => new PgBossQueue(url, log, SHORT_LEASE, 100));
    let runs = 0;
    try {
      for (const queue of servers)
        queue.hourly(name, async () => {
          runs++;
        });
      await Promise.all(servers.map((queue) => queue.start()));
      expect(await waitFor(() => runs > 0, 15)).toBe(true);
      await sleep(1500);
      expect(runs).toBe(1);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const schedules = await client.query('select cron from pgboss.schedule where name = $1', [name]);
        expect(schedules.rows).toEqual([{ cron: '17 * * * *' }]);
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(servers.map((queue) => queue.stop()));
    }
  });
});
