/** A unit of the index and its score against the segment looked up. */
export interface IndexMatch {
  id: number;
  score: number;
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

export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h | 0;
}
