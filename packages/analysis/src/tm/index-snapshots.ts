import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { threadId } from 'node:worker_threads';
import { sharedInt32, sharedInt8, sharedUint32, sharedUint8 } from './shared-arrays.ts';

type Kind = 'i32' | 'u32' | 'u8' | 'i8';
type Stored = Int32Array | Uint32Array | Uint8Array | Int8Array;

/** What a snapshot holds: named typed arrays, and whatever else fits in JSON. */
export interface SnapshotContent {
  arrays: Record<string, Stored>;
  meta: unknown;
}

export interface SnapshotSettings {
  /** Where the snapshots are written (created if missing). */
  dir: string;
  /** The snapshots together take at most this much; the least recently read go first. */
  maxBytes: number;
  /**
   * Names the code and the database the snapshots were made by (`snapshotKey`): a snapshot made under
   * another key is never read, so a new release or another database reads its pairs again.
   */
  key: string;
}

const MAGIC = 'VERBATMI';
const SUFFIX = '.tmi';
/** Free disk space a snapshot must leave, besides its own size: uploads must not run out of room. */
const KEEP_FREE_BYTES = 1024 ** 3;
/** A snapshot being written is written in seconds: a temporary file untouched this long was left behind. */
const LEFT_BEHIND_MS = 10 * 60 * 1000;
const BYTES: Record<Kind, number> = { i32: 4, u32: 4, u8: 1, i8: 1 };
const KINDS: Record<Kind, (length: number) => Stored> = {
  i32: sharedInt32,
  u32: sharedUint32,
  u8: sharedUint8,
  i8: sharedInt8,
};

/**
 * Indexes of memory pairs written to disk at a version of the pair and read back (ADR 0027, tenth
 * pass): a server that starts, or a worker that had to drop a pair, reads a million units' index
 * from a file in well under a second, where reading the pair from the database and indexing it
 * takes some ten. A file is `<pair>~<version>~<key><SUFFIX>`: written whole under a temporary name,
 * then renamed, so a reader sees a whole snapshot or none; one that does not read back as written
 * (a file cut short, a byte changed: its size and CRC-32 are checked) is deleted and the pair read
 * from the database. Only the newest version of a pair is kept. It is a cache: any server may
 * delete any of it at any time.
 */
export class IndexSnapshots {
  /** Pairs being written by this thread. */
  private readonly writing = new Set<string>();

  constructor(private readonly settings: SnapshotSettings) {}

  /** The version of `pair` whose snapshot is on disk under this key, if any (the newest). */
  versionOf(pair: string): string | undefined {
    const mine = this.files(pair).filter((f) => f.key === this.settings.key);
    return mine.sort((a, b) => b.mtimeMs - a.mtimeMs)[0]?.version;
  }

