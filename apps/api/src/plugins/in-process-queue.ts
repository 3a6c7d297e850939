import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { StopListening } from '../db/notifications.ts';
import { jobs } from '../db/schema/index.ts';
import { JOB_CHANNEL, MAX_ATTEMPTS, type JobHandler, type JobQueue, type Listen } from './job-queue.ts';

const HOUR_MS = 60 * 60 * 1000;

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
  /** A job was announced while the queue was being drained: drain again at once. */
  private again = false;
  private stopListening: StopListening | undefined;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private listen: Listen,
    private pollMs = 1000,
  ) {}

  async enqueue(name: string, payload: Record<string, unknown>, tx?: Db, runAfter?: Date) {
    const db = tx ?? this.db;
    await db
      .insert(jobs)
      .values({ name, payload: JSON.stringify(payload), ...(runAfter && { run_after: runAfter }) });
    if (!runAfter) await db.execute(sql`select pg_notify(${JOB_CHANNEL}, ${name})`);
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
    this.stopListening = await this.listen(JOB_CHANNEL, {
      notify: () => this.kick(),
      ready: () => this.kick(),
      lost: () => {},
    });
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
    await this.stopListening?.();
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
    if (!this.started) return;
    if (this.running) {
      // The drain may have looked before the job was committed.
      this.again = true;
      return;
    }
    this.again = false;
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) this.kick();
      else if (this.started) this.timer = setTimeout(() => this.kick(), this.pollMs);
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
