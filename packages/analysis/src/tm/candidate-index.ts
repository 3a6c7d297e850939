import { normalizeSegment } from '../normalize.ts';
import { Found, hash32, type IndexMatch } from './candidate-parts.ts';
import { nearKey, scorerFor, tokenKeys } from './score.ts';
import { sharedCopy, sharedInt32, sharedInt8, sharedUint32 } from './shared-arrays.ts';
import { TextStore, type SharedTexts } from './text-store.ts';
import { TokenStore, type SharedTokens, type TokenParts } from './token-store.ts';

export type { IndexMatch };

/** A segment ready to be looked up: what only the index that numbered the tokens can work out. */
export interface IndexQuery {
  normalized: string;
  /** Its tokens as the index numbers them (`TokenStore.encode`). */
  encoded: Int32Array;
  /** Its elements as the index numbers them (`elementsOf`). */
  elements: Int32Array;
}

/**
 * A sealed index as another thread receives it: its arrays, on shared memory, read where they lie
 * (`new CandidateIndex(shared)` looks up in them; ADR 0027).
 */
export interface SharedIndex {
  texts: SharedTexts;
  tokens: SharedTokens;
  lengths: Int32Array;
  nearHashes: Int32Array;
  nearNext: Int32Array;
  nearHeads: Int32Array;
  listStart: Int32Array;
  postings: Int32Array;
  unitAt: Int32Array;
  firstPlace: Int32Array;
  commonBit: Int8Array;
  masks: Uint32Array;
}

/**
 * A sealed index as written to disk (`IndexSnapshots`) and read back whole (`CandidateIndex.fromParts`):
 * its shared arrays with no room to spare, the tokens' dictionary, and the numbers of the tokens'
 * repeated occurrences (`extra`, flat: token, how many, their elements).
 */
export interface IndexParts extends Omit<SharedIndex, 'texts' | 'tokens'> {
  texts: SharedTexts;
  tokens: TokenParts;
  extra: Int32Array;
}

export interface IndexSearch {
  /** The units whose normalised source is the segment itself (their context decides 101 %). */
  identical: number[];
  /** The best-scoring units, best first (at most `limit`), all at or above `minScore`. */
  matches: IndexMatch[];
}

const NO_UNIT = -1;
const MERGE_PER_CANDIDATE = 4;
/** Units sharing the most elements scored after each list of the prefix. */
const LEADERS = 4;
/**
 * The first round of a lookup reads only units whose length allows this score: most segments with
 * a good match end there, and the rest start the second round with its best score as the floor.
 */
const FIRST_ROUND = 90;
/** The commonest elements, whose lists are never read: each unit has a bit for each it holds. */
const COMMON = 64;

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
 * 2. merges the posting lists of the segment's elements with the fewest units of a possible length,
 *    enough of them that any unit able to reach `minScore` shares one (prefix filtering), reading
 *    units of a possible length only (a list is ordered by the units' length, then id, so that is
 *    one slice of it); then drops the candidates whose count, with every element not read, falls
 *    short of the floor, and adds a commoner list to the counts only while it is shorter than four
 *    times the candidates left (else a binary search in it, for those few, costs less than reading
 *    it);
 * 3. takes the candidates in decreasing order of their bound, tightening it in two steps before
 *    scoring — the unit's remaining shared elements (binary search in the unmerged lists), then its
 *    token edit distance (`TokenStore`: the score before penalties) — and stops once no bound
 *    beats the best score found.
 * Steps 2 and 3 run first on the units of nearly the segment's length only (`FIRST_ROUND`): a best
 * score found there at or above `FIRST_ROUND` is final, since no unit of another length can reach
 * it; otherwise they run again on every possible length, with that score as the floor.
 * A caller that needs only the best score's band (an analysis) names the bands: the floor then
 * rises to the next band, not the next point, once a unit is found.
 */
