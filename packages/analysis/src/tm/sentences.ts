import { segment } from '../segment/segment.ts';

export interface Pair {
  source: string;
  target?: string;
}

/**
 * A memory unit cut as the documents are cut (OmegaT does the same with a TMX): when source and
 * target split into the same number of sentences, the sentence pairs, and the whole unit too
 * (`whole`, without context, so that it never makes an in-context match). A unit without a target
 * gives its source sentences. Otherwise the unit stays whole.
 */
export function splitUnit(
  unit: Pair,
  sourceLanguage: string,
  targetLanguage: string | undefined,
): { sentences: Pair[]; whole?: Pair } {
  const sources = segment(unit.source, sourceLanguage);
  if (sources.length < 2) return { sentences: [unit] };
  if (unit.target === undefined) return { sentences: sources.map((source) => ({ source })), whole: unit };
  const targets = segment(unit.target, targetLanguage ?? sourceLanguage);
  if (targets.length !== sources.length) return { sentences: [unit] };
  return {
    sentences: sources.map((source, i) => ({ source, target: targets[i] as string })),
    whole: unit,
  };
}
