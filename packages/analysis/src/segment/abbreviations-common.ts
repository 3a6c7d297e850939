/** Abbreviations shared by every language's list (see `abbreviations.ts`). */
export const common = [
  'approx',
  'no',
  'nos',
  'vol',
  'vols',
  'fig',
  'figs',
  'p',
  'pp',
  'ca',
  'cf',
  'vs',
  'ed',
  'eds',
];
