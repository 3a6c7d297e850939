import type { WordCount } from '../api/types.ts';

/** Match bands in the order of PRICE_LINES (contracts pricing), with the word-count field of each. */
export const BANDS = [
  { key: '101Match', field: 'percent101' },
  { key: 'repetitions', field: 'repetitions' },
  { key: '100Match', field: 'percent100' },
  { key: '95Match', field: 'percent95' },
  { key: '85Match', field: 'percent85' },
  { key: '75Match', field: 'percent75' },
  { key: '50Match', field: 'percent50' },
  { key: 'noMatch', field: 'no_match' },
] as const satisfies readonly { key: string; field: keyof WordCount }[];

export type BandKey = (typeof BANDS)[number]['key'];
