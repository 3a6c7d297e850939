import type { Readable } from 'node:stream';
import { BandAccumulator } from './bands.ts';
import type { Bands } from './bands.ts';
import { bandFor } from './bands.ts';
import { countWordsPocount } from './count/pocount.ts';
import { countWords } from './count/words.ts';
import type { DetectedType } from './detect.ts';
import { AnalysisError, ErrorKeys, toFileError } from './errors.ts';
import type { FileError } from './errors.ts';
import { walkFile } from './extract/index.ts';
import type { ExtractedDocument } from './extract/index.ts';
import { receive, Scratch } from './io.ts';
import type { Source } from './io.ts';
import { resolveLimits } from './limits.ts';
import type { AnalysisLimits } from './limits.ts';
import { contextHash, normalizeSegment, segmentKey } from './normalize.ts';
import { segment } from './segment/segment.ts';
import { bestMatch } from './tm/score.ts';
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

interface Prepared {
  text: string;
  words: number;
  characters: number;
  repetition: boolean;
  prevHash: string;
  nextHash: string;
}

const EMPTY_HASH = contextHash('');
const LOOKUP_CONCURRENCY = 8;

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
    if (!memories.has(t)) memories.set(t, input.memory?.(t));
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
  const onDocument = async (docu: ExtractedDocument) => {
    const accs = targets.map(() => new BandAccumulator());
    let docSegments = 0;
    if (!docu.error) {
      docSegments = await bandDocument(
        docu.paragraphs,
        // PO files are counted as their reference tool, pocount, counts them (ADR 0010).
        docu.detectedType === 'po' ? countWordsPocount : countWords,
        sourceLanguage,
        targets,
        limits,
        seen,
        seenHere,
        memoryFor,
        accs,
        controller.signal,
      );
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
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
    await scratch.clean();
  }
}

async function bandDocument(
  paragraphs: string[],
  count: typeof countWords,
  sourceLanguage: string,
  targets: string[],
  limits: AnalysisLimits,
  seen: Set<number>,
  seenHere: Set<number>,
  memoryFor: (t: string) => TranslationMemory | undefined,
  accs: BandAccumulator[],
  signal: AbortSignal,
): Promise<number> {
  const prepared: Prepared[] = [];
  for (const p of paragraphs) {
    for (const s of segment(p, sourceLanguage, { maxSegmentChars: limits.maxSegmenterChars })) {
      const { words, characters } = count(s, sourceLanguage);
      if (words === 0) continue;
      const normalized = normalizeSegment(s);
      const key = segmentKey(normalized);
      const repetition = seen.has(key) || seenHere.has(key);
      seenHere.add(key);
      prepared.push({
        text: normalized,
        words,
        characters,
        repetition,
        prevHash: EMPTY_HASH,
        nextHash: EMPTY_HASH,
      });
    }
  }
  const memories = targets.map((t) => memoryFor(t));
  for (let i = 0; memories.some((m) => m !== undefined) && i < prepared.length; i++) {
    const cur = prepared[i] as Prepared;
    const prev = prepared[i - 1];
    const next = prepared[i + 1];
    if (prev) cur.prevHash = contextHash(prev.text);
    if (next) cur.nextHash = contextHash(next.text);
  }
  for (let t = 0; t < targets.length; t++) {
    const acc = accs[t] as BandAccumulator;
    const memory = memories[t];
    const scores = new Array<number>(prepared.length).fill(0);
    if (memory) {
      // A database-backed memory answers in parallel; a few lookups at a time keep it busy.
      for (let start = 0; start < prepared.length; start += LOOKUP_CONCURRENCY) {
        if (signal.aborted)
          throw signal.reason instanceof Error ? signal.reason : new AnalysisError(ErrorKeys.aborted);
        const batch = prepared.slice(start, start + LOOKUP_CONCURRENCY);
        const found = await Promise.all(
          batch.map(async (seg) => {
            if (seg.text.length > limits.maxMatchChars) return 0;
            const query = { text: seg.text, prevHash: seg.prevHash, nextHash: seg.nextHash };
            const candidates = await memory.findCandidates(query, { minScore: 50, limit: 10, signal });
            return bestMatch(query, candidates).score;
          }),
        );
        found.forEach((score, i) => {
          scores[start + i] = score;
        });
      }
    }
    prepared.forEach((seg, i) => {
      const score = scores[i] ?? 0;
      // Order of precedence: in-context match, repetition, exact match, fuzzy bands (as Trados counts).
      const band = score >= 101 ? 'percent101' : seg.repetition ? 'repetitions' : bandFor(score);
      acc.add(band, seg.words, seg.characters);
    });
  }
  return prepared.length;
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
