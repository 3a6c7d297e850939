import type { Readable } from 'node:stream';
import { BandAccumulator } from './bands.ts';
import type { Bands } from './bands.ts';
import type { DetectedType } from './detect.ts';
import { DocumentBands } from './document-bands.ts';
import { AnalysisError, ErrorKeys, toFileError } from './errors.ts';
import type { FileError } from './errors.ts';
import { walkFile } from './extract/index.ts';
import type { ExtractedDocument } from './extract/index.ts';
import { receive, Scratch } from './io.ts';
import type { Source } from './io.ts';
import { resolveLimits } from './limits.ts';
import type { AnalysisLimits } from './limits.ts';
import { IndexedTranslationMemory } from './tm/indexed-memory.ts';
import type { TranslationMemory } from './tm/types.ts';

export interface TaskFile {
  id: string;
  name: string;
  /** Opens the file's content; called once. */
  open: () => NodeJS.ReadableStream | Readable | Promise<NodeJS.ReadableStream | Readable>;
}

export interface AnalyseTaskInput {
  files: TaskFile[];
  sourceLanguage: string;
  targetLanguages: string[];
  /** The customer's memory for a target language; without it every non-repeated segment is no match. */
  memory?: (targetLanguage: string) => TranslationMemory | undefined;
  limits?: Partial<AnalysisLimits>;
  signal?: AbortSignal;
  /** Called after each file with the number of files done and the total. */
  onProgress?: (done: number, total: number) => void;
}

export type TargetBands = Bands & { characters: number };

export interface MemberResult {
  /** Path inside the archive. */
  path: string;
  detectedType: DetectedType;
  error?: FileError;
  segments: number;
  byTarget: Record<string, TargetBands>;
}

export interface FileResult {
  id: string;
  name: string;
  detectedType: DetectedType;
  error?: FileError;
  /** For archives: one entry per member document (nested archives flattened into paths). */
  members?: MemberResult[];
  segments: number;
  byTarget: Record<string, TargetBands>;
}

export interface TaskResult {
  files: FileResult[];
  /** Sum over all files, per target language. */
  totals: Record<string, TargetBands>;
}

/**
 * Analyses the files of a task: extraction, segmentation, GMX-V counts, repetitions across the
 * whole task (in file order) and TM bands per target language. A file that fails gets an error
 * key and zero counts; the others are still analysed. Never throws for a bad file.
 */
export async function analyseTask(input: AnalyseTaskInput): Promise<TaskResult> {
  const limits = resolveLimits(input.limits);
  const targets = [...new Set(input.targetLanguages)];
  const seen = new Set<number>();
  const memories = new Map<string, TranslationMemory | undefined>();
  const memoryFor = (t: string) => {
    // A memory that pages its sources is indexed once for the whole task (ADR 0027).
    if (!memories.has(t)) memories.set(t, IndexedTranslationMemory.wrap(input.memory?.(t)));
    return memories.get(t);
  };
  const files: FileResult[] = [];
  const totals = targets.map(() => new BandAccumulator());
  let done = 0;
  const scratch = new Scratch();
  try {
    for (const file of input.files) {
      if (input.signal?.aborted) {
        files.push(emptyResult(file, 'unknown', targets, { key: ErrorKeys.aborted }));
        continue;
      }
      const result = await analyseOneFile(
        file,
        input.sourceLanguage,
        targets,
        limits,
        seen,
        memoryFor,
        input.signal,
        scratch,
      );
      files.push(result.file);
      result.accumulators.forEach((acc, i) => totals[i]?.merge(acc));
      input.onProgress?.(++done, input.files.length);
    }
  } finally {
    await scratch.dispose().catch(() => undefined);
  }
  const totalsOut: Record<string, TargetBands> = {};
  targets.forEach((t, i) => {
    totalsOut[t] = (totals[i] ?? new BandAccumulator()).toBands();
  });
  return { files, totals: totalsOut };
}

