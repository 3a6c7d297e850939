import type { Database, Db } from '../db/client.ts';

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

/** A job is tried this many times before it is left failed. */
export const MAX_ATTEMPTS = 3;

/**
 * Told the name of each job queued, when its transaction commits (NOTIFY is delivered then), so
 * that a waiting worker takes it at once rather than at its next poll; the poll stays for what
 * no notification announces (a job's `runAfter`, a retry's delay, a listening connection that was
 * down).
 */
export const JOB_CHANNEL = 'verba_job';

export type Listen = Database['listen'];
