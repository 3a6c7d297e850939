import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import { listenOnPostgres, type StopListening } from '../db/notifications.ts';
import { JOB_CHANNEL, MAX_ATTEMPTS, type JobHandler, type JobQueue, type Listen } from './job-queue.ts';

/** Minute 17 of every hour: away from the top of the hour, when other systems' cron jobs run. */
const HOURLY_CRON = '17 * * * *';
const DEADLOCK = '40P01';

/** How long a taken job stays its worker's without a sign of life, and how often a worker gives one. */
export interface LeaseOptions {
  leaseSeconds: number;
  heartbeatSeconds: number;
  /** How often pg-boss looks for jobs whose lease ran out (and retries them). */
  maintenanceIntervalSeconds: number;
}

/**
 * A crashed worker's job is retried within about leaseSeconds + maintenanceIntervalSeconds
 * (under a minute), while a long analysis that still runs keeps its job by heartbeats.
 */
export const DEFAULT_LEASE: LeaseOptions = {
  leaseSeconds: 30,
  heartbeatSeconds: 10,
  maintenanceIntervalSeconds: 10,
};

/**
 * Moves the job's expiry to leaseSeconds from now, if it is still active. pg-boss 10 has no heartbeat
 * of its own (its expiry is `started_on + expire_in`), so the lease is renewed in its table.
 */
const RENEW_LEASE = (schema: string) =>
  `update ${schema}.job set expire_in = (now() - started_on) + make_interval(secs => $3)
   where name = $1 and id = $2 and state = 'active'`;

/**
 * Gives a taken job back untouched, as if never fetched (no retry spent, no retry delay), so
 * another server takes it at once: what a stopping server does with the work it was doing.
 */
const HAND_BACK = (schema: string) =>
  `update ${schema}.job set state = 'created', started_on = null, start_after = now(),
     expire_in = make_interval(secs => $3)
   where name = $1 and id = $2 and state = 'active'`;

/** pg-boss's statements (`$1`… placeholders) run by a drizzle transaction, so a job commits with it. */
function inTransaction(tx: Db): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)\b/);
      const chunks = parts.map((part, i) => {
        if (i % 2 === 0) return sql.raw(part);
        // drizzle renders an undefined parameter as nothing: pg-boss means null
        const value: unknown = values[Number(part) - 1] ?? null;
        const plain = value !== null && typeof value === 'object' && !(value instanceof Date);
        return sql`${plain ? JSON.stringify(value) : value}`;
      });
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** pg-boss on PostgreSQL: several server instances share the work; a job whose worker died is retried. */
export class PgBossQueue implements JobQueue {
  private boss: PgBoss;
  private handlers = new Map<string, JobHandler>();
  private hourlyWork = new Set<string>();
  private queues = new Set<string>();
  private startPromise: Promise<void> | undefined;
  private controller = new AbortController();
  private active = 0;
  private loops: Array<Promise<void>> = [];
  /** Each queue's loop, when it waits for its next poll: ends the wait. */
  private readonly wakers = new Map<string, () => void>();
  /** Queues a job was announced for since their loop last fetched. */
  private readonly announced = new Set<string>();
  private stopListening: StopListening | undefined;
  private static readonly SCHEMA = 'pgboss';

  constructor(
    connectionString: string,
    private log: FastifyBaseLogger,
    private lease: LeaseOptions = DEFAULT_LEASE,
    private pollMs = 1000,
    private listen: Listen = async (channel, handlers) =>
      listenOnPostgres(connectionString, channel, handlers),
  ) {
    this.boss = new PgBoss({
      connectionString,
      schema: PgBossQueue.SCHEMA,
      max: 4,
      maintenanceIntervalSeconds: lease.maintenanceIntervalSeconds,
    });
    this.boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  }

  private ensureStarted() {
    this.startPromise ??= this.boss.start().then(() => undefined);
    return this.startPromise;
  }