  /** The snapshot of `pair` at `version`, or undefined if there is none that reads back whole. */
  read(pair: string, version: string): SnapshotContent | undefined {
    const file = this.path(pair, version);
    let fd: number | undefined;
    try {
      fd = fs.openSync(file, 'r');
      const content = readSnapshot(fd, fs.fstatSync(fd).size, { pair, version, key: this.settings.key });
      const now = new Date();
      fs.futimesSync(fd, now, now);
      return content;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') removeQuietly(file);
      return undefined;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }

  /**
   * Writes the snapshot of `pair` at `version` and deletes its other versions, then the least
   * recently read snapshots past the budget. Nothing is written that would not fit in the budget
   * or would leave the disk nearly full, nor a pair already being written. Resolves with whether it
   * was written. The file is written by Node's I/O threads: this thread goes on meanwhile (the
   * index must not change in place until then; `CandidateIndex.parts` copies what would).
   */
  async write(pair: string, version: string, content: SnapshotContent): Promise<boolean> {
    const { header, size } = layout(content, { pair, version, key: this.settings.key });
    if (size > this.settings.maxBytes || this.writing.has(pair)) return false;
    this.writing.add(pair);
    const file = this.path(pair, version);
    const temporary = `${file}.${process.pid}-${threadId}.tmp`;
    try {
      await fsp.mkdir(this.settings.dir, { recursive: true, mode: 0o700 });
      const free = await fsp.statfs(this.settings.dir);
      if (free.bavail * free.bsize < size + KEEP_FREE_BYTES) return false;
      const handle = await fsp.open(temporary, 'w', 0o600);
      try {
        await writeSnapshot(handle, header, content);
      } finally {
        await handle.close();
      }
      await fsp.rename(temporary, file);
    } catch (err) {
      removeQuietly(temporary);
      throw err;
    } finally {
      this.writing.delete(pair);
    }
    for (const other of this.files(pair)) if (other.name !== path.basename(file)) removeQuietly(other.path);
    this.keepWithinBudget(file);
    return true;
  }

  /** Deletes every snapshot of `pair` (the pair was deleted). */
  forget(pair: string): void {
    for (const file of this.files(pair)) removeQuietly(file.path);
  }

  /**
   * Deletes the snapshots whose pair is not at the version `current` gives (a pair deleted or
   * changed while this server was down), those made under another key, and temporary files left
   * by a process that stopped while writing.
   */
  async sweep(current: (pair: string) => Promise<string | undefined>): Promise<number> {
    let removed = 0;
    const checked = new Map<string, string | undefined>();
    for (const file of this.files()) {
      if (file.key !== this.settings.key) {
        removed += removeQuietly(file.path);
        continue;
      }
      if (!checked.has(file.pair)) checked.set(file.pair, await current(file.pair));
      if (checked.get(file.pair) !== file.version) removed += removeQuietly(file.path);
    }
    for (const name of this.names())
      if (name.endsWith('.tmp') && this.leftBehind(path.join(this.settings.dir, name)))
        removed += removeQuietly(path.join(this.settings.dir, name));
    return removed;
  }

  /** The pairs that have a snapshot under this key. */
  pairs(): string[] {
    return [
      ...new Set(
        this.files()
          .filter((f) => f.key === this.settings.key)
          .map((f) => f.pair),
      ),
    ];
  }

  /** A temporary file nobody has written to for a while: its writer stopped (servers may share the folder). */
  private leftBehind(file: string): boolean {
    try {
      return Date.now() - fs.statSync(file).mtimeMs > LEFT_BEHIND_MS;
    } catch {
      return false;
    }
  }

  private keepWithinBudget(newest: string): void {
    const files = this.files().sort((a, b) => a.mtimeMs - b.mtimeMs);
    let total = files.reduce((sum, f) => sum + f.size, 0);
    for (const f of files) {
      if (total <= this.settings.maxBytes) break;
      if (f.path === newest) continue;
      removeQuietly(f.path);
      total -= f.size;
    }
  }

  private path(pair: string, version: string): string {
    return path.join(
      this.settings.dir,
      `${encodePair(pair)}~${version.replace(':', '-')}~${this.settings.key}${SUFFIX}`,
    );
  }

  private names(): string[] {
    try {
      return fs.readdirSync(this.settings.dir);
    } catch {
      return [];
    }
  }

  private files(pair?: string) {
    const prefix = pair === undefined ? '' : `${encodePair(pair)}~`;
    return this.names().flatMap((name) => {
      const m = /^([A-Za-z0-9_-]+)~(\d+)-(\d+)~([0-9a-f]+)\.tmi$/.exec(name);
      if (!m || !name.startsWith(prefix)) return [];
      const file = path.join(this.settings.dir, name);
      try {
        const { size, mtimeMs } = fs.statSync(file);
        const [, encoded, units, last, key] = m as unknown as [string, string, string, string, string];
        return [
          { name, path: file, pair: decodePair(encoded), version: `${units}:${last}`, key, size, mtimeMs },
        ];
      } catch {
        return [];
      }
    });
  }
}

/**
 * The key snapshots are made under: the code that reads and indexes units (its files' bytes) and
 * whatever names the database and how its sources were read (`salt`).
 */
export function snapshotKey(codeFiles: readonly string[], salt: string): string {
  const hash = createHash('sha256').update(MAGIC).update(salt);
  for (const file of [...codeFiles].sort()) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 24);
}

