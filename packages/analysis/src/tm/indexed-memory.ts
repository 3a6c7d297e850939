import { CandidateIndex, type IndexParts, type IndexSearch } from './candidate-index.ts';
import type { IndexSnapshots, SnapshotContent } from './index-snapshots.ts';
import type { LookupThreads } from './lookup-threads.ts';
import type { FindCandidatesOptions, SourcePage, TmCandidate, TmQuery, TranslationMemory } from './types.ts';

type PagedMemory = TranslationMemory & Required<Pick<TranslationMemory, 'sourcesAfter'>>;
interface Loaded {
  index: CandidateIndex;
  context: ContextHashes;
}

/**
 * A memory whose units are read, at the first lookup of an analysis, into a `CandidateIndex` and the
 * units' context hashes: every lookup is then answered here, with no round trip, at a cost that
 * does not grow with the memory (ADR 0027). A memory that names its `pair` and `version` is read
 * once for as long as its version stays the same: the index is kept in this thread (`keptIndexes`)
 * for the analyses that follow. Of the units identical to a segment, one whose context is the
 * segment's is returned if there is one (101 %), else the first (100 %). Many lookups at once
 * (`findMany`) in a large index are spread over the thread's `LookupThreads`, if it was given some.
 */
export class IndexedTranslationMemory implements TranslationMemory {
  private index?: Promise<Loaded>;

  constructor(
    private readonly memory: PagedMemory,
    private readonly kept: KeptIndexes = keptIndexes,
    private readonly threads: LookupThreads | undefined = threadsOfThisThread,
  ) {}

  static wrap(memory: TranslationMemory | undefined): TranslationMemory | undefined {
    return memory?.sourcesAfter ? new IndexedTranslationMemory(memory as PagedMemory) : memory;
  }

  /**
   * Reads the index now (or takes the one kept), for the lookups of a later analysis, and starts the
   * lookup threads it will be worth spreading them over.
   */
  async prepare(): Promise<void> {
    const { index } = await (this.index ??= this.loaded());
    this.threads?.startFor(index);
  }

  async findCandidates(segment: TmQuery, options: FindCandidatesOptions): Promise<TmCandidate[]> {
    const loaded = await (this.index ??= this.loaded());
    const found = loaded.index.search(segment.text, options.minScore, options.limit, options.bands);
    return this.answer(loaded, segment, found);
  }

  async findMany(
    lookups: readonly { segment: TmQuery; minScore: number }[],
    { limit, bands }: Omit<FindCandidatesOptions, 'minScore'>,
  ): Promise<TmCandidate[][]> {
    const loaded = await (this.index ??= this.loaded());
    const { index } = loaded;
    const queries = lookups.map(({ segment, minScore }) => ({ query: index.query(segment.text), minScore }));
    const found = this.threads?.worthSpreading(index, queries.length)
      ? await this.threads.search(index, queries, limit, bands)
      : queries.map(({ query, minScore }) => index.lookup(query, minScore, limit, bands));
    return found.map((f, i) => this.answer(loaded, lookups[i]!.segment, f));
  }

  /** The candidates of what the index found: of identical units, the one in the segment's context. */
  private answer({ index, context }: Loaded, segment: TmQuery, found: IndexSearch): TmCandidate[] {
    if (found.identical.length) {
      const id =
        found.identical.find(
          (i) => context.prev(i) === segment.prevHash && context.next(i) === segment.nextHash,
        ) ?? (found.identical[0] as number);
      const prevHash = context.prev(id);
      const nextHash = context.next(id);
      return [
        { source: index.source(id), ...(prevHash ? { prevHash } : {}), ...(nextHash ? { nextHash } : {}) },
      ];
    }
    return found.matches.map((m) => ({ source: index.source(m.id), score: m.score }));
  }

  private async loaded(): Promise<Loaded> {
    const { pair } = this.memory;
    if (pair === undefined || !this.memory.version) return this.load();
    const version = await this.memory.version();
    const kept = this.kept.get(pair, version);
    if (kept) return kept;
    // Else the index written to disk at this version, or at an older one the pair grew from.
    const older = this.kept.older(pair) ?? this.kept.onDisk(pair, version);
    const written = older?.written;
    if (older?.version === version) return this.kept.keep(pair, version, older.loaded, { written });
    const since = older && unitsAddedSince(older.version, version);
    if (since) return this.kept.keep(pair, version, this.extend(older.loaded, since), { written });
    return this.kept.keep(pair, version, this.load());
  }