  /**
   * pg-boss makes a queue's table partition on first use; servers doing it at the same moment can
   * deadlock in PostgreSQL, and the loser simply tries again.
   */
  private async ensureQueue(name: string) {
    if (this.queues.has(name)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(name);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== DEADLOCK || attempt >= 5) throw err;
        await sleep(50 + Math.random() * 200);
      }
    }
    this.queues.add(name);
  }

  async enqueue(name: string, payload: Record<string, unknown>, tx?: Db, runAfter?: Date) {
    await this.ensureStarted();
    await this.ensureQueue(name);
    const db = tx ? inTransaction(tx) : this.boss.getDb();
    await this.boss.send(name, payload, {
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelay: 5,
      expireInSeconds: this.lease.leaseSeconds,
      db,
      ...(runAfter && { startAfter: runAfter }),
    });
    if (!runAfter) await db.executeSql('select pg_notify($1, $2)', [JOB_CHANNEL, name]);
  }

  work(name: string, handler: JobHandler) {
    this.handlers.set(name, handler);
  }

  hourly(name: string, handler: JobHandler) {
    this.handlers.set(name, handler);
    this.hourlyWork.add(name);
  }

  async prepare(name: string) {
    await this.ensureStarted();
    await this.ensureQueue(name);
  }

  async start() {
    // Started already (the demo seed starts the queue before the server does): one loop per queue.
    if (this.loops.length && !this.controller.signal.aborted) return;
    await this.ensureStarted();
    this.controller = new AbortController();
    this.stopListening = await this.listen(JOB_CHANNEL, {
      notify: (name) => this.wake(name),
      // what was announced while the connection was down is found by fetching now
      ready: () => {
        for (const name of this.handlers.keys()) this.wake(name);
      },
      lost: () => {},
    });
    for (const [name, handler] of this.handlers) {
      if (this.controller.signal.aborted) return;
      await this.ensureQueue(name);
      if (this.hourlyWork.has(name)) {
        // pg-boss makes one job per tick of the schedule, whichever servers are running.
        await this.boss.schedule(name, HOURLY_CRON);
        // And one at start, unless a server that started in the last ten minutes made it.
        await this.boss.send(name, {}, { singletonKey: name, singletonSeconds: 600 });
      }
      this.loops.push(this.workLoop(name, handler, this.controller.signal));
    }
  }

  /**
   * Takes one job at a time. Not `boss.work`: it fails any job that runs longer than its expiry,
   * however alive its worker, where the lease here is renewed for as long as the handler runs.
   */
  private async workLoop(name: string, handler: JobHandler, signal: AbortSignal) {
    while (!signal.aborted) {
      let job: PgBoss.Job<object> | undefined;
      this.announced.delete(name);
      try {
        [job] = await this.boss.fetch(name, { batchSize: 1 });
      } catch (err) {
        if (!signal.aborted) this.log.error({ err, queue: name }, 'could not fetch a job');
      }
      if (!job) {
        await this.nextPoll(name, signal);
        continue;
      }
      await this.run(name, job, handler, signal);
    }
  }

  /** Waits `pollMs`, or less if a job of the queue is announced (or was, during the last fetch). */
  private async nextPoll(name: string, signal: AbortSignal) {
    if (this.announced.has(name)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.wakers.delete(name);
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      signal.addEventListener('abort', done);
      this.wakers.set(name, done);
    });
  }

  private wake(name: string) {
    if (!this.handlers.has(name)) return;
    this.announced.add(name);
    this.wakers.get(name)?.();
  }

  private async run(name: string, job: PgBoss.Job<object>, handler: JobHandler, signal: AbortSignal) {
    this.active++;
    const heartbeat = setInterval(() => {
      this.boss
        .getDb()
        .executeSql(RENEW_LEASE(PgBossQueue.SCHEMA), [name, job.id, this.lease.leaseSeconds])
        .catch((err: unknown) => this.log.warn({ err, job: job.id }, 'could not renew the job lease'));
    }, this.lease.heartbeatSeconds * 1000);
    const handBack = () =>
      this.boss
        .getDb()
        .executeSql(HAND_BACK(PgBossQueue.SCHEMA), [name, job.id, this.lease.leaseSeconds])
        .catch((err: unknown) => this.log.warn({ err, job: job.id }, 'could not hand back a job'));
    try {
      await handler(job.data as Record<string, unknown>, signal);
      // Stopping: a handler that returned early on the abort may not be done (handlers are idempotent).
      if (signal.aborted) await handBack();
      else await this.boss.complete(name, job.id);
    } catch (err) {
      // Stopping: the job goes back to the queue for the next server, at once.
      if (signal.aborted) {
        await handBack();
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      this.log.error({ err, job: job.id, name }, 'job failed');
      await this.boss.fail(name, job.id, { message }).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
      this.active--;
    }
  }

  async stop() {
    this.controller.abort();
    await this.stopListening?.();
    this.stopListening = undefined;
    // A handler that ignores the abort keeps its job only until its lease runs out.
    await Promise.race([Promise.all(this.loops.splice(0)), sleep(10_000)]);
    if (this.startPromise) await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  async idle() {
    for (;;) {
      // Like the in-process queue: nothing runs before start (tests start it when they need it),
      // and a job waiting for its startAfter is not work to wait for.
      if (!this.loops.length || this.controller.signal.aborted) return;
      const names = [...this.handlers.keys()];
      const rows = names.length
        ? (
            (await this.boss
              .getDb()
              .executeSql(
                `SELECT count(*)::int AS n FROM ${PgBossQueue.SCHEMA}.job WHERE name = ANY($1) AND state < 'active' AND start_after <= now()`,
                [names],
              )) as { rows: Array<{ n: number }> }
          ).rows
        : [{ n: 0 }];
      const queued = rows[0]?.n ?? 0;
      if (queued === 0 && this.active === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