export class CandidateIndex {
  /** The units' normalised sources. */
  private texts: TextStore;
  /** Tokens per unit, for the bounds. */
  private lengths = sharedInt32(1024);
  private tokens: TokenStore;
  private nearHashes = sharedInt32(1024);
  private nearNext = sharedInt32(1024);
  private nearHeads = sharedInt32(2048).fill(NO_UNIT);
  /**
   * The posting lists, built at the first search after units were added (`seal`): element `e`'s
   * units are `postings[listStart[e] .. listStart[e + 1]]`, each by its place (below), so by length,
   * then id. Element `t` is the first occurrence of token `t`; `extra[t][k - 2]` its k-th.
   */
  private sealedSize = 0;
  private listStart: Int32Array = new Int32Array(1);
  private postings: Int32Array = new Int32Array(0);
  private extra: (number[] | undefined)[] = [];
  /**
   * The units in order of length, then id: a unit's place in it stands for the unit in the lists,
   * the counts and the bits, so that a lookup, which counts units of a few lengths only, works in
   * one stretch of those arrays instead of all over them (a third less time at a million units).
   * `firstPlace[len]` is the place of the first unit of at least `len` tokens: a place tells its
   * unit's length, so a length window is a range of places and the lists need no lengths beside them.
   */
  private unitAt: Int32Array = new Int32Array(0);
  private firstPlace: Int32Array = new Int32Array(1);
  /** The bit of each of the `COMMON` commonest elements (-1 for the others), and each place's bits. */
  private commonBit: Int8Array = new Int8Array(0);
  private masks: Uint32Array = new Uint32Array(0);
  /**
   * Elements each place's unit shares with the segment, while a lookup runs: a byte when the segment has
   * fewer than 255 tokens (half the memory to hit at random), else two.
   */
  private counts8 = new Uint8Array(0);
  private counts16 = new Uint16Array(0);
  private touched = new Int32Array(0);
  /** Over another thread's index: it looks up prepared queries only, and takes no units. */
  private readonly view: boolean;

  /** A new index, or one over another thread's sealed index (`shared`), to look up in. */
  constructor(shared?: SharedIndex) {
    this.view = shared !== undefined;
    this.texts = new TextStore(shared?.texts);
    this.tokens = new TokenStore(shared?.tokens);
    if (shared) this.adopt(shared);
  }

  /** Takes a sealed index's arrays as its own (another thread's, or read back from disk). */
  private adopt(arrays: Omit<SharedIndex, 'texts' | 'tokens'>): void {
    ({ lengths: this.lengths, nearHashes: this.nearHashes, nearNext: this.nearNext } = arrays);
    ({ nearHeads: this.nearHeads, listStart: this.listStart, postings: this.postings } = arrays);
    ({ unitAt: this.unitAt, firstPlace: this.firstPlace, commonBit: this.commonBit } = arrays);
    this.masks = arrays.masks;
    this.sealedSize = this.texts.size;
  }

  get size(): number {
    return this.texts.size;
  }

  /** The normalised source of unit `id` (ids are given in the order of `add`, from 0). */
  source(id: number): string {
    return this.texts.get(id);
  }

  /**
   * The index's arrays, sealed, for lookups in other threads: they are shared, not copied, and stay
   * as they are until units are added (the caller adds none while others look up).
   */
  shared(): SharedIndex {
    this.seal();
    return {
      texts: this.texts.shared(),
      tokens: this.tokens.shared(),
      lengths: this.lengths,
      nearHashes: this.nearHashes,
      nearNext: this.nearNext,
      nearHeads: this.nearHeads,
      listStart: this.listStart,
      postings: this.postings,
      unitAt: this.unitAt,
      firstPlace: this.firstPlace,
      commonBit: this.commonBit,
      masks: this.masks,
    };
  }

