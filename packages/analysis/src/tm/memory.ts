import { normalizeSegment } from '../normalize.ts';
import type { FindCandidatesOptions, TmCandidate, TmQuery, TranslationMemory } from './types.ts';
import { INLINE_CODE_RE } from '../inline.ts';
import { Postings } from './candidate-parts.ts';

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
  /** Index keys per unit (capped at 255), for the length filter; a byte array stays in cache. */
  private lengths = new Uint8Array(1024);
  /** Normalised source -> unit id, or ids when the memory holds the same source more than once. */
  private readonly exact = new Map<string, number | number[]>();
  private readonly postings = new Map<string, Postings>();

  /**
   * Postings read per lookup beyond the two rarest tokens' lists: bounds the time of a lookup on a
   * large memory at the price of missing some low fuzzy matches made only of common words.
   */
  probeBudget = 60_000;
  private counts = new Uint8Array(0);
  /** Postings read by the last lookup (for tests and diagnostics: it stays far below the memory size). */
  lastLookupPostings = 0;

  get size(): number {
    return this.units.length;
  }

  add(unit: TmUnit): void {
    const id = this.units.length;
    this.units.push(unit);
    const normalized = normalizeSegment(unit.source);
    const same = this.exact.get(normalized);
    if (same === undefined) this.exact.set(normalized, id);
    else if (typeof same === 'number') this.exact.set(normalized, [same, id]);
    else same.push(id);
    const keys = indexKeys(normalized);
    if (id >= this.lengths.length) {
      const grown = new Uint8Array(this.lengths.length * 2);
      grown.set(this.lengths);
      this.lengths = grown;
    }
    this.lengths[id] = Math.min(255, keys.length);
    for (const k of new Set(keys)) {
      const list = this.postings.get(k);
      if (list) list.push(id);
      else this.postings.set(k, new Postings(id));
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
    const exactHit = this.exact.get(normalized);
    const exactIds = typeof exactHit === 'number' ? [exactHit] : exactHit;
    const out: TmCandidate[] = [];
    if (exactIds) {
      for (const id of exactIds.slice(0, Math.max(options.limit, 16))) {
        const u = this.units[id];
        if (u) out.push(u);
      }
      // An exact hit may still be beaten only by an in-context one, which is among them.
      return out;
    }
    const allKeys = indexKeys(normalized);
    const keys = [...new Set(allKeys)];
    if (keys.length === 0) return out;
    const queryLength = allKeys.length;
    const minShare = Math.max(1, Math.ceil((keys.length * options.minScore) / 100));
    const probeCount = Math.max(1, keys.length - minShare + 1);
    const lists = keys
      .map((k) => this.postings.get(k))
      .filter((l): l is Postings => l !== undefined && l.length > 0)
      .sort((a, b) => a.length - b.length);
    if (lists.length === 0) return out;
    const minLen = (queryLength * options.minScore) / 100;
    const maxLen = queryLength / Math.max(0.01, options.minScore / 100);
    if (this.counts.length < this.units.length)
      this.counts = new Uint8Array(Math.ceil(this.units.length * 1.25) + 1024);
    const counts = this.counts;
    const lengths = this.lengths;
    const touched: number[] = [];
    let budget = this.probeBudget;
    let probed = 0;
    this.lastLookupPostings = 0;
    // The rarest lists first; the two rarest always, the next ones while the budget lasts.
    for (; probed < lists.length && probed < probeCount; probed++) {
      const list = lists[probed] as Postings;
      if (probed >= 2 && list.length > budget) break;
      budget -= list.length;
      this.lastLookupPostings += list.length;
      const ids = list.ids;
      for (let i = 0, n = list.length; i < n; i++) {
        const id = ids[i] as number;
        const len = lengths[id] as number;
        if (len < minLen || (len > maxLen && len < 255)) continue;
        const c = counts[id] ?? 0;
        if (c === 0) touched.push(id);
        if (c < 255) counts[id] = c + 1;
      }
    }
    // Keep the units sharing the most probed tokens (bucketed by count, no full sort).
    const wanted = options.limit * 4;
    const buckets: number[][] = [];
    for (const id of touched) {
      const c = counts[id] as number;
      (buckets[c] ??= []).push(id);
      counts[id] = 0;
    }
    const ranked: { id: number; total: number }[] = [];
    for (let c = buckets.length - 1; c > 0 && ranked.length < wanted; c--) {
      for (const id of buckets[c] ?? []) {
        if (ranked.length >= wanted) break;
        ranked.push({ id, total: c });
      }
    }
    // Count the remaining (commoner) tokens only for those few, by binary search.
    const rest = lists.slice(probed, probed + 8);
    const scored = ranked;
    if (rest.length > 0) {
      for (const r of scored) for (const l of rest) if (l.has(r.id)) r.total++;
    }
    scored.sort((a, b) => b.total - a.total);
    for (const { id } of scored.slice(0, options.limit)) {
      const u = this.units[id];
      if (u) out.push(u);
    }
    return out;
  }
}

/** Index keys: lower-case word tokens; numbers and punctuation are too unselective to index. */
const KEY_RE =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}]|[\p{L}\p{M}\p{N}_]+(?:['\u2019-][\p{L}\p{M}\p{N}_]+)*/gu;
const NUMBER_RE = /^\p{Nd}[\p{Nd}.,:/-]*$/u;

const PLAIN_RE = /^[A-Za-z]+$/;
const TRAILING_PUNCT_RE = /[.,;:!?"')\]]+$/;

function indexKeys(normalized: string): string[] {
  const text = normalized.replace(INLINE_CODE_RE, ' ');
  const keys: string[] = [];
  // Fast path for plain ASCII words (most of a Latin-script memory); the full rules for the rest.
  for (const chunk of text.split(' ')) {
    const word = chunk.replace(TRAILING_PUNCT_RE, '');
    if (PLAIN_RE.test(word)) {
      keys.push(word.toLowerCase());
      continue;
    }
    for (const m of chunk.matchAll(KEY_RE)) {
      const k = m[0];
      if (!NUMBER_RE.test(k)) keys.push(k.toLowerCase());
    }
  }
  return keys;
}
