import { normalizeSegment } from '../normalize.ts';
import { elementsOf, Found, hash32, Postings, type IndexMatch } from './candidate-parts.ts';
import { nearKey, scorerFor, tokenize } from './score.ts';
import { TokenStore } from './token-store.ts';

export type { IndexMatch };

export interface IndexSearch {
  /** The units whose normalised source is the segment itself (their context decides 101 %). */
  identical: number[];
  /** The best-scoring units, best first (at most `limit`), all at or above `minScore`. */
  matches: IndexMatch[];
}

const NO_UNIT = -1;
const MERGE_PER_CANDIDATE = 2;
/** Units sharing the most elements scored after each list of the prefix. */
const LEADERS = 4;

/**
 * An index of a memory's sources that finds, for a segment, the unit `scoreMatch` scores best (at
 * or above `minScore`) without scoring the whole memory, and without ever missing it (ADR 0027).
 *
 * The score is a token edit distance relative to the longer side, minus penalties, so a unit that
 * shares `m` of its tokens (as a multiset: the k-th `the` is its own element) with a segment of `q`
 * tokens scores at most 100·m / max(q, its length). Units the score puts at 95–99 for differing
 * only in final punctuation, case or spacing (`nearlyIdentical`) share a `nearKey` and are found
 * through it. A lookup:
 * 1. reads the near-key bucket (identical units end the lookup);
 * 2. merges the posting lists of the segment's rarest elements, enough of them that any unit able to
 *    reach `minScore` shares one (prefix filtering), admitting units of a possible length only; then
 *    adds a commoner list to the counts only while it is shorter than twice the candidates (else a
 *    binary search in it, for the few candidates that get that far, costs less than reading it);
 * 3. takes the candidates in decreasing order of their bound, tightening it in two steps before
 *    scoring — the unit's remaining shared elements (binary search in the unmerged lists), then its
 *    token edit distance (`TokenStore`: the score before penalties) — and stops once no bound
 *    beats the best score found.
 */
export class CandidateIndex {
  private readonly sources: string[] = [];
  /** Tokens per unit, for the bounds. */
  private lengths = new Int32Array(1024);
  private readonly tokens = new TokenStore();
  private nearHashes = new Int32Array(1024);
  private nearNext = new Int32Array(1024);
  private nearHeads = new Int32Array(2048).fill(NO_UNIT);
  private readonly postings = new Map<string, Postings>();
  private counts = new Uint16Array(0);
  private touched = new Int32Array(0);

  get size(): number {
    return this.sources.length;
  }

  /** The normalised source of unit `id` (ids are given in the order of `add`, from 0). */
  source(id: number): string {
    return this.sources[id] as string;
  }

  add(source: string): number {
    const normalized = normalizeSegment(source);
    const id = this.sources.length;
    this.sources.push(normalized);
    if (id >= this.lengths.length) this.grow();
    const keys = tokenize(normalized).keys;
    this.lengths[id] = keys.length;
    this.tokens.add(id, keys);
    for (const element of elementsOf(keys)) {
      const list = this.postings.get(element);
      if (list) list.push(id);
      else this.postings.set(element, new Postings(id));
    }
    const h = hash32(nearKey(normalized));
    this.nearHashes[id] = h;
    if (id >= this.nearHeads.length >> 1) this.rehash();
    else this.link(id, h);
    return id;
  }

  search(text: string, minScore: number, limit: number): IndexSearch {
    const normalized = normalizeSegment(text);
    const score = scorerFor(normalized);
    const found = new Found(limit);
    const identical: number[] = [];
    const h = hash32(nearKey(normalized));
    for (let id = this.nearHeads[h & (this.nearHeads.length - 1)] as number; id !== NO_UNIT;) {
      if (this.nearHashes[id] === h) {
        const source = this.sources[id] as string;
        if (source === normalized) identical.push(id);
        else if (!identical.length) {
          const s = score(source);
          if (s >= minScore) found.add(id, s);
        }
      }
      id = this.nearNext[id] as number;
    }
    if (identical.length) return { identical, matches: [] };
    this.fuzzy(normalized, minScore, score, found);
    return { identical, matches: found.sorted() };
  }

