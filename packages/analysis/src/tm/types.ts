/** A source segment being looked up, with the hashes of its neighbours (see `contextHash`). */
export interface TmQuery {
  text: string;
  prevHash: string;
  nextHash: string;
}

/** A translation unit returned by a memory: its source, and the context hashes stored with it. */
export interface TmCandidate {
  source: string;
  target?: string;
  prevHash?: string;
  nextHash?: string;
  /**
   * The unit's `scoreMatch` against the segment, below 100, when the memory computed it: the
   * caller's `bestMatch` takes it instead of scoring the unit again.
   */
  score?: number;
}

export interface FindCandidatesOptions {
  /** Candidates that cannot reach this score may be left out (50 = the lowest fuzzy band). */
  minScore: number;
  /** Most candidates to return; the caller scores those without a `score` with `scoreMatch`. */
  limit: number;
  /**
   * The scores where the caller's bands start (`bandFloors`), when it needs only the band of the
   * best score: a memory may then return a unit of the best band that is not the best unit.
   */
  bands?: readonly number[];
  signal?: AbortSignal;
}

/**
 * One page of a memory's units: their sources and context hashes (`contextHash`, null for none), in
 * three parallel lists, and the cursor of the next page (null: that was the last).
 */
export interface SourcePage {
  sources: string[];
  prevHashes: (string | null)[];
  nextHashes: (string | null)[];
  next: number | null;
}

/**
 * A translation memory for one customer and language pair. Implementations narrow the memory
 * with an index and return a few candidates; they never scan it all.
 */
export interface TranslationMemory {
  findCandidates(segment: TmQuery, options: FindCandidatesOptions): Promise<TmCandidate[]>;
  /**
   * `findCandidates` of several segments at once, answered in order, each with its own `minScore`:
   * a memory that has them may spread the lookups over threads.
   */
  findMany?(
    lookups: readonly { segment: TmQuery; minScore: number }[],
    options: Omit<FindCandidatesOptions, 'minScore'>,
  ): Promise<TmCandidate[][]>;
  /**
   * The memory's units page by page, from cursor 0, for an analysis to index once
   * (`IndexedTranslationMemory`, which then answers every lookup itself).
   */
  sourcesAfter?(cursor: number): Promise<SourcePage>;
  /** Which memory this is (a customer's language pair), for an index kept between analyses. */
  readonly pair?: string;
  /**
   * The memory's state, asked once per analysis: an index built from the same `pair` and version
   * is used again. Adding, removing or importing units again must change it. In the form
   * `<units>:<cursor of the last unit>` (as `sourcesAfter` pages), an index of a pair that only
   * grew reads the units after its last one instead of the whole pair again.
   */
  version?(): Promise<string>;
}
