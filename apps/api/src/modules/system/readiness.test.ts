import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { readiness } from './service.ts';

/** A database whose `select 1` answers, fails or never comes back. */
const databaseThat = (answer: 'answers' | 'fails' | 'hangs') =>
  ({
    execute: () =>
      answer === 'answers'
        ? Promise.resolve({ rows: [] })
        : answer === 'fails'
          ? Promise.reject(new Error('connection refused'))
          : new Promise(() => {}),
  }) as unknown as Db;

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (err: unknown) => (err instanceof AppError ? err.status : 500),
  );
const longAgo = () => Date.now() - 60_000;

describe('readiness', () => {
  it('is refused while the server stops, whatever the database does', async () => {
    const stopping = { db: databaseThat('answers'), stopping: true, lastAnsweredAt: () => Date.now() };
    expect(await statusOf(readiness(stopping))).toBe(503);
  });

  it('asks the database when no query of this process has finished lately', async () => {
    expect(
      await statusOf(readiness({ db: databaseThat('answers'), stopping: false, lastAnsweredAt: longAgo })),
    ).toBe(200);
    expect(
      await statusOf(readiness({ db: databaseThat('fails'), stopping: false, lastAnsweredAt: longAgo })),
    ).toBe(503);
    expect(
      await statusOf(readiness({ db: databaseThat('hangs'), stopping: false, lastAnsweredAt: longAgo })),
    ).toBe(503);
  });

  it('counts a query just finished as the database answering: a busy server stays in the balancer', async () => {
    const busy = { db: databaseThat('hangs'), stopping: false, lastAnsweredAt: () => Date.now() - 100 };
    expect(await statusOf(readiness(busy))).toBe(200);
  });
});
