import fp from 'fastify-plugin';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

export type JobHandler = (payload: Record<string, unknown>, signal: AbortSignal) => Promise<void>;

/** Background work behind one interface: pg-boss on PostgreSQL, an in-process runner on the embedded default. */
export interface JobQueue {
  /**
   * With `tx`, the job is queued by that transaction: it exists exactly when the transaction commits.
   * With `runAfter`, it is not taken before then.
   */
  enqueue(name: string, payload: Record<string, unknown>, tx?: Db, runAfter?: Date): Promise<void>;
  work(name: string, handler: JobHandler): void;
  /**
   * Housekeeping run at start and then every hour, by one server at a time: a pg-boss schedule on
   * PostgreSQL (one job per hour whatever the number of servers), a timer on the embedded database.
   */
  hourly(name: string, handler: JobHandler): void;
  /** Makes the queue `name` exist, so that an `enqueue` inside a transaction creates no table then. */
  prepare(name: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when nothing is queued or running (tests, graceful shutdown). */
  idle(): Promise<void>;
}

const MAX_ATTEMPTS = 3;
const HOUR_MS = 60 * 60 * 1000;
/** Minute 17 of every hour: away from the top of the hour, when other systems' cron jobs run. */
const HOURLY_CRON = '17 * * * *';
const DEADLOCK = '40P01';

/**
 * Durable queue in the `jobs` table, run one job at a time in this process. A job that was
 * running when the process stopped is queued again at the next start, so it is never lost;
 * handlers must be idempotent (they are re-run from the start, never resumed halfway).
 */
export class InProcessQueue implements JobQueue {
  private handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private controller = new AbortController();
  private started = false;
  private hourlyWork = new Map<string, JobHandler>();
  private hourlyTimer: NodeJS.Timeout | undefined;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private pollMs = 1000,
  ) {}

  async enqueue(name: string, payload: Record<string, unknown>, tx?: Db, runAfter?: Date) {
    await (tx ?? this.db)
      .insert(jobs)
      .values({ name, payload: JSON.stringify(payload), ...(runAfter && { run_after: runAfter }) });
    // in a transaction, the poll takes the job once it commits
    if (!tx) this.kick();
  }

  work(name: string, handler: JobHandler) {
    this.handlers.set(name, handler);
  }

  hourly(name: string, handler: JobHandler) {
    this.hourlyWork.set(name, handler);
  }
  async prepare() {}

  async start() {
    if (this.started) return;
    this.started = true;
    this.controller = new AbortController();
    await this.db.update(jobs).set({ state: 'queued', locked_at: null }).where(eq(jobs.state, 'running'));
    this.kick();
    // The embedded database has one process: its timer is the only one.
    const housekeeping = () => {
      for (const [name, handler] of this.hourlyWork)
        handler({}, this.controller.signal).catch((err: unknown) =>
          this.log.error({ err, name }, 'housekeeping failed'),
        );
    };
    housekeeping();
    this.hourlyTimer = setInterval(housekeeping, HOUR_MS).unref();
  }

  async stop() {
    this.started = false;
    clearInterval(this.hourlyTimer);
    clearTimeout(this.timer);
    this.controller.abort();
    await this.running;
  }

  async idle() {
    for (;;) {
      await this.running;
      const [pending] = await this.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(sql`${jobs.state} in ('queued', 'running') and ${jobs.run_after} <= now()`)
        .limit(1);
      if (!pending || !this.started) return;
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private kick() {
    if (!this.started || this.running) return;
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.started) this.timer = setTimeout(() => this.kick(), this.pollMs);
    });
  }

  private async drain() {
    while (this.started) {
      const job = await this.claim();
      if (!job) return;
      const handler = this.handlers.get(job.name);
      try {
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        await handler(JSON.parse(job.payload) as Record<string, unknown>, this.controller.signal);
        await this.db
          .update(jobs)
          .set({ state: 'done', completed_at: new Date(), locked_at: null })
          .where(eq(jobs.id, job.id));
      } catch (err) {
        if (this.controller.signal.aborted) {
          // Stopping: leave it to be picked up again at the next start.
          await this.db.update(jobs).set({ state: 'queued', locked_at: null }).where(eq(jobs.id, job.id));
          return;
        }
        const message = err instanceof Error ? err.message : String(err);
        const retry = job.attempts < MAX_ATTEMPTS;
        this.log.error({ err, job: job.id, name: job.name }, retry ? 'job failed, will retry' : 'job failed');
        await this.db
          .update(jobs)
          .set({
            state: retry ? 'queued' : 'failed',
            last_error: message.slice(0, 2000),
            locked_at: null,
            run_after: sql`now() + ${`${job.attempts * 5} seconds`}::interval`,
          })
          .where(eq(jobs.id, job.id));
      }
    }
  }

  private async claim() {
    const [next] = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), lte(jobs.run_after, sql`now()`)))
      .orderBy(asc(jobs.id))
      .limit(1);
    if (!next) return undefined;
    const [claimed] = await this.db
      .update(jobs)
      .set({ state: 'running', locked_at: new Date(), attempts: sql`${jobs.attempts} + 1` })
      .where(and(eq(jobs.id, next.id), eq(jobs.state, 'queued')))
      .returning();
    return claimed;
  }
}

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
  private static readonly SCHEMA = 'pgboss';

  constructor(
    connectionString: string,
    private log: FastifyBaseLogger,
    private lease: LeaseOptions = DEFAULT_LEASE,
    private pollMs = 1000,
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
    await this.boss.send(name, payload, {
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelay: 5,
      expireInSeconds: this.lease.leaseSeconds,
      ...(tx && { db: inTransaction(tx) }),
      ...(runAfter && { startAfter: runAfter }),
    });
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
      try {
        [job] = await this.boss.fetch(name, { batchSize: 1 });
      } catch (err) {
        if (!signal.aborted) this.log.error({ err, queue: name }, 'could not fetch a job');
      }
      if (!job) {
        await sleep(this.pollMs, undefined, { signal }).catch(() => undefined);
        continue;
      }
      await this.run(name, job, handler, signal);
    }
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

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export const jobsPlugin = fp(async (app) => {
  const queue: JobQueue = app.config.databaseUrl
    ? new PgBossQueue(app.config.databaseUrl, app.log)
    : new InProcessQueue(app.db, app.log);
  app.decorate('jobs', queue);
  app.addHook('onClose', async () => queue.stop());
});
