// The analysis worker: runs `analyseTask` off the server's event loop. Started by AnalysisPool.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { analyseTask } from '../task.ts';
import { IndexSnapshots } from '../tm/index-snapshots.ts';
import { IndexedTranslationMemory, keptIndexes, spreadLookupsOver } from '../tm/indexed-memory.ts';
import { LookupThreads } from '../tm/lookup-threads.ts';
import type { SourcePage, TmCandidate, TranslationMemory } from '../tm/types.ts';
import type { AnalysisWorkerData, FromWorker, ToWorker } from './protocol.ts';

if (!parentPort) throw new Error('The analysis worker must run in a worker thread');
const port = parentPort;
const send = (message: FromWorker) => port.postMessage(message);
const { lookups: lookupThreads, keptUnits } = (workerData ?? {}) as AnalysisWorkerData;
if (keptUnits !== undefined) keptIndexes.keepUpTo(keptUnits);
if (lookupThreads)
  spreadLookupsOver(
    new LookupThreads({
      ...lookupThreads,
      url: new URL(lookupThreads.url),
      onFailure: (error) => send({ type: 'warning', message: error.message }),
    }),
  );

const streams = new Map<number, Readable>();
const lookups = new Map<number, { resolve: (c: TmCandidate[]) => void; reject: (e: Error) => void }>();
const pages = new Map<number, (page: SourcePage) => void>();
const versions = new Map<number, (version: string) => void>();
let nextId = 1;
let controller: AbortController | undefined;

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'start':
      void run(message);
      break;
    case 'chunk':
      streams
        .get(message.stream)
        ?.push(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength));
      break;
    case 'end':
      streams.get(message.stream)?.push(null);
      break;
    case 'stream-error':
      streams.get(message.stream)?.destroy(new Error(message.message));
      break;
    case 'candidates':
      lookups.get(message.request)?.resolve(message.candidates);
      lookups.delete(message.request);
      break;
    case 'lookup-error':
      lookups.get(message.request)?.reject(new Error(message.message));
      lookups.delete(message.request);
      pages.delete(message.request);
      versions.delete(message.request);
      break;
    case 'source-page':
      pages.get(message.request)?.(message.page);
      pages.delete(message.request);
      lookups.delete(message.request);
      break;
    case 'version':
      versions.get(message.request)?.(message.version);
      versions.delete(message.request);
      lookups.delete(message.request);
      break;
    case 'abort':
      controller?.abort();
      break;
  }
});

/** Reads the job's paged memories into the indexes kept in this thread, unless stopped first. */
async function prepare(job: Extract<ToWorker, { type: 'start' }>, signal: AbortSignal): Promise<void> {
  const reading = Promise.all(
    job.pagedTargets.map((t) => {
      const memory = IndexedTranslationMemory.wrap(remoteMemory(t, true, job.pairs[t]));
      return memory instanceof IndexedTranslationMemory ? memory.prepare() : undefined;
    }),
  );
  // Stopped, the read fails when `run` refuses its pending pages: nothing to report then.
  reading.catch(() => {});
  await Promise.race([
    reading,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(new Error('stopped'));
      signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
    }),
  ]);
}

/** A file's bytes, asked of the main thread one chunk per read, so they arrive no faster than used. */
function remoteFile(fileId: string): Readable {
  const stream = nextId++;
  const readable = new Readable({
    read: () => send({ type: 'read', stream }),
    destroy: (err, done) => {
      streams.delete(stream);
      send({ type: 'close', stream });
      done(err);
    },
  });
  streams.set(stream, readable);
  send({ type: 'open', stream, fileId });
  return readable;
}

function remoteMemory(target: string, paged: boolean, pair: string | undefined): TranslationMemory {
  const sourcesAfter = (cursor: number) =>
    new Promise<SourcePage>((resolve, reject) => {
      const request = nextId++;
      pages.set(request, resolve);
      lookups.set(request, { resolve: () => {}, reject });
      send({ type: 'sources', request, target, cursor });
    });
  const version = () =>
    new Promise<string>((resolve, reject) => {
      const request = nextId++;
      versions.set(request, resolve);
      lookups.set(request, { resolve: () => {}, reject });
      send({ type: 'version', request, target });
    });
  return {
    ...(paged ? { sourcesAfter } : {}),
    ...(paged && pair !== undefined ? { pair, version } : {}),
    findCandidates: (query, options) =>
      new Promise<TmCandidate[]>((resolve, reject) => {
        const request = nextId++;
        lookups.set(request, { resolve, reject });
        send({
          type: 'lookup',
          request,
          target,
          query,
          options: {
            minScore: options.minScore,
            limit: options.limit,
            ...(options.bands ? { bands: options.bands } : {}),
          },
        });
      }),
  };
}

/** Indexes read for the task just done are written to disk, once its result is on its way. */
function saveIndexes(): void {
  void keptIndexes.saveUnsaved((error) =>
    send({ type: 'warning', message: `A memory index could not be written to disk: ${error.message}` }),
  );
}

async function run(job: Extract<ToWorker, { type: 'start' }>): Promise<void> {
  controller = new AbortController();
  keptIndexes.saveTo(job.snapshots && new IndexSnapshots(job.snapshots));
  try {
    if (job.prepare) {
      await prepare(job, controller.signal);
      send({ type: 'done', result: { files: [], totals: {} }, kept: keptIndexes.pairs });
      saveIndexes();
      return;
    }
    const result = await analyseTask({
      files: job.files.map((f) => ({ id: f.id, name: f.name, open: () => remoteFile(f.id) })),
      sourceLanguage: job.sourceLanguage,
      targetLanguages: job.targetLanguages,
      memory: (target) =>
        job.memoryTargets.includes(target)
          ? remoteMemory(target, job.pagedTargets.includes(target), job.pairs[target])
          : undefined,
      ...(job.limits ? { limits: job.limits } : {}),
      signal: controller.signal,
      onProgress: (done, total) => send({ type: 'progress', done, total }),
    });
    send({ type: 'done', result, kept: keptIndexes.pairs });
    saveIndexes();
  } catch (err) {
    send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  } finally {
    controller = undefined;
    for (const s of streams.values()) s.destroy();
    streams.clear();
    // Nobody answers these once the task is over: a pair's index still loading (an analysis cut
    // short) fails, so it is not kept waiting for the next analysis of the pair.
    for (const { reject } of lookups.values()) reject(new Error('the analysis ended'));
    lookups.clear();
    pages.clear();
    versions.clear();
  }
}
