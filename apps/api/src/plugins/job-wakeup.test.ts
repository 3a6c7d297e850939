import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { InProcessQueue } from './in-process-queue.ts';
import type { JobQueue } from './job-queue.ts';
import { DEFAULT_LEASE, PgBossQueue } from './pg-boss-queue.ts';

const QUEUE = 'wakeup-test';
/** Longer than any wait below: a job taken at all was taken because it was announced. */
const POLL_MS = 10 * 60 * 1000;

async function waitFor(check: () => boolean, seconds: number) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (check()) return true;
    await sleep(20);
  }
  return false;
}

// On the database the tests run on: the in-process queue on PGlite, pg-boss on PostgreSQL.
describe('a queued job is taken when its transaction commits, not at the next poll', () => {
  let t: TestApp;
  let queue: JobQueue;
  const ran: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    queue = t.config.databaseUrl
      ? new PgBossQueue(t.config.databaseUrl, t.app.log, DEFAULT_LEASE, POLL_MS)
      : new InProcessQueue(t.database.db, t.app.log, t.database.listen, POLL_MS);
    queue.work(QUEUE, async (payload) => {
      ran.push(Number(payload.n));
    });
    await queue.prepare(QUEUE);
    await queue.start();
    // Its first look for work is over: from now on it waits for its poll, or an announcement.
    await queue.idle();
    await sleep(500);
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
  });

  it('takes a job queued outside a transaction at once', async () => {
    await queue.enqueue(QUEUE, { n: 1 });
    expect(await waitFor(() => ran.includes(1), 20)).toBe(true);
  });

  it('takes a job queued by a transaction once it commits, and not before', async () => {
    await t.database.db.transaction(async (tx) => {
      await queue.enqueue(QUEUE, { n: 2 }, tx);
      await sleep(300);
      expect(ran).not.toContain(2);
    });
    expect(await waitFor(() => ran.includes(2), 20)).toBe(true);
  });

  it('never runs the job of a transaction rolled back', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await queue.enqueue(QUEUE, { n: 3 }, tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await queue.enqueue(QUEUE, { n: 4 });
    expect(await waitFor(() => ran.includes(4), 20)).toBe(true);
    expect(ran).not.toContain(3);
  });

  it('leaves a job to run later to its time: announced by nothing, it waits for the poll', async () => {
    await queue.enqueue(QUEUE, { n: 5 }, undefined, new Date(Date.now() + 60_000));
    await queue.enqueue(QUEUE, { n: 6 });
    expect(await waitFor(() => ran.includes(6), 20)).toBe(true);
    expect(ran).not.toContain(5);
  });
});
