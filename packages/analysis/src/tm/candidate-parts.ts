/** A unit of the index and its score against the segment looked up. */
export interface IndexMatch {
  id: number;
  score: number;
}

/** The multiset of tokens as a set: the k-th occurrence of a token is its own element. */
export function elementsOf(keys: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (const k of keys) {
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    out.push(n === 1 ? k : `${k}\u0000${n}`);
  }
  return out;
}

/** The best units found so far, at most `limit`. */
export class Found {
  private readonly matches: IndexMatch[] = [];
  best = 0;

  constructor(private readonly limit: number) {}

  add(id: number, score: number): void {
    if (this.matches.some((m) => m.id === id)) return;
    this.matches.push({ id, score });
    this.matches.sort((a, b) => b.score - a.score);
    if (this.matches.length > this.limit) this.matches.pop();
    if (score > this.best) this.best = score;
  }

  sorted(): IndexMatch[] {
    return this.matches;
  }
}

/** A growable list of unit ids in increasing order, in a typed array. */
export class Postings {
  ids: Int32Array;
  length = 1;

  constructor(first: number) {
    this.ids = new Int32Array(4);
    this.ids[0] = first;
  }

  push(id: number): void {
    if (this.length === this.ids.length) {
      const grown = new Int32Array(
        this.ids.length < 4096 ? this.ids.length * 2 : Math.ceil(this.ids.length * 1.25),
      );
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[this.length++] = id;
  }

  has(id: number): boolean {
    const ids = this.ids;
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = ids[mid] as number;
      if (v === id) return true;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}

export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h | 0;
}
