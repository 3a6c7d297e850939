import { CandidateIndex } from './candidate-index.ts';
import type { FindCandidatesOptions, TmCandidate, TmQuery, TranslationMemory } from './types.ts';

export interface TmUnit {
  source: string;
  target?: string;
  prevHash?: string;
  nextHash?: string;
}

/**
 * A translation memory held in memory, for the command-line tool and tests. Lookups go through the
 * same `CandidateIndex` as the server's analyses (ADR 0027): the best-scoring unit is found exactly,
 * never from a sample of the memory, and a lookup never scans it.
 */
export class InMemoryTranslationMemory implements TranslationMemory {
  private readonly units: TmUnit[] = [];
  private readonly index = new CandidateIndex();

  get size(): number {
    return this.units.length;
  }

  add(unit: TmUnit): void {
    this.units.push(unit);
    this.index.add(unit.source);
  }

  async addAll(units: AsyncIterable<TmUnit> | Iterable<TmUnit>): Promise<number> {
    let n = 0;
    for await (const u of units) {
      this.add(u);
      n++;
    }
    return n;
  }

  async findCandidates(segment: TmQuery, options: FindCandidatesOptions): Promise<TmCandidate[]> {
    return this.findCandidatesSync(segment, options);
  }

  /**
   * The units identical to the segment (once normalised), the one in its context first, for the
   * scorer to choose between 101 % and 100 %; else the best fuzzy units.
   */
  findCandidatesSync(segment: TmQuery, options: FindCandidatesOptions): TmCandidate[] {
    const found = this.index.search(segment.text, options.minScore, options.limit, options.bands);
    if (found.identical.length) {
      const units = found.identical.map((id) => this.units[id] as TmUnit);
      const inContext = units.find((u) => u.prevHash === segment.prevHash && u.nextHash === segment.nextHash);
      const ordered = inContext ? [inContext, ...units.filter((u) => u !== inContext)] : units;
      return ordered.slice(0, Math.max(options.limit, 16));
    }
    return found.matches.map((m) => this.units[m.id] as TmUnit);
  }
}