  private fuzzy(normalized: string, minScore: number, score: (c: string) => number, found: Found): void {
    const keys = tokenize(normalized).keys;
    const q = keys.length;
    if (q === 0) return;
    const lists: Postings[] = [];
    let merged = 0; // elements no unit has count as merged: they are nobody's
    for (const element of elementsOf(keys)) {
      const list = this.postings.get(element);
      if (list) lists.push(list);
      else merged++;
    }
    lists.sort((a, b) => a.length - b.length);
    // A unit must beat what the near-key bucket found.
    let floor = Math.max(1, minScore, found.best + 1);
    if (floor > 100) return;
    let minLen = 0;
    let maxLen = 0;
    let prefix = 0;
    // A unit of length len scores at most 100·min(q, len)/max(q, len); any unit sharing `need`
    // elements shares one of the first q - need + 1.
    const narrow = () => {
      minLen = Math.ceil((q * floor) / 100 - 1e-9);
      maxLen = Math.floor((q * 100) / floor + 1e-9);
      prefix = q - Math.ceil((q * floor) / 100 - 1e-9) + 1;
    };
    narrow();
    if (this.counts.length < this.sources.length) this.counts = new Uint16Array(this.lengths.length);
    if (this.touched.length < this.sources.length) this.touched = new Int32Array(this.lengths.length);
    const counts = this.counts;
    const lengths = this.lengths;
    const touched = this.touched;
    let touchedCount = 0;
    // The units sharing the most elements so far, scored as soon as they lead: a good score found
    // early raises the floor, which shortens the prefix (fewer common words' lists to read).
    let top = 0;
    let leaders: number[] = [];
    const scored = new Set<number>();
    let next = 0;
    for (; next < lists.length; next++) {
      const list = lists[next] as Postings;
      const ids = list.ids;
      const n = list.length;
      if (merged >= prefix) {
        // Past the prefix, a list is added to the counts only when shorter than twice the
        // candidates: else the binary searches of the few candidates that need it cost less.
        if (n > touchedCount * MERGE_PER_CANDIDATE) break;
        for (let i = 0; i < n; i++) {
          const id = ids[i] as number;
          const c = counts[id] as number;
          if (c !== 0) counts[id] = c + 1;
        }
        merged++;
        continue;
      }
      for (let i = 0; i < n; i++) {
        const id = ids[i] as number;
        const c = (counts[id] as number) + 1;
        if (c === 1) {
          const len = lengths[id] as number;
          if (len < minLen || len > maxLen) continue;
          touched[touchedCount++] = id;
        }
        counts[id] = c;
        if (c > top) {
          top = c;
          leaders = [id];
        } else if (c === top && leaders.length < LEADERS) leaders.push(id);
      }
      merged++;
      for (const id of leaders) {
        if (scored.has(id)) continue;
        scored.add(id);
        const s = score(this.sources[id] as string);
        if (s >= floor) found.add(id, s);
      }
      leaders = [];
      if (found.best >= floor) {
        floor = found.best + 1;
        if (floor > 100) break;
        narrow();
      }
    }
    const unmerged = lists.slice(next);
    const rest = q - merged;
    // Candidates by their bound, as id·4 + how far the bound is known: 0 the shared elements merged
    // so far, 1 all of them, 2 the edit distance.
    const buckets: number[][] = [];
    const bound = (len: number, shared: number) => {
      const n = len > q ? len : q;
      const shorter = len < q ? len : q;
      return Math.floor((100 * Math.min(shared, shorter)) / n + 1e-9);
    };
    const encoded = this.tokens.encode(keys);
    const requeue = (b: number, entry: number) => {
      if (b >= floor && b > found.best) (buckets[b] ??= []).push(entry);
    };
    for (let t = 0; t < touchedCount; t++) {
      const id = touched[t] as number;
      requeue(bound(lengths[id] as number, (counts[id] as number) + rest), id * 4 + (rest ? 0 : 1));
    }
    for (let b = buckets.length - 1; b >= floor && b > found.best; b--) {
      const bucket = buckets[b];
      if (!bucket) continue;
      for (let i = 0; i < bucket.length && b > found.best; i++) {
        const entry = bucket[i] as number;
        const id = Math.floor(entry / 4);
        const known = entry % 4;
        const len = lengths[id] as number;
        if (known === 0) {
          let shared = counts[id] as number;
          for (const list of unmerged) if (list.has(id)) shared++;
          const exact = bound(len, shared);
          if (exact < b) {
            requeue(exact, id * 4 + 1);
            continue;
          }
        }
        if (known < 2 && Math.min(len, q) / Math.max(len, q) >= 0.45) {
          const n = len > q ? len : q;
          const edits = Math.floor(100 * (1 - this.tokens.distance(encoded, id, len) / n) + 1e-9);
          if (edits < b) {
            requeue(edits, id * 4 + 2);
            continue;
          }
        }
        const s = score(this.sources[id] as string);
        if (s >= floor) found.add(id, s);
      }
    }
    for (let t = 0; t < touchedCount; t++) counts[touched[t] as number] = 0;
  }

  private grow(): void {
    const size = this.lengths.length * 2;
    const lengths = new Int32Array(size);
    lengths.set(this.lengths);
    this.lengths = lengths;
    const hashes = new Int32Array(size);
    hashes.set(this.nearHashes);
    this.nearHashes = hashes;
    const next = new Int32Array(size);
    next.set(this.nearNext);
    this.nearNext = next;
  }

  private link(id: number, h: number): void {
    const slot = h & (this.nearHeads.length - 1);
    this.nearNext[id] = this.nearHeads[slot] as number;
    this.nearHeads[slot] = id;
  }

  /** Doubles the near-key table (kept at most half full) and links every unit again, in order. */
  private rehash(): void {
    this.nearHeads = new Int32Array(this.nearHeads.length * 2).fill(NO_UNIT);
    for (let id = 0; id < this.sources.length; id++) this.link(id, this.nearHashes[id] as number);
  }
}
