import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { AnalysisError, ErrorKeys } from '../errors.ts';
import type { AnalysisLimits } from '../limits.ts';
import { byteLimiter } from '../io.ts';
import type { Source } from '../io.ts';

/** Inflated bytes of one top-level file, shared by nested archives so the total limit holds across levels. */
export interface InflateBudget {
  used: number;
}

export interface ZipMember {
  /** Path inside the archive, always with forward slashes. */
  name: string;
  directory: boolean;
  encrypted: boolean;
  /** Set when the path is absolute or climbs out of the archive ("../"). */
  unsafe: boolean;
  compressedSize: number;
  uncompressedSize: number;
  entry: Entry;
}

const getFileName = (
  yauzl as unknown as {
    getFileNameLowLevel: (flag: number, raw: Buffer, extra: unknown, strict: boolean) => string;
  }
).getFileNameLowLevel;

export function isUnsafePath(name: string): boolean {
  const n = name.replace(/\\/g, '/');
  return n.startsWith('/') || /^[a-zA-Z]:/.test(n) || n.split('/').includes('..');
}

/**
 * A zip archive on disk, read through its central directory. Sizes declared there are checked
 * against the limits before anything is inflated, and the bytes actually inflated are counted
 * again while streaming (declared sizes can lie).
 */
export class ZipArchive {
  readonly members: ZipMember[];
  private readonly byName: Map<string, ZipMember>;

  private constructor(
    private readonly zip: ZipFile,
    members: ZipMember[],
    private readonly limits: AnalysisLimits,
    private readonly budget: InflateBudget,
  ) {
    this.members = members;
    this.byName = new Map(members.map((m) => [m.name, m]));
  }

  static async open(src: Source, limits: AnalysisLimits, budget: InflateBudget): Promise<ZipArchive> {
    const options = {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    } as yauzl.Options;
    const zip = await new Promise<ZipFile>((resolve, reject) => {
      const done = (err: Error | null, zf?: ZipFile) =>
        err || !zf ? reject(new AnalysisError(ErrorKeys.corruptArchive)) : resolve(zf);
      if (typeof src === 'string') yauzl.open(src, options, done);
      else yauzl.fromBuffer(src, options, done);
    });
    try {
      if (zip.entryCount > limits.maxArchiveEntries) {
        throw new AnalysisError(ErrorKeys.zipEntries, { limit: limits.maxArchiveEntries });
      }
      const members = await readEntries(zip);
      let declared = budget.used;
      for (const m of members) {
        declared += m.uncompressedSize;
        const ratio = m.uncompressedSize / Math.max(1, m.compressedSize);
        if (m.uncompressedSize > limits.ratioThresholdBytes && ratio > limits.maxCompressionRatio) {
          throw new AnalysisError(ErrorKeys.zipBomb, { reason: 'ratio', limit: limits.maxCompressionRatio });
        }
        if (m.uncompressedSize > limits.maxEntryBytes) {
          throw new AnalysisError(ErrorKeys.zipBomb, { reason: 'entry_size', limit: limits.maxEntryBytes });
        }
      }
      if (declared > limits.maxArchiveTotalBytes) {
        throw new AnalysisError(ErrorKeys.zipBomb, {
          reason: 'total_size',
          limit: limits.maxArchiveTotalBytes,
        });
      }
      return new ZipArchive(zip, members, limits, budget);
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  get(name: string): ZipMember | undefined {
    return this.byName.get(name);
  }

  /** Member names matching a pattern, in natural order (slide2 before slide10). */
  find(pattern: RegExp): ZipMember[] {
    return this.members
      .filter((m) => !m.directory && pattern.test(m.name))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  }

  /** Opens an inflating stream that fails once the member or the archive passes its limits. */
  async openStream(member: ZipMember): Promise<Readable> {
    if (member.encrypted) throw new AnalysisError(ErrorKeys.encrypted);
    const raw = await new Promise<Readable>((resolve, reject) => {
      this.zip.openReadStream(member.entry, (err, stream) =>
        err || !stream ? reject(new AnalysisError(ErrorKeys.corruptArchive)) : resolve(stream),
      );
    });
    const limits = this.limits;
    const budget = this.budget;
    let seen = 0;
    const limiter = byteLimiter(limits.maxEntryBytes, ErrorKeys.zipBomb, (n) => {
      seen += n;
      budget.used += n;
      if (budget.used > limits.maxArchiveTotalBytes) {
        limiter.destroy(new AnalysisError(ErrorKeys.zipBomb, { reason: 'total_size' }));
      } else if (
        seen > limits.ratioThresholdBytes &&
        seen / Math.max(1, member.compressedSize) > limits.maxCompressionRatio
      ) {
        limiter.destroy(new AnalysisError(ErrorKeys.zipBomb, { reason: 'ratio' }));
      }
    });
    raw.on('error', (err) => limiter.destroy(mapZipError(err)));
    limiter.on('close', () => raw.destroy());
    return raw.pipe(limiter);
  }

  /** Reads a small member (a manifest, a relationship file) completely. */
  async readSmall(member: ZipMember, max = 8 * 1024 * 1024): Promise<Buffer> {
    if (member.uncompressedSize > max) throw new AnalysisError(ErrorKeys.tooLarge, { limit: max });
    const stream = await this.openStream(member);
    const chunks: Buffer[] = [];
    for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}

function mapZipError(err: unknown): Error {
  if (err instanceof AnalysisError) return err;
  const msg = err instanceof Error ? err.message : '';
  if (/too many bytes|expected \d+ bytes/i.test(msg))
    return new AnalysisError(ErrorKeys.zipBomb, { reason: 'size_mismatch' });
  return new AnalysisError(ErrorKeys.corruptArchive);
}

function readEntries(zip: ZipFile): Promise<ZipMember[]> {
  return new Promise((resolve, reject) => {
    const members: ZipMember[] = [];
    zip.on('entry', (entry: Entry) => {
      const raw = entry.fileName as unknown as Buffer;
      const name = getFileName(entry.generalPurposeBitFlag, raw, entry.extraFields, false).replace(
        /\\/g,
        '/',
      );
      members.push({
        name,
        directory: name.endsWith('/'),
        encrypted: (entry.generalPurposeBitFlag & 1) !== 0,
        unsafe: isUnsafePath(name),
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        entry,
      });
      zip.readEntry();
    });
    zip.on('end', () => resolve(members));
    zip.on('error', () => reject(new AnalysisError(ErrorKeys.corruptArchive)));
    zip.readEntry();
  });
}
