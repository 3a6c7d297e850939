import type { Readable } from 'node:stream';
import { xliffHandlers, type XliffPair } from '../extract/xliff.ts';
import { feedXml } from '../extract/xml.ts';
import { defaultLimits } from '../limits.ts';
import { ContextChain } from './context-chain.ts';
import type { TmUnit } from './memory.ts';

export interface ReadXliffOptions {
  signal?: AbortSignal;
  maxDepth?: number;
}

/**
 * Reads a translated XLIFF (1.2, 2.x, and the SDLXLIFF / memoQ flavours of 1.2) as a stream of
 * translation units, holding no more than one chunk's worth: every translatable source with its
 * non-empty target, its text the same as the analysis reads (inline tags kept as tags, native
 * code dropped). Sentences marked with `<mrk mtype="seg">` are paired one by one. UTF-8 only.
 */
export async function* readXliffPairs(
  input: Readable | AsyncIterable<Buffer | string>,
  options: ReadXliffOptions = {},
): AsyncGenerator<TmUnit> {
  const ready: XliffPair[] = [];
  const handlers = xliffHandlers({ unit: (pairs) => ready.push(...pairs) });
  const chain = new ContextChain<TmUnit>();
  const steps = feedXml(input, handlers, {
    signal: options.signal ?? new AbortController().signal,
    maxDepth: options.maxDepth ?? defaultLimits.maxXmlDepth,
  });
  for await (const _ of steps) {
    for (const pair of ready.splice(0))
      if (pair.source && pair.target) yield* chain.add({ source: pair.source, target: pair.target });
  }
  yield* chain.end();
}
