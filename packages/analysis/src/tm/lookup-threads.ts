import type { Worker } from 'node:worker_threads';
import { spawnWorker, type WorkerEntry } from '../worker/spawn.ts';
import type { CandidateIndex, IndexQuery, IndexSearch, SharedIndex } from './candidate-index.ts';
import { sharedInt32 } from './shared-arrays.ts';

/**
 * Below this many units a quote's lookups are over in a fraction of a second alone (some 0.1 ms
 * each at 100,000 units, less below: ADR 0027), not worth other threads and their messages.
 */
export const LOOKUP_THREADS_FROM_UNITS = 50_000;
/** Fewest lookups in a batch worth offering to other threads. */
const LEAST_SPREAD = 16;

/** A lookup as a lookup thread runs it. */
export interface ThreadLookup {
  query: IndexQuery;
  minScore: number;
}

/** Messages to a lookup thread (`worker/lookup-entry.ts`) and its answers. */
export type ToLookupThread = {
  type: 'lookups';
  request: number;
  /** The index's identity and size: a thread keeps the index it was last given by this. */
  key: string;
  index: SharedIndex;
  /** The whole batch: each thread takes the next lookup nobody took (`taken`) until none is left. */
  lookups: ThreadLookup[];
  /** How many of the batch's lookups were taken, in shared memory (`Atomics.add`). */
  taken: Int32Array;
  limit: number;
  bands?: readonly number[];
};
export type FromLookupThread =
  | { type: 'found'; request: number; positions: number[]; results: IndexSearch[] }
  | { type: 'failed'; request: number; message: string };

export interface LookupThreadsOptions extends WorkerEntry {
  /** Threads sharing one batch of lookups, this one included. */
  threads: number;
  /** Indexes of fewer units are looked up here alone. */
  fromUnits?: number;
  /**
   * Told when a thread fails (its lookups are then made here): a thread that cannot start at all
   * (a missing or broken entry) is told once, and no thread is started again.
   */
  onFailure?: (error: Error) => void;
}

interface Found {
  positions: number[];
  results: IndexSearch[];
}

interface Helper {
  worker: Worker;
  pending: Map<number, { resolve: (r: Found) => void; reject: (e: Error) => void }>;
  /** It answered once: it can start. */
  answered: boolean;
}

/**
 * Spreads a batch of lookups in a large index over this thread and a few others, which read the
 * index where it lies (its arrays are on shared memory) instead of each holding a copy. Every
 * thread takes the batch's next lookup nobody took, one at a time (a counter in shared memory), so
 * none waits while another has a long one left, and a thread slow to start takes fewer. The other
 * threads start when an index worth it is read ahead (`startFor`) or at the first batch that needs
 * them, and stay, idle and unreferenced, for the next.
 * A thread that fails or dies costs time, not answers: what it took and did not answer is looked
 * up here.
 */
export class LookupThreads {
  private readonly helpers: (Helper | undefined)[] = [];
  private readonly keys = new WeakMap<CandidateIndex, number>();
  private nextKey = 1;
  private nextRequest = 1;
  /** Lookups answered by the other threads so far (the rest were looked up here). */
  answeredElsewhere = 0;
  /** A thread could not start: every lookup is made here from then on. */
  private cannotStart = false;

  constructor(private readonly options: LookupThreadsOptions) {}

  /** Whether `count` lookups in `index` are worth spreading. */
  worthSpreading(index: CandidateIndex, count: number): boolean {
    return (
      !this.cannotStart &&
      this.options.threads > 1 &&
      index.size >= (this.options.fromUnits ?? LOOKUP_THREADS_FROM_UNITS) &&
      count >= LEAST_SPREAD
    );
  }

  /** The other threads running. */
  get started(): number {
    return this.helpers.filter(Boolean).length;
  }

  /** Starts the threads now if lookups in `index` will be spread (ahead of a first quote). */
  startFor(index: CandidateIndex): void {
    if (!this.worthSpreading(index, LEAST_SPREAD)) return;
    for (let slot = 0; slot < this.options.threads - 1; slot++) this.helpers[slot] ??= this.spawn(slot);
  }

  /** `index.lookup` of each lookup, in order. The index must not take units until this resolves. */
  async search(
    index: CandidateIndex,
    lookups: readonly ThreadLookup[],
    limit: number,
    bands?: readonly number[],
  ): Promise<IndexSearch[]> {
    const results: (IndexSearch | undefined)[] = new Array(lookups.length);
    const lookUp = (i: number) => {
      const { query, minScore } = lookups[i]!;
      return index.lookup(query, minScore, limit, bands);
    };
    const taken = sharedInt32(1);
    const message = {
      key: `${this.keyOf(index)}:${index.size}`,
      index: index.shared(),
      lookups: [...lookups],
      taken,
      limit,
      ...(bands ? { bands } : {}),
    };
    // Undefined from a thread that failed or died.
    const elsewhere =
      lookups.length >= LEAST_SPREAD && !this.cannotStart
        ? Array.from({ length: this.options.threads - 1 }, (_, h) =>
            this.ask(h, message).catch(() => undefined),
          )
        : [];
    for (let i = Atomics.add(taken, 0, 1); i < lookups.length; i = Atomics.add(taken, 0, 1))
      results[i] = lookUp(i);
    for (const answer of elsewhere) {
      const found = await answer;
      if (!found) continue;
      found.positions.forEach((at, k) => (results[at] = found.results[k]));
      this.answeredElsewhere += found.results.length;
    }
    return results.map((found, i) => found ?? lookUp(i));
  }

  /** Stops the other threads (they stop with the process anyway). */
  async close(): Promise<void> {
    await Promise.all(this.helpers.splice(0).map((h) => h?.worker.terminate()));
  }

  private keyOf(index: CandidateIndex): number {
    let key = this.keys.get(index);
    if (key === undefined) this.keys.set(index, (key = this.nextKey++));
    return key;
  }

  private ask(slot: number, message: Omit<ToLookupThread, 'type' | 'request'>): Promise<Found> {
    const helper = (this.helpers[slot] ??= this.spawn(slot));
    const request = this.nextRequest++;
    return new Promise((resolve, reject) => {
      helper.pending.set(request, { resolve, reject });
      helper.worker.postMessage({ type: 'lookups', request, ...message } satisfies ToLookupThread);
    });
  }

  private spawn(slot: number): Helper {
    // Its own memory is a few scratch arrays; the index it reads is the shared one.
    const worker = spawnWorker(this.options, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
    const helper: Helper = { worker, pending: new Map(), answered: false };
    worker.on('message', (message: FromLookupThread) => {
      const waiting = helper.pending.get(message.request);
      helper.pending.delete(message.request);
      if (message.type === 'found') {
        helper.answered = true;
        waiting?.resolve(message);
      } else {
        const error = new Error(`A lookup thread failed: ${message.message}`);
        this.options.onFailure?.(error);
        waiting?.reject(error);
      }
    });
    const gone = (reason: unknown) => {
      if (this.helpers[slot] === helper) this.helpers[slot] = undefined;
      for (const { reject } of helper.pending.values())
        reject(reason instanceof Error ? reason : new Error('the lookup thread stopped'));
      helper.pending.clear();
    };
    worker.on('error', (error) => {
      if (this.cannotStart) return gone(error);
      if (!helper.answered) this.cannotStart = true;
      const what = helper.answered ? 'A lookup thread stopped' : 'A lookup thread could not start';
      this.options.onFailure?.(
        new Error(`${what}: ${error.message}; its lookups are made in the analysis worker`),
      );
      gone(error);
    });
    worker.on('exit', gone);
    return helper;
  }
}