  /**
   * An index kept at an older version of the pair, with the units added since read into it (a
   * delivery fed the memory, a file was imported), if the pair only grew: the read must give the
   * units the versions count, else the pair is read again whole. The new units are read before any
   * is added, so a read that fails leaves the index as it was (and it is not kept: `keep`).
   */
  private async extend(loading: Promise<Loaded>, since: Growth): Promise<Loaded> {
    const loaded = await loading.catch(() => undefined);
    if (!loaded || loaded.index.size !== since.before) return this.load();
    const pages: SourcePage[] = [];
    let added = 0;
    for (let cursor = since.after; ;) {
      const page = await this.memory.sourcesAfter(cursor);
      pages.push(page);
      added += page.sources.length;
      if (page.next === null) break;
      cursor = page.next;
    }
    if (since.before + added !== since.units) return this.load();
    for (const page of pages) this.indexPage(loaded, page);
    loaded.index.seal();
    return loaded;
  }

  /** Reads the pages in order, asking for the next one while the current one is indexed. */
  private async load(): Promise<Loaded> {
    const index = new CandidateIndex();
    const context = new ContextHashes();
    let pending = this.memory.sourcesAfter(0);
    for (;;) {
      const page = await pending;
      if (page.next !== null) pending = this.memory.sourcesAfter(page.next);
      this.indexPage({ index, context }, page);
      if (page.next === null) {
        // The lists too, so that a read ahead of an analysis (`prepare`) leaves nothing to build.
        index.seal();
        return { index, context };
      }
    }
  }

  private indexPage({ index, context }: Loaded, page: SourcePage): void {
    page.sources.forEach((source, i) => {
      context.set(index.add(source), page.prevHashes[i] ?? null, page.nextHashes[i] ?? null);
    });
  }
}

interface Growth {
  /** Units of the pair at the older version, and the cursor of its last one. */
  before: number;
  after: number;
  /** Units of the pair now. */
  units: number;
}

/**
 * What was added between two versions of a pair (`<units>:<cursor of the last unit>`, as
 * `TranslationMemory.version` describes): undefined unless the pair may only have grown.
 */
function unitsAddedSince(older: string, newer: string): Growth | undefined {
  const was = /^(\d+):(\d+)$/.exec(older);
  const is = /^(\d+):(\d+)$/.exec(newer);
  if (!was || !is) return undefined;
  const [before, after, units, last] = [was[1], was[2], is[1], is[2]].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return units > before && last > after ? { before, after, units } : undefined;
}

/**
 * Indexes kept between analyses, by pair, with the version each was read at; the least recently
 * used go first once they hold more than `maxUnits` units together, but the newest is always kept.
 * A pair whose version changed is read again, and its old index dropped before.
 */
export class KeptIndexes {
  private readonly entries = new Map<string, KeptEntry>();
  private snapshots?: IndexSnapshots;

  constructor(private maxUnits: number) {}

  /** Writes the indexes read from now on to `snapshots` (`saveUnsaved`), and reads them back from there. */
  saveTo(snapshots: IndexSnapshots | undefined): void {
    this.snapshots = snapshots;
  }

  /**
   * The index of `pair` written to disk at `wanted` or at a version it grew from, if one reads back
   * whole, with that version.
   */
  onDisk(pair: string, wanted: string): Pick<KeptEntry, 'version' | 'loaded' | 'written'> | undefined {
    const version = this.snapshots?.versionOf(pair);
    if (version === undefined || (version !== wanted && !unitsAddedSince(version, wanted))) return undefined;
    const content = this.snapshots?.read(pair, version);
    if (!content) return undefined;
    const loaded = loadedFrom(content);
    return { version, loaded: Promise.resolve(loaded), written: loaded.index.size };
  }