  /**
   * The index, sealed, as `fromParts` takes it back (to be written to disk: `IndexSnapshots`): what
   * units added later would change is copied, so the parts stay as they are while they are written.
   */
  parts(): IndexParts {
    this.seal();
    const n = this.size;
    const extra: number[] = [];
    this.extra.forEach((more, t) => more && extra.push(t, more.length, ...more));
    return {
      ...this.shared(),
      texts: this.texts.parts(),
      tokens: this.tokens.parts(n),
      lengths: this.lengths.subarray(0, n),
      nearHashes: this.nearHashes.subarray(0, n),
      nearNext: this.nearNext.subarray(0, n),
      // The one array units added change in place (the others only past `n`, or are replaced).
      nearHeads: this.nearHeads.slice(),
      extra: Int32Array.from(extra),
    };
  }

  /** An index read back from its `parts`: sealed, and it takes more units as any other. */
  static fromParts(parts: IndexParts): CandidateIndex {
    const index = new CandidateIndex();
    index.texts = new TextStore(parts.texts);
    index.tokens = TokenStore.fromParts(parts.tokens);
    index.adopt(parts);
    const extra: (number[] | undefined)[] = [];
    for (let i = 0; i < parts.extra.length;) {
      const t = parts.extra[i] as number;
      const count = parts.extra[i + 1] as number;
      extra[t] = Array.from(parts.extra.subarray(i + 2, i + 2 + count));
      i += 2 + count;
    }
    index.extra = extra;
    return index;
  }

  add(source: string): number {
    if (this.view) throw new Error('An index over another thread’s takes no units');
    const normalized = normalizeSegment(source);
    const id = this.texts.add(normalized);
    if (id >= this.lengths.length) this.grow();
    const keys = tokenKeys(normalized);
    this.lengths[id] = keys.length;
    this.tokens.add(id, keys);
    const h = hash32(nearKey(normalized));
    this.nearHashes[id] = h;
    if (id >= this.nearHeads.length >> 1) this.rehash();
    else this.link(id, h);
    return id;
  }

  /**
   * The units identical to `text`, else its best-scoring units at or above `minScore`. With
   * `bands` (the scores where bands start, ascending), the caller needs only the band of the best
   * score: once a unit scores in a band, only units of a higher band are sought, so `matches[0]`
   * is in the best score's band but need not be the best unit (its score is still its own).
   */
  search(text: string, minScore: number, limit: number, bands?: readonly number[]): IndexSearch {
    return this.lookup(this.query(text), minScore, limit, bands);
  }

  /** `text` ready to be looked up, here or in an index over this one in another thread. */
  query(text: string): IndexQuery {
    if (this.view) throw new Error('Queries are prepared by the index that numbered the tokens');
    this.seal();
    const normalized = normalizeSegment(text);
    const encoded = this.tokens.encode(tokenKeys(normalized));
    return { normalized, encoded, elements: this.elementsOf(encoded) };
  }

