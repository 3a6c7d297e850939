import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { AnalyseTaskInput, TaskResult } from '../task.ts';
import { BandAccumulator } from '../bands.ts';
import { ErrorKeys } from '../errors.ts';
import { IndexSnapshots, snapshotKey, type SnapshotSettings } from '../tm/index-snapshots.ts';
import type { TranslationMemory } from '../tm/types.ts';
import type { AnalysisWorkerData, FromWorker, ToWorker } from './protocol.ts';
import { spawnWorker } from './spawn.ts';

export interface AnalysisPoolOptions {
  /** The compiled or TypeScript worker entry (`src/worker/entry.ts`, or its bundle). */
  workerUrl: URL;
  /** Workers analysing at once; more tasks wait their turn. */
  size: number;
  /** Heap of each worker: a document that needs more fails alone instead of taking the server down. */
  maxHeapMb?: number;
  /** The entry is TypeScript (development and tests): the worker registers tsx before loading it. */
  typescript?: boolean;
  /**
   * Threads that share one analysis's lookups in a large memory, its worker's own included (ADR
   * 0027), started from `lookupWorkerUrl` (`src/worker/lookup-entry.ts`, or its bundle; TypeScript
   * when `typescript` is). One, or no URL: each worker looks up alone.
   */
  lookupThreads?: number;
  lookupWorkerUrl?: URL;
  /** Memories of fewer units are looked up in the worker alone (the default: `LOOKUP_THREADS_FROM_UNITS`). */
  lookupThreadsFromUnits?: number;
  /** Units of memory pairs each worker keeps indexed between analyses (the default: `KEPT_UNITS`). */
  keptUnits?: number;
  /** Told what a worker says an operator should know (a lookup thread that failed), for the log. */
  onWarning?: (message: string) => void;
}

interface Job {
  input: AnalyseTaskInput;
  memories: Map<string, TranslationMemory>;
  resolve: (r: TaskResult) => void;
  reject: (e: Error) => void;
  /** A memory read ahead of its first analysis (`prepare`), stopped by this. */
  preparation?: AbortController;
}

/**
 * Runs analyses in a small pool of worker threads, so a large document never stalls the event loop
 * that answers everyone else. Each worker analyses one task at a time; the files' bytes and the
 * memory lookups are served from this thread on the worker's request. A worker that dies (out of
 * heap, a crash) fails only its task, with every file marked `analysis.errors.internal`, and is
 * replaced.
 */
export class AnalysisPool {
  private readonly idle: Worker[] = [];
  /** The memory pairs each idle worker keeps indexed, as it said after its last task. */
  private readonly pairsKept = new WeakMap<Worker, string[]>();
  private readonly queue: Job[] = [];
  private running = 0;
  private closed = false;
  /** The preparations under way, each with what resolves when it ends. */
  private readonly preparations = new Map<AbortController, Promise<void>>();
  private snapshots?: { settings: SnapshotSettings; files: IndexSnapshots };

  constructor(private readonly options: AnalysisPoolOptions) {}

  /**
   * From the next task on, the workers write the indexes they read to `dir` and read them back from
   * there (ADR 0027, tenth pass), up to `maxBytes`. `salt` names the database and how its sources
   * were read; with the workers' own code, it keys the snapshots, so no other release's or
   * database's are read.
   */
  keepSnapshots({ dir, maxBytes, salt }: { dir: string; maxBytes: number; salt: string }): void {
    const settings = { dir, maxBytes, key: snapshotKey(codeFiles(this.options), salt) };
    this.snapshots = { settings, files: new IndexSnapshots(settings) };
  }

  /** Deletes this server's snapshots of `pair` (it was deleted). */
  forgetSnapshots(pair: string): void {
    this.snapshots?.files.forget(pair);
  }

  /**
   * Deletes the snapshots of pairs not at the version `current` gives now, and any made by other
   * code or for another database (`keepSnapshots` first). Returns how many files it deleted.
   */
  async sweepSnapshots(current: (pair: string) => Promise<string | undefined>): Promise<number> {
    return (await this.snapshots?.files.sweep(current)) ?? 0;
  }

