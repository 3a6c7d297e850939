export { analyseTask } from './task.ts';
export type {
  AnalyseTaskInput,
  FileResult,
  MemberResult,
  TargetBands,
  TaskFile,
  TaskResult,
} from './task.ts';
export { AnalysisPool } from './worker/pool.ts';
export type { AnalysisPoolOptions } from './worker/pool.ts';
export { extractText } from './extract-text.ts';
export type { ExtractTextResult } from './extract-text.ts';
export type { ExtractedDocument } from './extract/index.ts';
export { segment } from './segment/segment.ts';
export type { SegmentOptions } from './segment/segment.ts';
export { countWords, countCharacters, gmxvFactors, isNumbersOnly } from './count/words.ts';
export type { WordCount } from './count/words.ts';
export { bandFloors, bandFor, bandNames, BandAccumulator } from './bands.ts';
export type { BandName, Bands } from './bands.ts';
export { MAX_TMX_UNIT_CHARS, readTmx } from './tm/tmx.ts';
export { memorySource } from './tm/memory-source.ts';
export type { ReadTmxOptions, TmxUnit } from './tm/tmx.ts';
export { readXliffPairs } from './tm/xliff.ts';
export type { ReadXliffOptions } from './tm/xliff.ts';
export { InMemoryTranslationMemory } from './tm/memory.ts';
export type { TmUnit } from './tm/memory.ts';
export { CandidateIndex } from './tm/candidate-index.ts';
export type { IndexMatch, IndexSearch } from './tm/candidate-index.ts';
export { IndexedTranslationMemory, KeptIndexes, KEPT_UNITS, KEPT_UNIT_BYTES } from './tm/indexed-memory.ts';
export { LookupThreads, LOOKUP_THREADS_FROM_UNITS } from './tm/lookup-threads.ts';
export { scoreMatch, matchScore, bestMatch, tokenDistance } from './tm/score.ts';
export type {
  FindCandidatesOptions,
  SourcePage,
  TmCandidate,
  TmQuery,
  TranslationMemory,
} from './tm/types.ts';
export { collapseSpace, contextHash, normalizeSegment } from './normalize.ts';
export { inlineTag } from './inline.ts';
export { defaultLimits, resolveLimits } from './limits.ts';
export type { AnalysisLimits } from './limits.ts';
export { AnalysisError, ErrorKeys } from './errors.ts';
export type { ErrorKey, FileError } from './errors.ts';
export type { DetectedType } from './detect.ts';
export { readXlsFirstSheet } from './sheet/xls-sheet.ts';
export type { XlsCell, XlsRow } from './sheet/xls-sheet.ts';
export { ZipArchive } from './zip/archive.ts';
export type { ZipMember, InflateBudget } from './zip/archive.ts';
