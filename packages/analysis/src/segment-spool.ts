import { closeSync, mkdtempSync, openSync, rmSync, writeSync, createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** A counted segment waiting for its memory lookups. */
export interface SpooledSegment {
  text: string;
  words: number;
  characters: number;
  repetition: boolean;
}

/**
 * Holds a document's segments in order until they can be looked up in the memories (which needs
 * each segment's neighbours). Up to `inMemory` segments stay in the heap; beyond that they go to a
 * scratch file a batch at a time, so a large document with a memory attached does not hold all of
 * its text. Written synchronously because extractors hand paragraphs over synchronously.
 */
export class SegmentSpool {
  private buffer: SpooledSegment[] = [];
  private dir: string | undefined;
  private fd: number | undefined;
  private spilled = 0;

  constructor(private readonly inMemory = 4096) {}

  get length(): number {
    return this.spilled + this.buffer.length;
  }

  push(segment: SpooledSegment): void {
    this.buffer.push(segment);
    if (this.buffer.length >= this.inMemory) this.spill();
  }

  /** The segments in the order they were pushed; the spool is empty afterwards. */
  async *drain(): AsyncGenerator<SpooledSegment> {
    try {
      if (this.fd !== undefined) {
        closeSync(this.fd);
        this.fd = undefined;
        const lines = createInterface({ input: createReadStream(this.path()), crlfDelay: Infinity });
        for await (const line of lines) yield JSON.parse(line) as SpooledSegment;
      }
      const tail = this.buffer;
      this.buffer = [];
      yield* tail;
    } finally {
      this.dispose();
    }
  }

  dispose(): void {
    this.buffer = [];
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
    this.spilled = 0;
  }

  private spill(): void {
    this.dir ??= mkdtempSync(join(tmpdir(), 'verba-spool-'));
    this.fd ??= openSync(this.path(), 'a');
    // JSON keeps a segment on one line whatever characters its text holds.
    writeSync(this.fd, this.buffer.map((s) => JSON.stringify(s)).join('\n') + '\n');
    this.spilled += this.buffer.length;
    this.buffer = [];
  }

  private path(): string {
    return join(this.dir as string, 'segments.jsonl');
  }
}
