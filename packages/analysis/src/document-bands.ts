import { BandAccumulator, bandFloors, bandFor } from './bands.ts';
import { countWordsPocount } from './count/pocount.ts';
import { countWords } from './count/words.ts';
import type { DetectedType } from './detect.ts';
import { AnalysisError, ErrorKeys } from './errors.ts';
import type { AnalysisLimits } from './limits.ts';
import { contextHash, normalizeSegment, segmentKey } from './normalize.ts';
import { segment } from './segment/segment.ts';
import { SegmentSpool } from './segment-spool.ts';
import type { SpooledSegment } from './segment-spool.ts';
import { bestMatch } from './tm/score.ts';
import type { TranslationMemory } from './tm/types.ts';

interface Lookup {
  segment: SpooledSegment;
  prevHash: string;
  nextHash: string;
}

const EMPTY_HASH = contextHash('');
const LOOKUP_CONCURRENCY = 8;
/** Segments banded per step of `finish`: enough to keep the lookups busy, few enough to stay small. */
const LOOKUP_BATCH = 256;
/** A repetition counts as one unless it is a 101 % match: only identical units matter for it. */
const lookupFloor = (seg: SpooledSegment) => (seg.repetition ? 100 : 50);

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted)
    throw signal.reason instanceof Error ? signal.reason : new AnalysisError(ErrorKeys.aborted);
}

/**
 * Bands of one document, fed paragraph by paragraph as the extractor finds them: each paragraph
 * is segmented, counted and checked for repetition at once, and dropped. Only when a target has a
 * memory are the segments kept (their text and neighbours are needed for the lookups, done at
 * `finish`), in a spool that moves them to a scratch file past a few thousand, so the memory used
 * does not grow with the document either way.
 */
export class DocumentBands {
  readonly accumulators: BandAccumulator[];
  segments = 0;
  /** Segment keys first seen in this document (committed by the caller when the file succeeds). */
  readonly keys = new Set<number>();
  private readonly spool = new SegmentSpool();
  private readonly memories: (TranslationMemory | undefined)[];
  private readonly count: typeof countWords;

  constructor(
    type: DetectedType,
    private readonly sourceLanguage: string,
    private readonly limits: AnalysisLimits,
    /** Keys seen earlier in the task, and earlier in this file. */
    private readonly seen: (key: number) => boolean,
    memories: (TranslationMemory | undefined)[],
  ) {
    this.accumulators = memories.map(() => new BandAccumulator());
    this.memories = memories;
    // PO files are counted as their reference tool, pocount, counts them (ADR 0010).
    this.count = type === 'po' ? countWordsPocount : countWords;
  }

  paragraph(p: string): void {
    const keep = this.memories.some((m) => m !== undefined);
    for (const s of segment(p, this.sourceLanguage, { maxSegmentChars: this.limits.maxSegmenterChars })) {
      const { words, characters } = this.count(s, this.sourceLanguage);
      if (words === 0) continue;
      const normalized = normalizeSegment(s);
      const key = segmentKey(normalized);
      const repetition = this.seen(key) || this.keys.has(key);
      this.keys.add(key);
      this.segments++;
      if (keep) {
        // As read (spacing kept): a memory unit spaced otherwise is a 100 % match, not 101 %.
        this.spool.push({ text: s, words, characters, repetition });
      } else {
        for (const acc of this.accumulators)
          acc.add(repetition ? 'repetitions' : 'no_match', words, characters);
      }
    }
  }

  /** Looks the kept segments up in the memories, with their neighbours' hashes, and bands them. */
  async finish(signal: AbortSignal): Promise<void> {
    let batch: Lookup[] = [];
    let held: { segment: SpooledSegment; prevHash: string } | undefined;
    let prevHash = EMPTY_HASH;
    for await (const spooled of this.spool.drain()) {
      const hash = contextHash(spooled.text);
      if (held) batch.push({ ...held, nextHash: hash });
      held = { segment: spooled, prevHash };
      prevHash = hash;
      if (batch.length >= LOOKUP_BATCH) {
        await this.band(batch, signal);
        batch = [];
      }
    }
    if (held) batch.push({ ...held, nextHash: EMPTY_HASH });
    await this.band(batch, signal);
  }

  /** Drops the kept segments (a document that failed). */
  dispose(): void {
    this.spool.dispose();
  }

  private async band(batch: Lookup[], signal: AbortSignal): Promise<void> {
    for (let t = 0; t < this.memories.length; t++) {
      const acc = this.accumulators[t] as BandAccumulator;
      const memory = this.memories[t];
      const scores = new Array<number>(batch.length).fill(0);
      throwIfAborted(signal);
      if (memory?.findMany) {
        // An indexed memory takes the batch at once, to spread it over its threads.
        const asked = batch.flatMap(({ segment: seg, prevHash, nextHash }, i) =>
          seg.text.length > this.limits.maxMatchChars
            ? []
            : [{ i, segment: { text: seg.text, prevHash, nextHash }, minScore: lookupFloor(seg) }],
        );
        const found = await memory.findMany(asked, { limit: 1, bands: bandFloors, signal });
        asked.forEach(({ i, segment }, k) => {
          scores[i] = bestMatch(segment, found[k] ?? []).score;
        });
      } else if (memory) {
        // A database-backed memory answers in parallel; a few lookups at a time keep it busy.
        for (let start = 0; start < batch.length; start += LOOKUP_CONCURRENCY) {
          throwIfAborted(signal);
          const found = await Promise.all(
            batch
              .slice(start, start + LOOKUP_CONCURRENCY)
              .map(async ({ segment: seg, prevHash, nextHash }) => {
                if (seg.text.length > this.limits.maxMatchChars) return 0;
                const query = { text: seg.text, prevHash, nextHash };
                const candidates = await memory.findCandidates(query, {
                  minScore: lookupFloor(seg),
                  // The best unit only: a memory scores its candidates as `bestMatch` does, and
                  // answers identical units with the one in the segment's context first.
                  limit: 1,
                  bands: bandFloors,
                  signal,
                });
                return bestMatch(query, candidates).score;
              }),
          );
          found.forEach((score, i) => {
            scores[start + i] = score;
          });
        }
      }
      batch.forEach(({ segment: seg }, i) => {
        const score = scores[i] ?? 0;
        // Order of precedence: in-context match, repetition, exact match, fuzzy bands (as Trados counts).
        const band = score >= 101 ? 'percent101' : seg.repetition ? 'repetitions' : bandFor(score);
        acc.add(band, seg.words, seg.characters);
      });
    }
  }
}
