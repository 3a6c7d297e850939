import { segment } from '../segment/segment.ts';
import type { MarkupFreeView } from './memory-source.ts';

export interface Pair {
  source: string;
  target?: string;
}

/**
 * A memory unit cut as the documents are cut (OmegaT does the same with a TMX): when source and
 * target split into the same number of sentences, the sentence pairs, and the whole unit too
 * (`whole`, without context, so that it never makes an in-context match). A unit without a target
 * gives its source sentences. Otherwise the unit stays whole.
 *
 * `targetView`, when the source was read without its markup (`memorySource`), gives the target
 * without it too, so that a tag after a full stop (`space.</emph> Use`) cuts as it does in the
 * source; the target's sentences keep their markup.
 */
export function splitUnit(
  unit: Pair,
  sourceLanguage: string,
  targetLanguage: string | undefined,
  targetView?: (target: string) => MarkupFreeView,
): { sentences: Pair[]; whole?: Pair } {
  const sources = segment(unit.source, sourceLanguage);
  if (sources.length < 2) return { sentences: [unit] };
  if (unit.target === undefined) return { sentences: sources.map((source) => ({ source })), whole: unit };
  const targets = targetView
    ? sentencesWithMarkup(unit.target, targetView(unit.target), targetLanguage ?? sourceLanguage)
    : segment(unit.target, targetLanguage ?? sourceLanguage);
  if (targets.length !== sources.length) return { sentences: [unit] };
  return {
    sentences: sources.map((source, i) => ({ source, target: targets[i] as string })),
    whole: unit,
  };
}

/** The sentences of `text`, cut where its markup-free view cuts, each with its markup. */
function sentencesWithMarkup(text: string, view: MarkupFreeView, language: string): string[] {
  const starts: number[] = [];
  let at = 0;
  for (const sentence of segment(view.plain, language)) {
    const found = view.plain.indexOf(sentence, at);
    if (found < 0) return segment(text, language);
    starts.push(found);
    at = found + sentence.length;
  }
  return starts
    .map((start, i) => {
      const from = i === 0 ? 0 : (view.origin[start] as number);
      const to = i + 1 < starts.length ? (view.origin[starts[i + 1] as number] as number) : text.length;
      return text.slice(from, to).trim();
    })
    .filter(Boolean);
}
