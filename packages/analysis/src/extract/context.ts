import type { AnalysisLimits } from '../limits.ts';
import type { InflateBudget } from '../zip/archive.ts';

/** What an extractor needs: where to send paragraphs, the limits and the abort signal. */
export interface ExtractContext {
  limits: AnalysisLimits;
  signal: AbortSignal;
  /** Receives one paragraph of translatable plain text (inline codes may appear as `<x/>`-style tags). */
  emit: (paragraph: string) => void;
  budget: InflateBudget;
}
