import type { AnalysisLimits } from '../limits.ts';
import type { InflateBudget } from '../zip/archive.ts';

/** What an extractor needs: where to send paragraphs, the limits and the abort signal. */
export interface ExtractContext {
  limits: AnalysisLimits;
  signal: AbortSignal;
  /** Receives one paragraph of translatable text, markup removed (inline codes may appear as inline.ts characters). */
  emit: (paragraph: string) => void;
  budget: InflateBudget;
}
