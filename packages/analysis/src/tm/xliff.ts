import type { Readable } from 'node:stream';
import { xliffHandlers, type XliffLanguages, type XliffPair } from '../extract/xliff.ts';
import { feedXml } from '../extract/xml.ts';
import { primaryLanguage } from '../count/words.ts';
import { defaultLimits } from '../limits.ts';
import { ContextChain } from './context-chain.ts';
import { splitUnit } from './sentences.ts';
import type { TmUnit } from './memory.ts';

export interface ReadXliffOptions {
  /** Languages wanted: units of a file declaring another language (primary subtag) are left out. */
  sourceLanguage?: string;
  targetLanguage?: string;
  signal?: AbortSignal;
  maxDepth?: number;
}

/**
 * Reads a translated XLIFF (1.2, 2.x, and the SDLXLIFF / memoQ flavours of 1.2) as a stream of
 * translation units, holding no more than one chunk's worth: every translatable source with its
 * non-empty target, its text the same as the analysis reads (inline tags kept as tags, native
 * code dropped). Sentences marked with `<mrk mtype="seg">` are paired one by one. A file that
 * declares no languages is taken to be in the wanted ones. UTF-8 only.
 */
export async function* readXliffPairs(
  input: Readable | AsyncIterable<Buffer | string>,
  options: ReadXliffOptions = {},
): AsyncGenerator<TmUnit> {
  const ready: { pair: XliffPair; languages: XliffLanguages }[] = [];
  const fits = (declared: string | undefined, wanted: string | undefined) =>
    !declared || !wanted || primaryLanguage(declared) === primaryLanguage(wanted);
  const handlers = xliffHandlers({
    unit(pairs, languages) {
      if (fits(languages.source, options.sourceLanguage) && fits(languages.target, options.targetLanguage))
        for (const pair of pairs) ready.push({ pair, languages });
    },
  });
  const chain = new ContextChain<TmUnit>();
  const steps = feedXml(input, handlers, {
    signal: options.signal ?? new AbortController().signal,
    maxDepth: options.maxDepth ?? defaultLimits.maxXmlDepth,
  });
  for await (const _ of steps) {
    for (const { pair, languages } of ready.splice(0)) {
      if (!pair.source || !pair.target) continue;
      const { sentences, whole } = splitUnit(
        pair,
        languages.source ?? options.sourceLanguage ?? 'en',
        languages.target ?? options.targetLanguage,
      );
      for (const s of sentences) yield* chain.add({ source: s.source, target: s.target ?? '' });
      if (whole) yield { source: whole.source, target: whole.target ?? '' };
    }
  }
  yield* chain.end();
}