  analyse(input: AnalyseTaskInput): Promise<TaskResult> {
    if (this.closed) return Promise.reject(new Error('The analysis pool is closed'));
    const memories = new Map<string, TranslationMemory>();
    for (const t of new Set(input.targetLanguages)) {
      const memory = input.memory?.(t);
      if (memory) memories.set(t, memory);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ input, memories, resolve, reject });
      // A task waits for no preparation: one is stopped to free its worker.
      if (this.running >= this.options.size) this.preparations.keys().next().value?.abort();
      this.next();
    });
  }

  /**
   * Reads a memory that pages its units into an idle worker's kept index (ADR 0027) ahead of its
   * first analysis, as after an import, so that quote does not wait for the read. Only when a
   * worker is free and no task waits; an analysis that then finds every worker busy stops it (the
   * next analysis of the pair reads it). Resolves when done, stopped or skipped; never rejects.
   */
  prepare(memory: TranslationMemory): Promise<void> {
    if (this.closed || !memory.sourcesAfter || this.running >= this.options.size || this.queue.length)
      return Promise.resolve();
    const preparation = new AbortController();
    const target = 'memory';
    const input: AnalyseTaskInput = {
      files: [],
      sourceLanguage: 'und',
      targetLanguages: [target],
      memory: () => memory,
      signal: preparation.signal,
    };
    const prepared = new Promise<void>((resolve) => {
      const done = () => {
        this.preparations.delete(preparation);
        resolve();
      };
      this.queue.push({
        input,
        memories: new Map([[target, memory]]),
        resolve: done,
        reject: done,
        preparation,
      });
      this.next();
    });
    this.preparations.set(preparation, prepared);
    return prepared;
  }

  /** Resolves once the preparations under way (`prepare`) have ended. */
  async prepared(): Promise<void> {
    await Promise.all(this.preparations.values());
  }

  /** Tasks being analysed or waiting. */
  get pending(): number {
    return this.running + this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const preparation of this.preparations.keys()) preparation.abort();
    for (const job of this.queue.splice(0)) job.reject(new Error('The analysis pool is closed'));
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }

  private next(): void {
    if (this.running >= this.options.size || this.queue.length === 0) return;
    const job = this.queue.shift() as Job;
    this.running++;
    const worker = this.takeIdle(job) ?? this.spawn();
    void this.run(worker, job.input, job.memories, job.preparation !== undefined).then(
      ({ result, healthy, kept }) => {
        this.running--;
        if (healthy && !this.closed) {
          this.idle.push(worker);
          this.pairsKept.set(worker, kept ?? pairsOf(job.memories));
        } else void worker.terminate();
        job.resolve(result);
        this.next();
      },
      (err: Error) => {
        this.running--;
        void worker.terminate();
        job.reject(err);
        this.next();
      },
    );
  }

  /**
   * An idle worker, preferably one whose last task read the same memory: it keeps that memory's
   * index (ADR 0027), so the task does not read the pair again. Undefined when none is idle.
   */
  private takeIdle(job: Job): Worker | undefined {
    const wanted = pairsOf(job.memories);
    const kept = (w: Worker) => this.pairsKept.get(w) ?? [];
    let at = this.idle.findIndex((w) => wanted.some((p) => kept(w).includes(p)));
    // Else the worker keeping the least, so that others' kept indexes serve their next tasks.
    if (at < 0 && this.idle.length)
      at = this.idle.reduce((best, w, i) => (kept(w).length < kept(this.idle[best]!).length ? i : best), 0);
    return at >= 0 ? this.idle.splice(at, 1)[0] : undefined;
  }

  private spawn(): Worker {
    const {
      workerUrl,
      typescript,
      lookupThreads = 1,
      lookupWorkerUrl,
      lookupThreadsFromUnits,
      keptUnits,
    } = this.options;
    const workerData: AnalysisWorkerData = {
      ...(keptUnits !== undefined ? { keptUnits } : {}),
      ...(lookupWorkerUrl && lookupThreads > 1
        ? {
            lookups: {
              url: lookupWorkerUrl.href,
              typescript: typescript === true,
              threads: lookupThreads,
              ...(lookupThreadsFromUnits !== undefined ? { fromUnits: lookupThreadsFromUnits } : {}),
            },
          }
        : {}),
    };
    const resourceLimits = { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 1024 };
    return spawnWorker({ url: workerUrl, typescript }, { resourceLimits, workerData });
  }

  private run(
    worker: Worker,
    input: AnalyseTaskInput,
    memories: Map<string, TranslationMemory>,
    prepare = false,
  ): Promise<{ result: TaskResult; healthy: boolean; kept?: string[] }> {
    const targets = [...new Set(input.targetLanguages)];
    const files = new Map(input.files.map((f) => [f.id, f]));
    // Opened when the worker asks; a read waits for its open (messages arrive in order).
    const streams = new Map<number, Promise<AsyncIterator<unknown> | undefined>>();
    const send = (message: ToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);

    return new Promise((resolve) => {
      const onAbort = () => send({ type: 'abort' });
      input.signal?.addEventListener('abort', onAbort, { once: true });
      const finish = (result: TaskResult, healthy: boolean, kept?: string[]) => {
        input.signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('error', onDeath);
        worker.off('exit', onDeath);
        for (const it of streams.values()) void it.then((i) => i?.return?.());
        resolve({ result, healthy, ...(kept ? { kept } : {}) });
      };
      const onDeath = () => finish(failedResult(input, targets), false);
      const onMessage = (message: FromWorker) => {
        switch (message.type) {
          case 'open':
            streams.set(message.stream, openFile(message.stream, message.fileId));
            break;
          case 'read':
            void readChunk(message.stream);
            break;
          case 'close':
            void streams.get(message.stream)?.then((i) => i?.return?.());
            streams.delete(message.stream);
            break;
          case 'lookup':
            void lookup(message);
            break;
          case 'sources':
            void sourcePage(message);
            break;
          case 'version':
            void version(message);
            break;
          case 'progress':
            input.onProgress?.(message.done, message.total);
            break;
          case 'warning':
            this.options.onWarning?.(message.message);
            break;
          case 'done':
            finish(message.result, true, message.kept);
            break;
          case 'failed':
            finish(failedResult(input, targets), true);
            break;
        }
      };
      const openFile = async (stream: number, fileId: string) => {
        try {
          const file = files.get(fileId);
          if (!file) throw new Error('unknown file');
          const source = (await file.open()) as AsyncIterable<unknown>;
          return source[Symbol.asyncIterator]();
        } catch (err) {
          send({ type: 'stream-error', stream, message: messageOf(err) });
          return undefined;
        }
      };
      const readChunk = async (stream: number) => {
        const it = await streams.get(stream);
        if (!it) return;
        try {
          const next = await it.next();
          if (next.done) {
            send({ type: 'end', stream });
            return;
          }
          const chunk = next.value;
          // A copy the worker can own (stream chunks may be slices of a shared pool).
          const data =
            typeof chunk === 'string'
              ? new Uint8Array(Buffer.from(chunk))
              : new Uint8Array(chunk as Uint8Array);
          send({ type: 'chunk', stream, data }, [data.buffer as ArrayBuffer]);
        } catch (err) {
          send({ type: 'stream-error', stream, message: messageOf(err) });
        }
      };
      const lookup = async (message: Extract<FromWorker, { type: 'lookup' }>) => {
        try {
          const memory = memories.get(message.target);
          const candidates = memory
            ? await memory.findCandidates(message.query, {
                ...message.options,
                ...(input.signal ? { signal: input.signal } : {}),
              })
            : [];
          send({ type: 'candidates', request: message.request, candidates });
        } catch (err) {
          send({ type: 'lookup-error', request: message.request, message: messageOf(err) });
        }
      };
      const sourcePage = async (message: Extract<FromWorker, { type: 'sources' }>) => {
        try {
          const memory = memories.get(message.target);
          const page = memory?.sourcesAfter
            ? await memory.sourcesAfter(message.cursor)
            : { sources: [], prevHashes: [], nextHashes: [], next: null };
          send({ type: 'source-page', request: message.request, page });
        } catch (err) {
          send({ type: 'lookup-error', request: message.request, message: messageOf(err) });
        }
      };
      const version = async (message: Extract<FromWorker, { type: 'version' }>) => {
        try {
          const memory = memories.get(message.target);
          if (!memory?.version) throw new Error('this memory has no version');
          send({ type: 'version', request: message.request, version: await memory.version() });
        } catch (err) {
          send({ type: 'lookup-error', request: message.request, message: messageOf(err) });
        }
      };
      worker.on('message', onMessage);
      worker.once('error', onDeath);
      worker.once('exit', onDeath);
      send({
        type: 'start',
        files: input.files.map((f) => ({ id: f.id, name: f.name })),
        sourceLanguage: input.sourceLanguage,
        targetLanguages: targets,
        memoryTargets: [...memories.keys()],
        pagedTargets: [...memories].filter(([, m]) => m.sourcesAfter).map(([t]) => t),
        pairs: Object.fromEntries(
          [...memories].flatMap(([t, m]) =>
            m.sourcesAfter && m.pair !== undefined && m.version ? [[t, m.pair]] : [],
          ),
        ),
        ...(input.limits ? { limits: input.limits } : {}),
        ...(prepare ? { prepare } : {}),
        ...(this.snapshots ? { snapshots: this.snapshots.settings } : {}),
      });
      if (input.signal?.aborted) onAbort();
    });
  }
}

/**
 * The files of the code that reads and indexes a memory: the worker's bundle, or every TypeScript
 * file of the package in development (a change to any of them may change an index).
 */
function codeFiles({ workerUrl, typescript }: AnalysisPoolOptions): string[] {
  const entry = fileURLToPath(workerUrl);
  if (!typescript) return [entry];
  const src = path.dirname(path.dirname(entry));
  return fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(src, f));
}

const pairsOf = (memories: Map<string, TranslationMemory>) =>
  [...memories.values()].flatMap((m) => (m.pair !== undefined && m.version ? [m.pair] : []));

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What a task gets when its worker died: every file failed, nothing counted. */
function failedResult(input: AnalyseTaskInput, targets: string[]): TaskResult {
  const byTarget = () => Object.fromEntries(targets.map((t) => [t, new BandAccumulator().toBands()]));
  return {
    files: input.files.map((f) => ({
      id: f.id,
      name: f.name,
      detectedType: 'unknown',
      error: { key: ErrorKeys.internal },
      segments: 0,
      byTarget: byTarget(),
    })),
    totals: byTarget(),
  };
}
