import { CandidateIndex } from './candidate-index.ts';
import type { FindCandidatesOptions, TmCandidate, TmQuery, TranslationMemory } from './types.ts';

type PagedMemory = TranslationMemory & Required<Pick<TranslationMemory, 'sourcesAfter'>>;

/**
 * A memory whose sources are read once, at the first lookup of an analysis, into a
 * `CandidateIndex`: fuzzy candidates come from the index, so a lookup costs the same whatever the
 * memory's size, and never a round trip; segments identical to a unit go to the memory itself,
 * whose units carry the context that decides 101 % (ADR 0027).
 */
export class IndexedTranslationMemory implements TranslationMemory {
  private index?: Promise<CandidateIndex>;

  constructor(private readonly memory: PagedMemory) {}

  static wrap(memory: TranslationMemory | undefined): TranslationMemory | undefined {
    return memory?.sourcesAfter ? new IndexedTranslationMemory(memory as PagedMemory) : memory;
  }

  async findCandidates(segment: TmQuery, options: FindCandidatesOptions): Promise<TmCandidate[]> {
    const index = await (this.index ??= this.load());
    const found = index.search(segment.text, options.minScore, options.limit);
    if (found.identical) return this.memory.findCandidates(segment, options);
    return found.matches.map((m) => ({ source: index.source(m.id) }));
  }

  /** Reads the pages in order, asking for the next one while the current one is indexed. */
  private async load(): Promise<CandidateIndex> {
    const index = new CandidateIndex();
    let pending = this.memory.sourcesAfter(0);
    for (;;) {
      const page = await pending;
      if (page.next !== null) pending = this.memory.sourcesAfter(page.next);
      for (const source of page.sources) index.add(source);
      if (page.next === null) return index;
    }
  }
}
