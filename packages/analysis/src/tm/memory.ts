import { normalizeSegment } from '../normalize.ts';
import { tokenize } from './score.ts';
import type { FindCandidatesOptions, TmCandidate, TmQuery, TranslationMemory } from './types.ts';

export interface TmUnit {
  source: string;
  target?: string;
  prevHash?: string;
  nextHash?: string;
}

/**
 * A translation memory held in memory, for the command-line tool and tests. Candidates are
 * found through an inverted index of word tokens (the n-grams, n = 1, of the normalised source)
 * with prefix filtering: only the rarest tokens are probed, enough of them that any unit able to
 * reach `minScore` shares at least one, so lookups never scan the memory.
 */
export class InMemoryTranslationMemory implements TranslationMemory {
  private readonly units: TmUnit[] = [];
  private readonly lengths: number[] = [];
  private readonly exact = new Map<string, number[]>();
  private readonly postings = new Map<string, number[]>();

  /** Posting lists longer than this are only probed when nothing rarer is available. */
  maxPostingsProbed = 50_000;

  get size(): number {
    return this.units.length;
  }

  add(unit: TmUnit): void {
    const id = this.units.length;
    this.units.push(unit);
    const normalized = normalizeSegment(unit.source);
    const same = this.exact.get(normalized);
    if (same) same.push(id);
    else this.exact.set(normalized, [id]);
    const keys = indexKeys(normalized);
    this.lengths.push(keys.length);
    for (const k of new Set(keys)) {
      const list = this.postings.get(k);
      if (list) list.push(id);
      else this.postings.set(k, [id]);
    }
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

  findCandidatesSync(segment: TmQuery, options: FindCandidatesOptions): TmCandidate[] {
    const normalized = normalizeSegment(segment.text);
    const exactIds = this.exact.get(normalized);
    const out: TmCandidate[] = [];
    if (exactIds) {
      for (const id of exactIds.slice(0, Math.max(options.limit, 16))) {
        const u = this.units[id];
        if (u) out.push(u);
      }
      // An exact hit may still be beaten only by an in-context one, which is among them.
      return out;
    }
    const keys = [...new Set(indexKeys(normalized))];
    if (keys.length === 0) return out;
    const queryLength = indexKeys(normalized).length;
    const minShare = Math.max(1, Math.ceil((keys.length * options.minScore) / 100));
    const probeCount = Math.max(1, keys.length - minShare + 1);
    const lists = keys
      .map((k) => this.postings.get(k) ?? [])
      .filter((l) => l.length > 0)
      .sort((a, b) => a.length - b.length);
    if (lists.length === 0) return out;
    const probed = lists.slice(0, probeCount).filter((l, i) => i === 0 || l.length <= this.maxPostingsProbed);
    const minLen = (queryLength * options.minScore) / 100;
    const maxLen = queryLength / Math.max(0.01, options.minScore / 100);
    const hits = new Map<number, number>();
    for (const list of probed) {
      const limit = Math.min(list.length, this.maxPostingsProbed);
      for (let i = 0; i < limit; i++) {
        const id = list[i] as number;
        const len = this.lengths[id] ?? 0;
        if (len < minLen || len > maxLen) continue;
        hits.set(id, (hits.get(id) ?? 0) + 1);
      }
    }
    // Rank by shared rare tokens, then check the remaining (common) tokens only for the best few.
    const ranked = [...hits.entries()].sort((a, b) => b[1] - a[1]).slice(0, options.limit * 4);
    const rest = lists.slice(probeCount);
    const restSets = rest.length > 0 && rest.length <= 8 ? rest.map((l) => l) : [];
    const scored = ranked.map(([id, h]) => {
      let total = h;
      for (const l of restSets) if (binaryHas(l, id)) total++;
      return { id, total };
    });
    scored.sort((a, b) => b.total - a.total);
    for (const { id } of scored.slice(0, options.limit)) {
      const u = this.units[id];
      if (u) out.push(u);
    }
    return out;
  }
}

/** Posting lists are built in increasing id order, so they are sorted. */
function binaryHas(list: readonly number[], id: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = list[mid] as number;
    if (v === id) return true;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Index keys: lower-case word tokens; numbers and punctuation are too unselective to index. */
function indexKeys(normalized: string): string[] {
  return tokenize(normalized).keys.filter((k) => k !== '#' && /[\p{L}\p{N}]/u.test(k));
}