  /**
   * Writes to disk the kept indexes not written yet, or grown by enough units since (`rewriteAfter`:
   * until then a worker reads the snapshot and the units added), when no analysis waits for them;
   * resolves once written. Told of a write that failed, it does not try that one again.
   */
  async saveUnsaved(onError: (error: Error) => void = () => {}): Promise<void> {
    const snapshots = this.snapshots;
    if (!snapshots) return;
    const writes: Promise<unknown>[] = [];
    for (const [pair, entry] of this.entries) {
      const { value } = entry;
      const units = value?.index.size ?? 0;
      if (
        !value ||
        !units ||
        (entry.written !== undefined && units - entry.written < rewriteAfter(entry.written))
      )
        continue;
      entry.written = units;
      // The index's parts are taken now, before anything can add units to it; the file is written after.
      const writing = (async () => snapshots.write(pair, entry.version, snapshotOf(value)))();
      writes.push(writing.catch((err) => onError(err instanceof Error ? err : new Error(String(err)))));
    }
    await Promise.all(writes);
  }

  /** Keeps up to `units` units from now on (an analysis worker is told its share: `keptUnits`). */
  keepUpTo(units: number): void {
    this.maxUnits = units;
  }

  /** The index kept of `pair` whatever its version, to be brought up to date. */
  older(pair: string): Pick<KeptEntry, 'version' | 'loaded' | 'written'> | undefined {
    return this.entries.get(pair);
  }

  get(pair: string, version: string): Promise<Loaded> | undefined {
    const entry = this.entries.get(pair);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(pair);
    this.entries.set(pair, entry);
    return entry.loaded;
  }

  /**
   * Keeps the index `loading` reads; `written`: the units of the snapshot on disk it was read from,
   * or grew from (`saveUnsaved`).
   */
  keep(
    pair: string,
    version: string,
    loading: Promise<Loaded>,
    { written }: { written?: number } = {},
  ): Promise<Loaded> {
    this.entries.delete(pair);
    const entry: KeptEntry = {
      version,
      loaded: loading,
      units: 0,
      ...(written !== undefined ? { written } : {}),
    };
    this.entries.set(pair, entry);
    loading.then(
      (loaded) => {
        const { index } = loaded;
        entry.value = loaded;
        entry.units = index.size;
        let total = 0;
        for (const e of this.entries.values()) total += e.units;
        for (const [key, e] of this.entries) {
          if (total <= this.maxUnits || e === entry) break;
          this.entries.delete(key);
          total -= e.units;
        }
      },
      () => {
        if (this.entries.get(pair) === entry) this.entries.delete(pair);
      },
    );
    return loading;
  }

  /** The pairs kept, least recently used first. */
  get pairs(): string[] {
    return [...this.entries.keys()];
  }
}

interface KeptEntry {
  version: string;
  loaded: Promise<Loaded>;
  /** What `loaded` gave, once it did. */
  value?: Loaded;
  units: number;
  /** Its units when it was written to disk (or read from there), if it was: see `saveUnsaved`. */
  written?: number;
}

/**
 * Units added to a pair since its snapshot on disk before it is written again: a worker reads the
 * snapshot and those units from the database in a fraction of a second (some 12 µs a unit), where
 * a delivery that adds a few units would otherwise have a million units' index written again.
 */
export function rewriteAfter(written: number): number {
  return Math.max(10_000, Math.floor(written / 100));
}

/** An index and its context hashes as a snapshot on disk holds them. */
function snapshotOf({ index, context }: Loaded): SnapshotContent {
  const { texts, tokens, extra, ...arrays } = index.parts();
  const hashes = context.parts(texts.size);
  return {
    arrays: {
      ...arrays,
      extra,
      textBytes: texts.bytes,
      textStarts: texts.starts,
      tokenData: tokens.data,
      tokenStarts: tokens.starts,
      contextWords: hashes.words,
      contextPresent: hashes.present,
    },
    meta: { units: texts.size, words: tokens.words, odd: hashes.odd },
  };
}

function loadedFrom({ arrays, meta }: SnapshotContent): Loaded {
  const { textBytes, textStarts, tokenData, tokenStarts, contextWords, contextPresent, ...rest } = arrays;
  const { units, words, odd } = meta as { units: number; words: string[]; odd: OddHashes };
  const index = CandidateIndex.fromParts({
    ...(rest as unknown as Omit<IndexParts, 'texts' | 'tokens'>),
    texts: { bytes: textBytes as Uint8Array, starts: textStarts as Int32Array, size: units },
    tokens: { data: tokenData as Int32Array, starts: tokenStarts as Int32Array, words },
  });
  const context = new ContextHashes({
    words: contextWords as Uint32Array,
    present: contextPresent as Uint8Array,
    odd,
  });
  return { index, context };
}