  /** `search` of a prepared query (`query`). */
  lookup(
    { normalized, encoded, elements }: IndexQuery,
    minScore: number,
    limit: number,
    bands?: readonly number[],
  ): IndexSearch {
    // The least score worth finding once `best` is found.
    const beyond = bands ? (best: number) => bands.find((b) => b > best) ?? 101 : (best: number) => best + 1;
    const score = scorerFor(normalized);
    const found = new Found(limit);
    const identical: number[] = [];
    const h = hash32(nearKey(normalized));
    for (let id = this.nearHeads[h & (this.nearHeads.length - 1)] as number; id !== NO_UNIT;) {
      if (this.nearHashes[id] === h) {
        const source = this.texts.get(id);
        if (source === normalized) identical.push(id);
        else if (!identical.length) {
          const s = score(source);
          if (s >= minScore) found.add(id, s);
        }
      }
      id = this.nearNext[id] as number;
    }
    if (identical.length) return { identical, matches: [] };
    const q = encoded.length;
    if (q > 0) {
      // First round: lengths that allow FIRST_ROUND. A unit of any other length scores below it.
      const low = Math.ceil((q * FIRST_ROUND) / 100 - 1e-9);
      const high = Math.floor((q * 100) / FIRST_ROUND + 1e-9);
      // A unit's score, unless its token edit distance alone puts it below `floor` (then 0; a floor
      // of 0 skips the test): the distance reads the unit's tokens, where scoring tokenises its text.
      const scoreAbove = (id: number, floor: number) => {
        if (floor > 0 && this.nearHashes[id] !== h) {
          const len = this.lengths[id] as number;
          const n = len > q ? len : q;
          const shorter = len < q ? len : q;
          const most =
            shorter / n < 0.45
              ? Math.floor((100 * shorter) / n)
              : Math.floor(100 * (1 - this.tokens.distance(encoded, id, len) / n) + 1e-9);
          if (most < floor) return 0;
        }
        return score(this.texts.get(id));
      };
      this.fuzzy(q, encoded, elements, minScore, scoreAbove, found, beyond, low, high);
      if (beyond(found.best) < FIRST_ROUND)
        this.fuzzy(q, encoded, elements, minScore, scoreAbove, found, beyond, 0, Infinity);
    }
    return { identical, matches: found.sorted() };
  }

  /** The segment's elements (as `seal` numbers them); -1 for one no unit has. */
  private elementsOf(encoded: Int32Array): Int32Array {
    const out = new Int32Array(encoded.length);
    const seen = new Map<number, number>();
    for (let i = 0; i < encoded.length; i++) {
      const t = encoded[i] as number;
      if (t < 0) {
        out[i] = -1;
        continue;
      }
      const k = (seen.get(t) ?? 0) + 1;
      seen.set(t, k);
      out[i] = k === 1 ? t : (this.extra[t]?.[k - 2] ?? -1);
    }
    return out;
  }

