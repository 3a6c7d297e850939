import type { Readable } from 'node:stream';
import type { DetectedType } from './detect.ts';
import { toFileError } from './errors.ts';
import type { FileError } from './errors.ts';
import { walkFile } from './extract/index.ts';
import type { ExtractedDocument } from './extract/index.ts';
import { Scratch } from './io.ts';
import { receiveInput } from './task.ts';
import { resolveLimits } from './limits.ts';
import type { AnalysisLimits } from './limits.ts';

export interface ExtractTextResult {
  detectedType: DetectedType;
  /** Every paragraph of every document, in order. */
  paragraphs: string[];
  /** One entry per document (one for a plain file, one per member of an archive). */
  documents: ExtractedDocument[];
  error?: FileError;
}

/** Extracts the translatable paragraphs of one file (detecting its type from its content). Never throws for a bad file. */
export async function extractText(
  file: {
    name: string;
    open: () => NodeJS.ReadableStream | Readable | Promise<NodeJS.ReadableStream | Readable>;
  },
  options: { limits?: Partial<AnalysisLimits>; signal?: AbortSignal } = {},
): Promise<ExtractTextResult> {
  const limits = resolveLimits(options.limits);
  const signal = options.signal ?? new AbortController().signal;
  const scratch = new Scratch();
  const documents: ExtractedDocument[] = [];
  try {
    const path = await receiveInput(file, scratch, limits.maxFileBytes, signal);
    const detectedType = await walkFile(
      path,
      file.name,
      { limits, signal, scratch, budget: { used: 0 } },
      (d) => {
        documents.push(d);
      },
    );
    return { detectedType, paragraphs: documents.flatMap((d) => d.paragraphs), documents };
  } catch (err) {
    return { detectedType: 'unknown', paragraphs: [], documents, error: toFileError(err) };
  } finally {
    await scratch.dispose().catch(() => undefined);
  }
}