async function analyseOneFile(
  file: TaskFile,
  sourceLanguage: string,
  targets: string[],
  limits: AnalysisLimits,
  seen: Set<number>,
  memoryFor: (t: string) => TranslationMemory | undefined,
  outer: AbortSignal | undefined,
  scratch: Scratch,
): Promise<{ file: FileResult; accumulators: BandAccumulator[] }> {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(new AnalysisError(ErrorKeys.aborted));
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new AnalysisError(ErrorKeys.timeout, { limit: limits.fileTimeoutMs });
      controller.abort(err);
      reject(err);
    }, limits.fileTimeoutMs);
  });
  const fileAcc = targets.map(() => new BandAccumulator());
  const members: MemberResult[] = [];
  // Repetitions found in this file are only committed when the file succeeds.
  const seenHere = new Set<number>();
  let segments = 0;
  let isArchive = false;
  let detected: DetectedType = 'unknown';
  const memories = targets.map((t) => memoryFor(t));
  let current: DocumentBands | undefined;
  const startDocument = (type: DetectedType) => {
    const bands = new DocumentBands(
      type,
      sourceLanguage,
      limits,
      (key) => seen.has(key) || seenHere.has(key),
      memories,
    );
    current = bands;
    return (p: string) => bands.paragraph(p);
  };
  const onDocument = async (docu: ExtractedDocument) => {
    const bands = current;
    current = undefined;
    let accs = targets.map(() => new BandAccumulator());
    let docSegments = 0;
    if (docu.error) bands?.dispose();
    if (!docu.error && bands) {
      await bands.finish(controller.signal);
      accs = bands.accumulators;
      docSegments = bands.segments;
      for (const k of bands.keys) seenHere.add(k);
      segments += docSegments;
      accs.forEach((a, i) => fileAcc[i]?.merge(a));
    }
    if (docu.path !== undefined) {
      isArchive = true;
      const m: MemberResult = {
        path: docu.path,
        detectedType: docu.detectedType,
        segments: docSegments,
        byTarget: toRecord(targets, accs),
      };
      if (docu.error) m.error = docu.error;
      members.push(m);
    }
  };
  try {
    const work = (async () => {
      const path = await receiveInput(file, scratch, limits.maxFileBytes, controller.signal);
      return walkFile(
        path,
        file.name,
        {
          limits,
          signal: controller.signal,
          scratch,
          budget: { used: 0 },
          onDetected: (t) => {
            detected = t;
          },
          startDocument,
        },
        onDocument,
      );
    })();
    work.catch(() => undefined);
    const detectedType = await Promise.race([work, timeout]);
    for (const k of seenHere) seen.add(k);
    const result: FileResult = {
      id: file.id,
      name: file.name,
      detectedType,
      segments,
      byTarget: toRecord(targets, fileAcc),
    };
    if (isArchive || detectedType === 'zip') result.members = members;
    return { file: result, accumulators: fileAcc };
  } catch (err) {
    const error =
      controller.signal.aborted && controller.signal.reason instanceof AnalysisError
        ? toFileError(controller.signal.reason)
        : toFileError(err);
    if (!controller.signal.aborted) controller.abort(new AnalysisError(ErrorKeys.aborted));
    return {
      file: emptyResult(file, detected, targets, error),
      accumulators: targets.map(() => new BandAccumulator()),
    };
  } finally {
    current?.dispose();
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
    await scratch.clean();
  }
}

/** Receives the caller's stream (memory or scratch file); failures of the stream itself are "read failed", not "corrupt". */
export async function receiveInput(
  file: Pick<TaskFile, 'open'>,
  scratch: Scratch,
  max: number,
  signal: AbortSignal,
): Promise<Source> {
  try {
    return await receive(await file.open(), scratch, max, signal);
  } catch (err) {
    if (err instanceof AnalysisError) throw err;
    if (signal.aborted)
      throw signal.reason instanceof AnalysisError ? signal.reason : new AnalysisError(ErrorKeys.aborted);
    throw new AnalysisError(ErrorKeys.readFailed);
  }
}

function toRecord(targets: string[], accs: BandAccumulator[]): Record<string, TargetBands> {
  const out: Record<string, TargetBands> = {};
  targets.forEach((t, i) => {
    out[t] = (accs[i] ?? new BandAccumulator()).toBands();
  });
  return out;
}

function emptyResult(
  file: TaskFile,
  detectedType: DetectedType,
  targets: string[],
  error: FileError,
): FileResult {
  return { id: file.id, name: file.name, detectedType, error, segments: 0, byTarget: toRecord(targets, []) };
}