/**
 * Units kept between analyses in one thread, unless its pool says otherwise (`keptUnits`): a million
 * take some 240 MB of shared arrays, hardly any heap.
 */
export const KEPT_UNITS = 1_000_000;
/**
 * What a kept unit takes, to size `keptUnits` by: 219–228 bytes of index arrays (measured at 200,000
 * and 1,000,000 generated units, after collection), 33 of context hashes, and their room to grow.
 */
export const KEPT_UNIT_BYTES = 288;
export const keptIndexes = new KeptIndexes(KEPT_UNITS);

let threadsOfThisThread: LookupThreads | undefined;

/** The threads this thread's indexed memories spread many lookups over (an analysis worker's). */
export function spreadLookupsOver(threads: LookupThreads | undefined): void {
  threadsOfThisThread = threads;
}

/**
 * The units' context hashes, packed: a `contextHash` is 16 base64url characters, four words of 24
 * bits, so a unit's pair takes 32 bytes instead of two strings. Any other form (none is expected)
 * is kept as it is, aside.
 */
type OddHashes = [number, [string | null, string | null]][];

class ContextHashes {
  private words: Uint32Array = new Uint32Array(8 * 1024);
  /** Bit 1: has a packed previous hash; bit 2: a packed next one. */
  private present: Uint8Array = new Uint8Array(1024);
  private readonly odd = new Map<number, [string | null, string | null]>();

  /** Empty, or the hashes of `parts` read back (a snapshot's). */
  constructor(parts?: { words: Uint32Array; present: Uint8Array; odd: OddHashes }) {
    if (!parts) return;
    this.words = parts.words;
    this.present = parts.present;
    for (const [id, hashes] of parts.odd) this.odd.set(id, hashes);
  }

  /** The hashes of units 0 to `units` - 1, with no room to spare, as the constructor takes them back. */
  parts(units: number): { words: Uint32Array; present: Uint8Array; odd: OddHashes } {
    return {
      words: this.words.subarray(0, 8 * units),
      present: this.present.subarray(0, units),
      odd: [...this.odd],
    };
  }

  set(id: number, prev: string | null, next: string | null): void {
    while (id >= this.present.length) {
      const words = new Uint32Array(Math.max(8 * 1024, this.words.length * 2));
      words.set(this.words);
      this.words = words;
      const present = new Uint8Array(Math.max(1024, this.present.length * 2));
      present.set(this.present);
      this.present = present;
    }
    const packedPrev = prev !== null && pack(prev, this.words, id * 8);
    const packedNext = next !== null && pack(next, this.words, id * 8 + 4);
    this.present[id] = (packedPrev ? 1 : 0) | (packedNext ? 2 : 0);
    if ((prev !== null && !packedPrev) || (next !== null && !packedNext)) this.odd.set(id, [prev, next]);
  }

  prev(id: number): string | undefined {
    if ((this.present[id] as number) & 1) return unpack(this.words, id * 8);
    return this.odd.get(id)?.[0] ?? undefined;
  }

  next(id: number): string | undefined {
    if ((this.present[id] as number) & 2) return unpack(this.words, id * 8 + 4);
    return this.odd.get(id)?.[1] ?? undefined;
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));

/** Packs a 16-character base64url hash into four words of 4 characters; false for any other text. */
function pack(hash: string, words: Uint32Array, at: number): boolean {
  if (hash.length !== 16) return false;
  for (let w = 0; w < 4; w++) {
    let v = 0;
    for (let c = 0; c < 4; c++) {
      const d = VALUE.get(hash[w * 4 + c] as string);
      if (d === undefined) return false;
      v = (v << 6) | d;
    }
    words[at + w] = v;
  }
  return true;
}

function unpack(words: Uint32Array, at: number): string {
  let out = '';
  for (let w = 0; w < 4; w++) {
    const v = words[at + w] as number;
    out +=
      ALPHABET[(v >> 18) & 63]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
  }
  return out;
}
