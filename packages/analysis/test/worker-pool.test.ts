import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisPool, analyseTask, contextHash, InMemoryTranslationMemory } from '../src/index.ts';
import type { AnalyseTaskInput } from '../src/task.ts';
import type { TranslationMemory } from '../src/tm/types.ts';
import { DocText } from './doc-text.ts';

const entry = { workerUrl: new URL('../src/worker/entry.ts', import.meta.url), typescript: true };
const pools: AnalysisPool[] = [];
const poolOf = (size: number, maxHeapMb?: number) => {
  const pool = new AnalysisPool({ ...entry, size, ...(maxHeapMb ? { maxHeapMb } : {}) });
  pools.push(pool);
  return pool;
};
afterAll(() => Promise.all(pools.map((p) => p.close())));

const manual = [
  'Remove the paper tray before cleaning the printer.',
  'Press the green button to start.',
  'Press the green button to start.',
  'Wait until the light turns blue, then close the cover.',
].join('\n');

function input(files: Record<string, string>, memory?: TranslationMemory): AnalyseTaskInput {
  return {
    files: Object.entries(files).map(([name, text], i) => ({
      id: String(i + 1),
      name,
      // Small chunks: the worker pulls them one at a time.
      open: () =>
        Readable.from(
          Buffer.from(text)
            .toString()
            .match(/[\s\S]{1,7}/g)!
            .map((c) => Buffer.from(c)),
        ),
    })),
    sourceLanguage: 'en',
    targetLanguages: ['es', 'fr'],
    ...(memory ? { memory: (t: string) => (t === 'es' ? memory : undefined) } : {}),
  };
}

/** A memory that pages `units` two at a time, as the database does, counting the pages read. */
function pagedMemory(pair: string, units: string[]) {
  let pages = 0;
  const memory: TranslationMemory = {
    pair,
    version: async () => `${units.length}:${units.length}`,
    findCandidates: async () => {
      throw new Error('an indexed memory is never asked');
    },
    sourcesAfter: async (cursor) => {
      pages++;
      const page = units.slice(cursor, cursor + 2);
      return {
        sources: page,
        prevHashes: page.map(() => null),
        nextHashes: page.map(() => null),
        next: cursor + 2 < units.length ? cursor + 2 : null,
      };
    },
  };
  return { memory, pagesRead: () => pages };
}