  /**
   * Steps 2 and 3 of a lookup, on units of `low`–`high` tokens only: adds to `found` the best unit
   * of those lengths scoring at least `minScore` and `beyond` what `found` holds, if there is one.
   */
  private fuzzy(
    q: number,
    encoded: Int32Array,
    elements: Int32Array,
    minScore: number,
    scoreAbove: (id: number, floor: number) => number,
    found: Found,
    beyond: (best: number) => number,
    low: number,
    high: number,
  ): void {
    const listStart = this.listStart;
    const postings = this.postings;
    const firstPlace = this.firstPlace;
    const masks = this.masks;
    // A unit must beat what was found before (only identical units score 100, and they end a lookup).
    let floor = Math.max(1, minScore, beyond(found.best));
    if (floor > 99) return;
    // The commonest elements are counted from the units' bits instead of read from their lists, when
    // a unit needs more elements than those to reach the floor (then it shares one of the others).
    let common = 0;
    for (const e of elements) if (e >= 0 && (this.commonBit[e] as number) >= 0) common++;
    const byBits = common < Math.ceil((q * floor) / 100 - 1e-9);
    let bitsLow = 0;
    let bitsHigh = 0;
    const lists: number[] = [];
    let merged = 0; // elements no unit has count as merged: they are nobody's
    for (const e of elements) {
      const bit = e >= 0 ? (this.commonBit[e] as number) : -1;
      if (e < 0) merged++;
      else if (byBits && bit >= 0) {
        if (bit < 32) bitsLow |= 1 << bit;
        else bitsHigh |= 1 << (bit - 32);
      } else lists.push(e);
    }
    // Common elements shared with the unit at `place`, when counted by bits (0 otherwise).
    const shared = (place: number) =>
      byBits
        ? popcount((masks[2 * place] as number) & bitsLow) +
          popcount((masks[2 * place + 1] as number) & bitsHigh)
        : 0;
    let minLen = 0;
    let maxLen = 0;
    let prefix = 0;
    // The places of the units of a length in the window.
    const lastLength = firstPlace.length - 1;
    const placeOf = (len: number) => firstPlace[len < lastLength ? len : lastLength] as number;
    let lowPlace = 0;
    let highPlace = 0;
    // A unit of length len scores at most 100·min(q, len)/max(q, len); any unit sharing `need`
    // elements shares one of the first q - need + 1.
    const narrow = () => {
      minLen = Math.max(low, Math.ceil((q * floor) / 100 - 1e-9));
      maxLen = Math.min(high, Math.floor((q * 100) / floor + 1e-9));
      prefix = q - Math.ceil((q * floor) / 100 - 1e-9) + 1;
      lowPlace = placeOf(minLen);
      highPlace = placeOf(maxLen + 1);
    };
    narrow();
    if (minLen > maxLen) return;
    // Every place counted is in the first window's (the window only narrows).
    const clearFrom = lowPlace;
    const clearTo = highPlace;
    // The length of the unit at `place`.
    const lengthAt = (place: number) => {
      let lo = 0;
      let hi = lastLength - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((firstPlace[mid] as number) <= place) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    };
    // The first position of list `e` whose unit has at least `len` tokens.
    const from = (e: number, len: number) => {
      const place = placeOf(len);
      let lo = listStart[e] as number;
      let hi = listStart[e + 1] as number;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((postings[mid] as number) < place) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    // Any q - need + 1 of the segment's lists make a prefix: the ones with the fewest units of a
    // possible length come first.
    const inWindow = new Map(lists.map((e) => [e, from(e, maxLen + 1) - from(e, minLen)]));
    lists.sort((a, b) => (inWindow.get(a) as number) - (inWindow.get(b) as number));
    const has = (e: number, place: number) => {
      let lo = listStart[e] as number;
      let hi = (listStart[e + 1] as number) - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const v = postings[mid] as number;
        if (v === place) return true;
        if (v < place) lo = mid + 1;
        else hi = mid - 1;
      }
      return false;
    };
    const unitAt = this.unitAt;
    if (q < 255 && this.counts8.length < this.size) this.counts8 = new Uint8Array(this.lengths.length);
    if (q >= 255 && this.counts16.length < this.size) this.counts16 = new Uint16Array(this.lengths.length);
    if (this.touched.length < this.size) this.touched = new Int32Array(this.lengths.length);
    const counts = q < 255 ? this.counts8 : this.counts16;
    const touched = this.touched;
    let touchedCount = 0;
    // The units sharing the most elements so far, scored as soon as they lead: a good score found
    // early raises the floor, which shortens the prefix (fewer common words' lists to read).
    let top = 0;
    let leaders: number[] = [];
    const scored = new Set<number>();
    let next = 0;
    // Past the prefix, the candidates that may still reach the floor: of a length the floor allows
    // and sharing, with every common and unread element, at least its share of the segment (a test
    // of their count alone).
    let alive: Int32Array | undefined;
    let aliveCount = 0;
    const prune = () => {
      const need = Math.ceil((q * floor) / 100 - 1e-9) - (lists.length - next) - (byBits ? common : 0);
      if (!alive) {
        alive = touched.subarray(touchedCount, touchedCount * 2);
        if (alive.length < touchedCount) alive = new Int32Array(touchedCount);
        for (let t = 0; t < touchedCount; t++) {
          const place = touched[t] as number;
          if ((counts[place] as number) >= need && place >= lowPlace && place < highPlace)
            alive[aliveCount++] = place;
        }
        return;
      }
      let kept = 0;
      for (let t = 0; t < aliveCount; t++) {
        const place = alive[t] as number;
        if ((counts[place] as number) >= need && place >= lowPlace && place < highPlace)
          alive[kept++] = place;
      }
      aliveCount = kept;
    };
    for (; next < lists.length; next++) {
      const e = lists[next] as number;
      const start = from(e, minLen);
      const end = from(e, maxLen + 1);
      if (merged >= prefix) {
        // Past the prefix, a list is added to the counts only when shorter than four times the
        // candidates still alive: else the binary searches of those few cost less than reading it.
        prune();
        if (end - start > aliveCount * MERGE_PER_CANDIDATE) break;
        for (let i = start; i < end; i++) {
          const place = postings[i] as number;
          const c = counts[place] as number;
          if (c !== 0) counts[place] = c + 1;
        }
        merged++;
        continue;
      }
      for (let i = start; i < end; i++) {
        const place = postings[i] as number;
        const c = (counts[place] as number) + 1;
        if (c === 1) touched[touchedCount++] = place;
        counts[place] = c;
        if (c > top) {
          top = c;
          leaders = [place];
        } else if (c === top && leaders.length < LEADERS) leaders.push(place);
      }
      merged++;
      for (const place of leaders) {
        if (scored.has(place)) continue;
        scored.add(place);
        const id = unitAt[place] as number;
        const s = scoreAbove(id, floor);
        if (s >= floor) found.add(id, s);
      }
      leaders = [];
      if (found.best >= floor) {
        floor = beyond(found.best);
        if (floor > 99) break;
        narrow();
        if (minLen > maxLen) break;
      }
    }
    const unmerged = lists.slice(next);
    // Elements not merged: the lists not read, and the common ones when counted by bits.
    const rest = unmerged.length;
    // Candidates by their bound, as id·4 + how far the bound is known: 0 the shared elements merged
    // so far, 1 all of them, 2 the edit distance.
    const buckets: number[][] = [];
    const bound = (len: number, shared: number) => {
      const n = len > q ? len : q;
      const shorter = len < q ? len : q;
      return Math.floor((100 * Math.min(shared, shorter)) / n + 1e-9);
    };
    const requeue = (b: number, entry: number) => {
      if (b >= floor) (buckets[b] ??= []).push(entry);
    };
    prune();
    const candidates = alive as Int32Array;
    if (floor <= 99 && minLen <= maxLen)
      for (let t = 0; t < aliveCount; t++) {
        const place = candidates[t] as number;
        const len = lengthAt(place);
        requeue(bound(len, (counts[place] as number) + shared(place) + rest), place * 4 + (rest ? 0 : 1));
      }
    for (let b = buckets.length - 1; b >= floor; b--) {
      const bucket = buckets[b];
      if (!bucket) continue;
      for (let i = 0; i < bucket.length && b >= floor; i++) {
        const entry = bucket[i] as number;
        const place = Math.floor(entry / 4);
        const known = entry % 4;
        const id = unitAt[place] as number;
        const len = lengthAt(place);
        if (known === 0) {
          let all = (counts[place] as number) + shared(place);
          for (const e of unmerged) if (has(e, place)) all++;
          const exact = bound(len, all);
          if (exact < b) {
            requeue(exact, place * 4 + 1);
            continue;
          }
        }
        if (known < 2 && Math.min(len, q) / Math.max(len, q) >= 0.45) {
          const n = len > q ? len : q;
          const edits = Math.floor(100 * (1 - this.tokens.distance(encoded, id, len) / n) + 1e-9);
          if (edits < b) {
            requeue(edits, place * 4 + 2);
            continue;
          }
        }
        const s = scoreAbove(id, 0);
        if (s >= floor) {
          found.add(id, s);
          floor = beyond(found.best);
        }
      }
    }
    // Past some thousands of units, clearing the whole array in order beats clearing each at random.
    if (touchedCount > (clearTo - clearFrom) >> 6) counts.fill(0, clearFrom, clearTo);
    else for (let t = 0; t < touchedCount; t++) counts[touched[t] as number] = 0;
  }

