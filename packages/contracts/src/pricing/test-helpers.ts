import type { WordCountBands } from './grid.ts';

/** Word counts with every band 0 except the ones given (tests only). */
export function bands(partial: Partial<Record<keyof WordCountBands, number>> = {}): WordCountBands {
  return {
    percent101: 0,
    repetitions: 0,
    percent100: 0,
    percent95: 0,
    percent85: 0,
    percent75: 0,
    percent50: 0,
    no_match: 0,
    ...partial,
  };
}