describe('analysis in worker threads', () => {
  it('gives the same counts as the analysis in this thread, memory lookups served from here', async () => {
    const tm = new InMemoryTranslationMemory();
    tm.add({ source: 'Remove the paper tray before cleaning the printer.', target: 'Retire la bandeja.' });
    tm.add({ source: 'Wait until the light turns green, then close the cover.', target: 'Espere.' });
    const files = { 'manual.txt': manual, 'page.html': `<html><body><p>${manual}</p></body></html>` };
    const progress: number[] = [];
    const inWorker = await poolOf(1).analyse({
      ...input(files, tm),
      onProgress: (done) => progress.push(done),
    });
    const here = await analyseTask(input(files, tm));
    expect(inWorker).toEqual(here);
    expect(inWorker.totals.es?.percent100).toBeGreaterThan(0);
    expect(inWorker.totals.es?.percent95 ?? 0 + (inWorker.totals.es?.percent85 ?? 0)).toBeGreaterThanOrEqual(
      0,
    );
    expect(inWorker.totals.fr?.percent100).toBe(0);
    expect(progress).toEqual([1, 2]);
  });

  it('a memory that pages its units is indexed in the worker: same bands, no lookup sent back', async () => {
    // The first unit in the manual's own context (101 %), the second with other neighbours.
    const units = [
      {
        source: 'Remove the paper tray before cleaning the printer.',
        target: 'Retire la bandeja.',
        prevHash: contextHash(''),
        nextHash: contextHash('Press the green button to start.'),
      },
      {
        source: 'Press the green button to start.',
        target: 'Pulse.',
        prevHash: contextHash('Elsewhere.'),
        nextHash: null,
      },
      {
        source: 'Wait until the light turns green, then close the cover.',
        target: 'Espere.',
        prevHash: null,
        nextHash: null,
      },
    ];
    const tm = new InMemoryTranslationMemory();
    for (const { prevHash, nextHash, ...u } of units)
      tm.add({ ...u, ...(prevHash ? { prevHash } : {}), ...(nextHash ? { nextHash } : {}) });
    const asked: string[] = [];
    const paged: TranslationMemory = {
      findCandidates: async (query, options) => {
        asked.push(query.text);
        return tm.findCandidates(query, options);
      },
      // Two units a page, so the worker asks for several.
      sourcesAfter: async (cursor) => {
        const page = units.slice(cursor, cursor + 2);
        return {
          sources: page.map((u) => u.source),
          prevHashes: page.map((u) => u.prevHash),
          nextHashes: page.map((u) => u.nextHash),
          next: cursor + 2 < units.length ? cursor + 2 : null,
        };
      },
    };
    const files = { 'manual.txt': manual };
    const inWorker = await poolOf(1).analyse(input(files, paged));
    expect(inWorker).toEqual(await analyseTask(input(files, tm)));
    expect(inWorker.totals.es?.percent101).toBe(8);
    expect(inWorker.totals.es?.percent100).toBe(6);
    expect(inWorker.totals.es?.percent85).toBeGreaterThan(0);
    expect(asked).toEqual([]);
  });

  it(
    'a memory naming its pair is read once while its version stays, by the worker that keeps it',
    { timeout: 60_000 },
    async () => {
      const units = [
        'Remove the paper tray before cleaning the printer.',
        'Press the green button to start.',
        'Wait until the light turns green, then close the cover.',
      ];
      const { memory: paged, pagesRead } = pagedMemory('7:en:es', units);
      const pool = poolOf(2);
      const withMemory = () => pool.analyse(input({ 'manual.txt': manual }, paged));
      const other = () => pool.analyse(input({ 'other.txt': 'Two words.' }));
      // Two workers, the one with the memory last to finish (its file waits for the other task)...
      const otherDone = other();
      const gated = input({ 'manual.txt': manual }, paged);
      gated.files[0]!.open = () =>
        Readable.from(
          (async function* () {
            await otherDone;
            yield Buffer.from(manual);
          })(),
        );
      const first = await pool.analyse(gated);
      await otherDone;
      expect(pagesRead()).toBe(2);
      // ...so it is the last idle: a task without memory, asking first, gets the other one.
      const [, second] = await Promise.all([other(), withMemory()]);
      expect(second).toEqual(first);
      expect(pagesRead()).toBe(2);
      expect(first.totals.es?.percent100).toBe(14);

      // A unit added: the worker reads only the units after its last one, one page.
      units.push('Wait until the light turns blue, then close the cover.');
      const third = await withMemory();
      expect(pagesRead()).toBe(3);
      expect(third.totals.es?.percent100).toBe(14 + 10);
    },
  );

  describe('several pairs kept by one worker', () => {
    const units = (word: string) => [
      `Remove the ${word} tray before cleaning the printer.`,
      'Press the green button to start.',
      `Wait until the ${word} light turns green, then close the cover.`,
    ];
    /** A task in the languages of `memories` (target → memory), each with its own pair. */
    const inLanguages = (memories: Record<string, TranslationMemory>): AnalyseTaskInput => ({
      ...input({ 'manual.txt': manual }),
      targetLanguages: Object.keys(memories),
      memory: (t: string) => memories[t],
    });
    const keptPool = (size: number, keptUnits: number) => {
      const pool = new AnalysisPool({ ...entry, size, keptUnits });
      pools.push(pool);
      return pool;
    };

    it(
      'a quote in three languages reads its three memories once while they fit the worker’s share, not when they do not',
      { timeout: 60_000 },
      async () => {
        for (const [keptUnits, readAgain] of [
          [9, 0],
          [6, 6],
        ] as const) {
          const pairs = ['es', 'ca', 'fr'].map(
            (t, i) => [t, pagedMemory(`${keptUnits}${i}:en:${t}`, units(t))] as const,
          );
          const task = inLanguages(Object.fromEntries(pairs.map(([t, p]) => [t, p.memory])));
          const pool = keptPool(1, keptUnits);
          const first = await pool.analyse(task);
          const pages = () => pairs.reduce((sum, [, p]) => sum + p.pagesRead(), 0);
          expect(pages()).toBe(6);
          expect(await pool.analyse(task)).toEqual(first);
          // Three units a pair: a share of six keeps the last two read, so each pair read again
          // pushes out the one the task needs next, and all three are read again.
          expect(pages() - 6).toBe(readAgain);
          expect(first.totals.ca?.percent100).toBeGreaterThan(0);
        }
      },
    );

    it(
      'a task goes to the idle worker that says it keeps its pair, not only to the one whose last task read it',
      { timeout: 60_000 },
      async () => {
        const [x, y, z] = ['es', 'ca', 'fr'].map((t) => pagedMemory(`30:en:${t}`, units(t)));
        const pool = keptPool(2, 100);
        const one = (memory: TranslationMemory) => pool.analyse({ ...inLanguages({ es: memory }) });
        // Two workers: the first ends its task (x) first, so it is the first idle one.
        const xDone = one(x!.memory);
        const gated = inLanguages({ es: z!.memory });
        gated.files[0]!.open = () =>
          Readable.from(
            (async function* () {
              await xDone;
              yield Buffer.from(manual);
            })(),
          );
        await Promise.all([xDone, pool.analyse(gated)]);
        // Nobody keeps y: it goes to the first idle worker, which then keeps x and y.
        await one(y!.memory);
        expect([x!.pagesRead(), y!.pagesRead(), z!.pagesRead()]).toEqual([2, 2, 2]);
        // x is kept by that worker, though its last task read y: it is not read again elsewhere.
        await one(x!.memory);
        expect(x!.pagesRead()).toBe(2);
      },
    );
  });

  it(
    'a memory prepared ahead (after an import) is not read again by its first analysis',
    { timeout: 60_000 },
    async () => {
      const units = [
        'Remove the paper tray before cleaning the printer.',
        'Press the green button to start.',
      ];
      const { memory, pagesRead } = pagedMemory('8:en:es', units);
      const pool = poolOf(1);
      await pool.prepare(memory);
      expect(pagesRead()).toBe(1);
      const result = await pool.analyse(input({ 'manual.txt': manual }, memory));
      expect(pagesRead()).toBe(1);
      expect(result.totals.es?.percent100).toBe(14);
    },
  );

  it(
    'prepares a memory only on a free worker, and a task arriving meanwhile stops the preparation',
    { timeout: 60_000 },
    async () => {
      const pool = poolOf(1);
      // Every worker busy: skipped, nothing read.
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const busy = input({ 'wait.txt': 'Two words.' });
      busy.files[0]!.open = () =>
        Readable.from(
          (async function* () {
            await gate;
            yield Buffer.from('Two words.');
          })(),
        );
      const running = pool.analyse(busy);
      const skipped = pagedMemory('9:en:es', ['Press the green button to start.']);
      await pool.prepare(skipped.memory);
      expect(skipped.pagesRead()).toBe(0);
      release();
      await running;

      // A preparation whose read hangs: a task that arrives needs its worker, and gets it.
      const hanging = pagedMemory('10:en:es', ['Press the green button to start.']);
      let firstPage!: () => void;
      const asked = new Promise<void>((r) => (firstPage = r));
      hanging.memory.sourcesAfter = () => {
        firstPage();
        return new Promise(() => {});
      };
      const preparing = pool.prepare(hanging.memory);
      await asked;
      const other = await pool.analyse(input({ 'other.txt': 'Two words.' }));
      expect(other.totals.es?.no_match).toBe(2);
      await preparing;
      // Nothing half-read is kept: the next analysis of that pair reads it whole.
      const again = pagedMemory('10:en:es', ['Press the green button to start.']);
      const result = await pool.analyse(input({ 'manual.txt': manual }, again.memory));
      expect(again.pagesRead()).toBe(1);
      expect(result.totals.es?.percent100).toBe(6);
    },
  );

  it(
    'a pair whose reading an analysis left unfinished is read again by the next one',
    { timeout: 60_000 },
    async () => {
      const units = [
        'Remove the paper tray before cleaning the printer.',
        'Press the green button to start.',
      ];
      let slow = true;
      const paged: TranslationMemory = {
        pair: '8:en:es',
        version: async () => '2:2',
        findCandidates: async () => [],
        sourcesAfter: async () => {
          if (slow) await new Promise((r) => setTimeout(r, 1500));
          return { sources: units, prevHashes: [null, null], nextHashes: [null, null], next: null };
        },
      };
      const pool = poolOf(1);
      const cut = await pool.analyse({
        ...input({ 'manual.txt': manual }, paged),
        limits: { fileTimeoutMs: 300 },
      });
      expect(cut.files[0]?.error?.key).toBe('analysis.errors.timeout');
      slow = false;
      const next = await pool.analyse({
        ...input({ 'manual.txt': manual }, paged),
        limits: { fileTimeoutMs: 5000 },
      });
      expect(next.files[0]?.error).toBeUndefined();
      expect(next.totals.es?.percent100).toBe(14);
    },
  );

  it('a worker given lookup threads spreads a memory’s lookups over them: the same bands', async () => {
    const text = new DocText(21, 1500);
    const units = Array.from({ length: 600 }, () => text.sentence());
    // Units edited, units as they are, new sentences: every band.
    const document = Array.from({ length: 120 }, (_, i) => {
      const unit = units[(i * 7) % units.length] as string;
      return i % 3 === 0 ? text.variant(unit) : i % 3 === 1 ? unit : text.sentence();
    }).join('\n');
    const dir = await mkdtemp(join(tmpdir(), 'lookup-threads-'));
    process.env.LOOKUP_THREAD_LOG = join(dir, 'batches.log');
    await writeFile(process.env.LOOKUP_THREAD_LOG, '');
    try {
      const spreading = new AnalysisPool({
        ...entry,
        size: 1,
        lookupThreads: 3,
        lookupWorkerUrl: new URL('./counting-lookup-entry.ts', import.meta.url),
        lookupThreadsFromUnits: 0,
      });
      pools.push(spreading);
      const files = { 'manual.txt': document };
      const alone = await poolOf(1).analyse(input(files, pagedMemory('9:en:es', units).memory));
      expect(alone.totals.es?.percent100).toBeGreaterThan(0);
      expect(alone.totals.es?.no_match).toBeGreaterThan(0);
      const answered = async () =>
        (await readFile(process.env.LOOKUP_THREAD_LOG!, 'utf8'))
          .split('\n')
          .filter(Boolean)
          .reduce((sum, n) => sum + Number(n), 0);
      // The lookup threads start with the first analysis, and take part as soon as they are up.
      for (let analysis = 0; analysis < 10 && (analysis === 0 || (await answered()) === 0); analysis++)
        expect(await spreading.analyse(input(files, pagedMemory('9:en:es', units).memory))).toEqual(alone);
      expect(await answered()).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a worker whose lookup threads cannot start looks up alone, and the pool is told', async () => {
    const warnings: string[] = [];
    const text = new DocText(22, 1500);
    const units = Array.from({ length: 300 }, () => text.sentence());
    const document = units.slice(0, 40).join('\n');
    const broken = new AnalysisPool({
      ...entry,
      size: 1,
      lookupThreads: 2,
      lookupWorkerUrl: new URL('data:text/javascript,throw new Error("no such entry")'),
      lookupThreadsFromUnits: 0,
      onWarning: (message) => warnings.push(message),
    });
    pools.push(broken);
    const files = { 'manual.txt': document };
    const result = await broken.analyse(input(files, pagedMemory('10:en:es', units).memory));
    expect(result).toEqual(await poolOf(1).analyse(input(files, pagedMemory('10:en:es', units).memory)));
    expect(result.totals.es?.percent100).toBeGreaterThan(0);
    expect(warnings).toEqual([
      'A lookup thread could not start: no such entry; its lookups are made in the analysis worker',
    ]);
  });

  it('runs more tasks than workers, each with its own result', async () => {
    const pool = poolOf(2);
    const texts = Array.from({ length: 5 }, (_, i) => 'word '.repeat(i + 1).trim() + '.');
    const results = await Promise.all(texts.map((t) => pool.analyse(input({ 'a.txt': t }))));
    expect(results.map((r) => r.totals.es?.total_words)).toEqual([1, 2, 3, 4, 5]);
    expect(pool.pending).toBe(0);
  });

  it('a file that cannot be read fails alone', async () => {
    const result = await poolOf(1).analyse({
      ...input({ 'good.txt': 'Two words.' }),
      files: [
        { id: '1', name: 'good.txt', open: () => Readable.from([Buffer.from('Two words.')]) },
        {
          id: '2',
          name: 'gone.txt',
          open: () => {
            throw new Error('no such file');
          },
        },
      ],
    });
    expect(result.files.map((f) => f.error?.key ?? 'ok')).toEqual(['ok', 'analysis.errors.read_failed']);
    expect(result.totals.es?.total_words).toBe(2);
  });

  it('a worker that dies fails only its task, and the next task gets a new worker', async () => {
    // A worker that exits as it starts, as one the system killed. (A heap too small to start is no
    // way to do it: Node 24 then stops the whole process, not the worker.)
    const dir = await mkdtemp(join(tmpdir(), 'verba-pool-'));
    try {
      const dying = join(dir, 'dying-worker.mjs');
      await writeFile(dying, 'process.exit(1);\n');
      const starved = new AnalysisPool({ workerUrl: pathToFileURL(dying), size: 1 });
      pools.push(starved);
      const failed = await starved.analyse(input({ 'a.txt': 'Three small words.' }));
      expect(failed.files[0]?.error?.key).toBe('analysis.errors.internal');
      expect(failed.totals.es?.total_words).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const pool = poolOf(1);
    expect((await pool.analyse(input({ 'a.txt': 'Three small words.' }))).totals.es?.total_words).toBe(3);
  });

  it('an aborted task stops with its files marked aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await poolOf(1).analyse({ ...input({ 'a.txt': manual }), signal: controller.signal });
    expect(result.files[0]?.error?.key).toBe('analysis.errors.aborted');
  });
});
