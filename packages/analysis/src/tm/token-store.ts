import { sharedCopy, sharedInt32 } from './shared-arrays.ts';

/** A store's tokens, as a lookup thread receives them (shared, not copied; no dictionary). */
export interface SharedTokens {
  data: Int32Array;
  starts: Int32Array;
}

/** A store as written to disk: its tokens, where each unit's start, and the tokens' texts by number. */
export interface TokenParts extends SharedTokens {
  words: string[];
}

/**
 * The comparison tokens of every unit of a `CandidateIndex` as numbers, one run per unit in a typed
 * array, so that the token edit distance of a candidate — all of `scoreMatch` but its penalties —
 * costs some hundred integer comparisons instead of a tokenisation.
 */
export class TokenStore {
  private readonly dictionary = new Map<string, number>();
  private tokens: Int32Array;
  private used = 0;
  private starts: Int32Array;
  private prev = new Int32Array(64);
  private cur = new Int32Array(64);

  /** A new store, or a read-only one over another thread's (`distance` only). */
  constructor(shared?: SharedTokens) {
    this.tokens = shared?.data ?? sharedInt32(1 << 16);
    this.starts = shared?.starts ?? sharedInt32(1024);
  }

  /** Gives back the room grown for tokens to come, past an eighth of those held (after a read). */
  compact(): void {
    const used = this.used;
    if (this.tokens.length > used + (used >> 3) + 4096)
      this.tokens = sharedCopy(this.tokens, used + (used >> 4) + 4096, used);
  }

  shared(): SharedTokens {
    return { data: this.tokens, starts: this.starts };
  }

  /** The tokens of the first `units` units, with no room to spare, and the dictionary, for disk. */
  parts(units: number): TokenParts {
    return {
      data: this.tokens.subarray(0, this.used),
      starts: this.starts.subarray(0, units),
      words: [...this.dictionary.keys()],
    };
  }

  /** A store read back from its `parts`, which takes more units as any other. */
  static fromParts({ data, starts, words }: TokenParts): TokenStore {
    const store = new TokenStore({ data, starts: starts.length ? starts : sharedInt32(1024) });
    store.used = data.length;
    words.forEach((word, n) => store.dictionary.set(word, n));
    return store;
  }

  /** How many distinct tokens the units have (tokens are numbered from 0). */
  get distinct(): number {
    return this.dictionary.size;
  }

  /** Where unit `id`'s tokens start in `data`. */
  start(id: number): number {
    return this.starts[id] as number;
  }

  /** Every unit's tokens, one run per unit (see `start`). */
  get data(): Int32Array {
    return this.tokens;
  }

  /** Stores unit `id`'s tokens (ids are added in order, from 0). */
  add(id: number, keys: readonly string[]): void {
    if (id >= this.starts.length) this.starts = sharedCopy(this.starts, this.starts.length * 2);
    if (this.used + keys.length > this.tokens.length)
      this.tokens = sharedCopy(
        this.tokens,
        Math.max(this.tokens.length * 2, this.used + keys.length),
        this.used,
      );
    this.starts[id] = this.used;
    for (const k of keys) {
      let n = this.dictionary.get(k);
      if (n === undefined) {
        n = this.dictionary.size;
        this.dictionary.set(k, n);
      }
      this.tokens[this.used++] = n;
    }
  }

  /** A segment's tokens as numbers; tokens no unit has get negative numbers of their own. */
  encode(keys: readonly string[]): Int32Array {
    return Int32Array.from(keys, (k, i) => this.dictionary.get(k) ?? -1 - i);
  }

  /** Levenshtein distance between a segment's encoded tokens and unit `id`'s (`length` tokens). */
  distance(query: Int32Array, id: number, length: number): number {
    const start = this.starts[id] as number;
    const data = this.tokens;
    const m = length;
    if (query.length === 0) return m;
    if (m === 0) return query.length;
    if (this.prev.length <= m) {
      this.prev = new Int32Array(m * 2 + 1);
      this.cur = new Int32Array(m * 2 + 1);
    }
    let prev = this.prev;
    let cur = this.cur;
    for (let j = 0; j <= m; j++) prev[j] = j;
    for (let i = 1; i <= query.length; i++) {
      cur[0] = i;
      const a = query[i - 1] as number;
      for (let j = 1; j <= m; j++) {
        const del = (prev[j] as number) + 1;
        const ins = (cur[j - 1] as number) + 1;
        const sub = (prev[j - 1] as number) + (a === data[start + j - 1] ? 0 : 1);
        cur[j] = del < ins ? (del < sub ? del : sub) : ins < sub ? ins : sub;
      }
      const t = prev;
      prev = cur;
      cur = t;
    }
    return prev[m] as number;
  }
}