  /**
   * Builds the posting lists of every unit added so far, again if units were added since: numbers
   * the elements, counts each list's units, then fills the lists taking the units by length, then id.
   * The first search does it if nobody did before.
   */
  seal(): void {
    const n = this.size;
    if (this.sealedSize === n) return;
    this.texts.compact();
    this.tokens.compact();
    const tokens = this.tokens;
    const data = tokens.data;
    const lengths = this.lengths;
    const distinct = tokens.distinct;
    const extra: (number[] | undefined)[] = [];
    let elements = distinct;
    let sizes = new Int32Array(distinct + 1024);
    const occurrences = new Int32Array(distinct);
    const elementAt = (t: number, k: number): number => {
      if (k === 1) return t;
      const more = (extra[t] ??= []);
      let e = more[k - 2];
      if (e === undefined) {
        e = elements++;
        more[k - 2] = e;
        if (elements >= sizes.length) {
          const grown = new Int32Array(sizes.length * 2);
          grown.set(sizes);
          sizes = grown;
        }
      }
      return e;
    };
    let maxLength = 0;
    for (let id = 0; id < n; id++) {
      const start = tokens.start(id);
      const len = lengths[id] as number;
      if (len > maxLength) maxLength = len;
      for (let j = start; j < start + len; j++) {
        const t = data[j] as number;
        const e = elementAt(t, ++occurrences[t]!);
        sizes[e]!++;
      }
      for (let j = start; j < start + len; j++) occurrences[data[j] as number] = 0;
    }
    const commonBit = sharedInt8(elements).fill(-1);
    const commonest = Array.from({ length: elements }, (_, e) => e)
      .sort((a, b) => (sizes[b] as number) - (sizes[a] as number))
      .slice(0, COMMON);
    commonest.forEach((e, bit) => (commonBit[e] = bit));
    const masks = sharedUint32(2 * n);
    const listStart = sharedInt32(elements + 1);
    for (let e = 0; e < elements; e++) listStart[e + 1] = (listStart[e] as number) + (sizes[e] as number);
    const postings = sharedInt32(listStart[elements] as number);
    const cursor = listStart.slice(0, elements);
    // The units by length, then id (a counting sort).
    const byLength = new Int32Array(maxLength + 2);
    for (let id = 0; id < n; id++) byLength[(lengths[id] as number) + 1]!++;
    for (let l = 1; l <= maxLength + 1; l++) byLength[l]! += byLength[l - 1] as number;
    const firstPlace = sharedCopy(byLength, byLength.length);
    const order = sharedInt32(n);
    for (let id = 0; id < n; id++) order[byLength[lengths[id] as number]!++] = id;
    for (let place = 0; place < n; place++) {
      const id = order[place] as number;
      const start = tokens.start(id);
      const len = lengths[id] as number;
      for (let j = start; j < start + len; j++) {
        const t = data[j] as number;
        const e = elementAt(t, ++occurrences[t]!);
        postings[cursor[e]!++] = place;
        const bit = commonBit[e] as number;
        if (bit >= 0) masks[2 * place + (bit >> 5)]! |= 1 << (bit & 31);
      }
      for (let j = start; j < start + len; j++) occurrences[data[j] as number] = 0;
    }
    this.listStart = listStart;
    this.postings = postings;
    this.unitAt = order;
    this.firstPlace = firstPlace;
    this.extra = extra;
    this.commonBit = commonBit;
    this.masks = masks;
    this.sealedSize = n;
  }

  private grow(): void {
    const size = this.lengths.length * 2;
    this.lengths = sharedCopy(this.lengths, size);
    this.nearHashes = sharedCopy(this.nearHashes, size);
    this.nearNext = sharedCopy(this.nearNext, size);
  }

  private link(id: number, h: number): void {
    const slot = h & (this.nearHeads.length - 1);
    this.nearNext[id] = this.nearHeads[slot] as number;
    this.nearHeads[slot] = id;
  }

  /** Doubles the near-key table (kept at most half full) and links every unit again, in order. */
  private rehash(): void {
    this.nearHeads = sharedInt32(this.nearHeads.length * 2).fill(NO_UNIT);
    for (let id = 0; id < this.size; id++) this.link(id, this.nearHashes[id] as number);
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
