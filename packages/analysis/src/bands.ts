/** Word counts per match band, as the spec's word count entity has them. Integers that add up to `total_words`. */
export interface Bands {
  total_words: number;
  percent101: number;
  percent100: number;
  percent95: number;
  percent85: number;
  percent75: number;
  percent50: number;
  no_match: number;
  repetitions: number;
}

export type BandName = Exclude<keyof Bands, 'total_words'>;

export const bandNames: readonly BandName[] = [
  'percent101',
  'percent100',
  'percent95',
  'percent85',
  'percent75',
  'percent50',
  'no_match',
  'repetitions',
];

/** The scores where the bands of `bandFor` start, ascending (below the first: no match). */
export const bandFloors: readonly number[] = [50, 75, 85, 95, 100, 101];

/** The band of a TM match score (0–101). Below 50 % is no match. */
export function bandFor(score: number): Exclude<BandName, 'repetitions'> {
  if (score >= 101) return 'percent101';
  if (score >= 100) return 'percent100';
  if (score >= 95) return 'percent95';
  if (score >= 85) return 'percent85';
  if (score >= 75) return 'percent75';
  if (score >= 50) return 'percent50';
  return 'no_match';
}

/**
 * Collects fractional word counts per band (Chinese, Japanese, Korean and Thai give fractions)
 * and rounds them at the end so the integer bands add up exactly to the rounded total.
 */
export class BandAccumulator {
  private readonly sums: Record<BandName, number> = {
    percent101: 0,
    percent100: 0,
    percent95: 0,
    percent85: 0,
    percent75: 0,
    percent50: 0,
    no_match: 0,
    repetitions: 0,
  };
  characters = 0;

  add(band: BandName, words: number, characters = 0): void {
    this.sums[band] += words;
    this.characters += characters;
  }

  merge(other: BandAccumulator): void {
    for (const b of bandNames) this.sums[b] += other.sums[b];
    this.characters += other.characters;
  }

  toBands(): Bands & { characters: number } {
    const total = Math.round(bandNames.reduce((s, b) => s + this.sums[b], 0));
    const floors = bandNames.map((b) => Math.floor(this.sums[b] + 1e-9));
    let rest = total - floors.reduce((s, v) => s + v, 0);
    const order = bandNames
      .map((b, i) => ({ i, frac: this.sums[b] - (floors[i] ?? 0) }))
      .sort((a, b) => b.frac - a.frac || a.i - b.i);
    for (const { i } of order) {
      if (rest <= 0) break;
      floors[i] = (floors[i] ?? 0) + 1;
      rest--;
    }
    const out = { total_words: total, characters: this.characters } as Bands & { characters: number };
    bandNames.forEach((b, i) => {
      out[b] = floors[i] ?? 0;
    });
    return out;
  }
}
