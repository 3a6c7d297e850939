import type { AnalysisLimits } from '../limits.ts';
import type { TaskResult } from '../task.ts';
import type { SnapshotSettings } from '../tm/index-snapshots.ts';
import type { SourcePage, TmCandidate, TmQuery } from '../tm/types.ts';

/**
 * Messages between the analysis pool (main thread) and a worker. The worker asks for everything
 * it cannot reach itself: the bytes of a file (pulled a chunk at a time, so a large file never
 * queues up in memory) and memory lookups (the database connection stays in the main thread).
 */
export type ToWorker =
  | {
      type: 'start';
      files: { id: string; name: string }[];
      sourceLanguage: string;
      targetLanguages: string[];
      /** Targets whose customer memory is consulted. */
      memoryTargets: string[];
      /** Of those, the ones whose memory pages its sources (indexed in the worker, ADR 0027). */
      pagedTargets: string[];
      /** Of those, the pair each names, for an index kept between analyses (`version` asked once). */
      pairs: Record<string, string>;
      limits?: Partial<AnalysisLimits>;
      /** No files: read the memories' indexes ahead of their first analysis (`AnalysisPool.prepare`). */
      prepare?: boolean;
      /** Where indexes read are written to disk, and read back from (`IndexSnapshots`). */
      snapshots?: SnapshotSettings;
    }
  | { type: 'chunk'; stream: number; data: Uint8Array }
  | { type: 'end'; stream: number }
  | { type: 'stream-error'; stream: number; message: string }
  | { type: 'candidates'; request: number; candidates: TmCandidate[] }
  | { type: 'lookup-error'; request: number; message: string }
  | { type: 'source-page'; request: number; page: SourcePage }
  | { type: 'version'; request: number; version: string }
  | { type: 'abort' };

export type FromWorker =
  | { type: 'open'; stream: number; fileId: string }
  | { type: 'read'; stream: number }
  | { type: 'close'; stream: number }
  | {
      type: 'lookup';
      request: number;
      target: string;
      query: TmQuery;
      options: { minScore: number; limit: number; bands?: readonly number[] };
    }
  | { type: 'sources'; request: number; target: string; cursor: number }
  | { type: 'version'; request: number; target: string }
  | { type: 'progress'; done: number; total: number }
  /** Something an operator should know that did not fail the task (a lookup thread that failed). */
  | { type: 'warning'; message: string }
  /** `kept`: the pairs whose indexes this worker keeps now, least recently used first. */
  | { type: 'done'; result: TaskResult; kept?: string[] }
  | { type: 'failed'; message: string };

/** What the pool gives each analysis worker as it starts (`workerData`). */
export interface AnalysisWorkerData {
  /** Threads to share the lookups of a large memory with (`LookupThreads`), when more than one. */
  lookups?: { url: string; typescript: boolean; threads: number; fromUnits?: number };
  /** Units of memory pairs the worker keeps indexed between analyses (`KeptIndexes`). */
  keptUnits?: number;
}
