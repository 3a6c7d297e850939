import { afterAll, describe, expect, it } from 'vitest';
import {
  bandFloors,
  CandidateIndex,
  contextHash,
  IndexedTranslationMemory,
  KeptIndexes,
} from '../src/index.ts';
import { LookupThreads, type ThreadLookup } from '../src/tm/lookup-threads.ts';
import type { SourcePage, TranslationMemory } from '../src/tm/types.ts';
import { DocText } from './doc-text.ts';

const entry = { url: new URL('../src/worker/lookup-entry.ts', import.meta.url), typescript: true };
const started: LookupThreads[] = [];
const threadsOf = (threads: number, url = entry.url, onFailure?: (error: Error) => void) => {
  const t = new LookupThreads({ ...entry, url, threads, fromUnits: 0, ...(onFailure ? { onFailure } : {}) });
  started.push(t);
  return t;
};
afterAll(() => Promise.all(started.map((t) => t.close())));

/** A memory of documentation-like sentences, and segments to look up: edits, new ones, units. */
function fixture(units: number, segments: number, seed = 11) {
  const text = new DocText(seed, 2000);
  const sources: string[] = [];
  for (let i = 0; i < units; i++) {
    const earlier = sources[text.int(Math.max(1, sources.length))];
    sources.push(earlier && text.random() < 0.25 ? text.variant(earlier) : text.sentence());
  }
  const looked: string[] = [];
  for (let i = 0; i < segments; i++) {
    const unit = sources[text.int(sources.length)] as string;
    const r = text.random();
    looked.push(r < 0.5 ? text.variant(unit) : r < 0.8 ? text.sentence() : unit);
  }
  return { sources, segments: looked };
}

const lookupsOf = (index: CandidateIndex, segments: string[]): ThreadLookup[] =>
  segments.map((s, i) => ({ query: index.query(s), minScore: i % 7 === 0 ? 100 : 50 }));