const encodePair = (pair: string) => Buffer.from(pair).toString('base64url');
const decodePair = (encoded: string) => Buffer.from(encoded, 'base64url').toString();

function removeQuietly(file: string): number {
  try {
    fs.unlinkSync(file);
    return 1;
  } catch {
    return 0;
  }
}

interface Identity {
  pair: string;
  version: string;
  key: string;
}
interface Header extends Identity {
  arrays: { name: string; kind: Kind; length: number }[];
  meta: unknown;
  /** CRC-32 of the arrays' bytes, in order: a snapshot damaged on disk is not read. */
  crc: number;
}

const pad8 = (n: number) => (n + 7) & ~7;
const bytesOf = (a: Stored) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const kindOf = (a: Stored): Kind =>
  a instanceof Int32Array ? 'i32' : a instanceof Uint32Array ? 'u32' : a instanceof Uint8Array ? 'u8' : 'i8';

/** The header of a snapshot and its size in bytes: the magic, the header's length and text, the arrays. */
function layout(content: SnapshotContent, identity: Identity): { header: Buffer; size: number } {
  const arrays = Object.entries(content.arrays).map(([name, a]) => ({
    name,
    kind: kindOf(a),
    length: a.length,
  }));
  const crc = Object.values(content.arrays).reduce((c, a) => crc32(bytesOf(a), c), 0);
  const header = Buffer.from(
    JSON.stringify({ ...identity, arrays, meta: content.meta, crc } satisfies Header),
  );
  let size = pad8(MAGIC.length + 4 + header.length);
  for (const a of Object.values(content.arrays)) size += pad8(a.byteLength);
  return { header, size };
}

async function writeSnapshot(handle: FileHandle, header: Buffer, content: SnapshotContent): Promise<void> {
  const start = Buffer.alloc(pad8(MAGIC.length + 4 + header.length));
  start.write(MAGIC, 0, 'latin1');
  start.writeUInt32LE(header.length, MAGIC.length);
  header.copy(start, MAGIC.length + 4);
  await writeAll(handle, start);
  const padding = new Uint8Array(8);
  for (const a of Object.values(content.arrays)) {
    await writeAll(handle, bytesOf(a));
    await writeAll(handle, padding.subarray(0, pad8(a.byteLength) - a.byteLength));
  }
  await handle.sync();
}

async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let done = 0; done < bytes.length;)
    done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten;
}

function readAll(fd: number, bytes: Uint8Array, position: number): void {
  for (let done = 0; done < bytes.length;) {
    const read = fs.readSync(fd, bytes, done, bytes.length - done, position + done);
    if (read === 0) throw new Error('The snapshot ends early');
    done += read;
  }
}

/** Reads a snapshot, each array into shared memory; throws unless it is whole and is the one asked for. */
function readSnapshot(fd: number, fileSize: number, expected: Identity): SnapshotContent {
  const start = Buffer.alloc(MAGIC.length + 4);
  readAll(fd, start, 0);
  if (start.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('Not a snapshot');
  const headerBytes = Buffer.alloc(start.readUInt32LE(MAGIC.length));
  if (headerBytes.length > fileSize) throw new Error('The snapshot ends early');
  readAll(fd, headerBytes, start.length);
  const header = JSON.parse(headerBytes.toString()) as Header;
  if (header.pair !== expected.pair || header.version !== expected.version || header.key !== expected.key)
    throw new Error('Another snapshot');
  let at = pad8(start.length + headerBytes.length);
  const expectedSize = header.arrays.reduce((sum, a) => sum + pad8(a.length * BYTES[a.kind]), at);
  if (expectedSize !== fileSize) throw new Error('The snapshot is not whole');
  const arrays: Record<string, Stored> = {};
  let crc = 0;
  for (const { name, kind, length } of header.arrays) {
    const array = KINDS[kind](length);
    readAll(fd, bytesOf(array), at);
    crc = crc32(bytesOf(array), crc);
    arrays[name] = array;
    at += pad8(array.byteLength);
  }
  if (crc !== header.crc) throw new Error('The snapshot is damaged');
  return { arrays, meta: header.meta };
}