describe('lookups spread over threads sharing one index (ADR 0027)', () => {
  it('answers every lookup as this thread alone does, some of them from the other threads', async () => {
    const { sources, segments } = fixture(3000, 300);
    const index = new CandidateIndex();
    for (const s of sources) index.add(s);
    const lookups = lookupsOf(index, segments);
    const alone = lookups.map((l) => index.lookup(l.query, l.minScore, 3, bandFloors));
    expect(alone.filter((f) => f.identical.length).length).toBeGreaterThan(30);
    expect(alone.filter((f) => f.matches.length).length).toBeGreaterThan(100);
    const threads = threadsOf(3);
    // Each thread takes what nobody took yet: the others, started by the first batch, take part as
    // soon as they are up.
    for (let batch = 0; batch < 20 && threads.answeredElsewhere === 0; batch++)
      expect(await threads.search(index, lookups, 3, bandFloors)).toEqual(alone);
    expect(threads.answeredElsewhere).toBeGreaterThan(0);
    // Without bands, each unit's best score.
    const best = lookups.map((l) => index.lookup(l.query, l.minScore, 3));
    expect(await threads.search(index, lookups, 3)).toEqual(best);
  });

  it('reads the index again once units were added to it, and finds them', async () => {
    const { sources, segments } = fixture(2000, 100, 12);
    const index = new CandidateIndex();
    for (const s of sources.slice(0, 1000)) index.add(s);
    const threads = threadsOf(2);
    // Until the other thread has read the index as it was.
    for (let batch = 0; batch < 20 && threads.answeredElsewhere === 0; batch++)
      await threads.search(index, lookupsOf(index, segments), 1, bandFloors);
    expect(threads.answeredElsewhere).toBeGreaterThan(0);
    const before = threads.answeredElsewhere;
    for (const s of sources.slice(1000)) index.add(s);
    const lookups = lookupsOf(index, segments);
    const alone = lookups.map((l) => index.lookup(l.query, l.minScore, 1, bandFloors));
    expect(alone.some((f) => [...f.identical, ...f.matches.map((m) => m.id)].some((id) => id >= 1000))).toBe(
      true,
    );
    for (let batch = 0; batch < 20 && threads.answeredElsewhere === before; batch++)
      expect(await threads.search(index, lookups, 1, bandFloors)).toEqual(alone);
    expect(threads.answeredElsewhere).toBeGreaterThan(before);
  });

  it('looks up here what a thread that cannot start was given, says so once, and starts none again', async () => {
    const { sources, segments } = fixture(1000, 64, 13);
    const index = new CandidateIndex();
    for (const s of sources) index.add(s);
    const lookups = lookupsOf(index, segments);
    const failures: string[] = [];
    const broken = threadsOf(4, new URL('data:text/javascript,throw new Error("no lookups here")'), (e) =>
      failures.push(e.message),
    );
    const alone = lookups.map((l) => index.lookup(l.query, l.minScore, 1, bandFloors));
    expect(broken.worthSpreading(index, lookups.length)).toBe(true);
    expect(await broken.search(index, lookups, 1, bandFloors)).toEqual(alone);
    expect(broken.answeredElsewhere).toBe(0);
    // Three threads failed to start: told once, and the next batches stay here.
    expect(failures).toEqual([
      'A lookup thread could not start: no lookups here; its lookups are made in the analysis worker',
    ]);
    expect(broken.worthSpreading(index, lookups.length)).toBe(false);
  });

  it('starts its threads when a memory worth spreading is read ahead of its first quote', async () => {
    const { sources } = fixture(200, 0, 15);
    const memory: TranslationMemory = {
      findCandidates: async () => [],
      sourcesAfter: async (): Promise<SourcePage> => ({
        sources,
        prevHashes: sources.map(() => null),
        nextHashes: sources.map(() => null),
        next: null,
      }),
    };
    const threads = threadsOf(3);
    await new IndexedTranslationMemory(memory as never, new KeptIndexes(10_000), threads).prepare();
    expect(threads.started).toBe(2);
    // A memory too small to be worth it starts none.
    const few = new LookupThreads({ ...entry, threads: 3, fromUnits: 1000 });
    started.push(few);
    await new IndexedTranslationMemory(memory as never, new KeptIndexes(10_000), few).prepare();
    expect(few.started).toBe(0);
  });

  it('spreads an indexed memory’s batch of lookups: the same candidates as one lookup at a time', async () => {
    const { sources, segments } = fixture(1500, 120, 14);
    const hashes = sources.map((s) => contextHash(s));
    // Each unit with its neighbours' hashes, as a memory of documents has them.
    const memory: TranslationMemory = {
      pair: '1:en:es',
      version: async () => `${sources.length}:${sources.length}`,
      findCandidates: async () => {
        throw new Error('an indexed memory is never asked');
      },
      sourcesAfter: async (cursor): Promise<SourcePage> => ({
        sources: sources.slice(cursor),
        prevHashes: sources.slice(cursor).map((_, i) => hashes[cursor + i - 1] ?? null),
        nextHashes: sources.slice(cursor).map((_, i) => hashes[cursor + i + 1] ?? null),
        next: null,
      }),
    };
    const threads = threadsOf(2);
    const kept = new KeptIndexes(10_000);
    const spread = new IndexedTranslationMemory(memory as never, kept, threads);
    const single = new IndexedTranslationMemory(memory as never, kept, undefined);
    // Units as they are, in their own context (101 %) and out of it, and the fixture's segments.
    const asked = [
      ...sources.slice(10, 20).map((text, i) => ({
        text,
        prevHash: i % 2 ? (hashes[9 + i] as string) : contextHash(''),
        nextHash: hashes[11 + i] as string,
      })),
      ...segments.map((text) => ({ text, prevHash: contextHash(''), nextHash: contextHash('') })),
    ];
    const many = await spread.findMany(
      asked.map((segment) => ({ segment, minScore: 50 })),
      { limit: 1, bands: bandFloors },
    );
    for (let batch = 0; batch < 20 && threads.answeredElsewhere === 0; batch++)
      expect(
        await spread.findMany(
          asked.map((segment) => ({ segment, minScore: 50 })),
          { limit: 1, bands: bandFloors },
        ),
      ).toEqual(many);
    for (const [i, segment] of asked.entries())
      expect(many[i]).toEqual(
        await single.findCandidates(segment, { minScore: 50, limit: 1, bands: bandFloors }),
      );
    expect(many.filter((c) => c[0]?.prevHash && c[0].prevHash !== contextHash('')).length).toBeGreaterThan(0);
    expect(threads.answeredElsewhere).toBeGreaterThan(0);
  });
});
