import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AnalysisError, ErrorKeys } from './errors.ts';

/** Scratch folders of this process not yet disposed (see `removeScratchSync`). */
const liveScratch = new Set<string>();

/**
 * Removes every scratch folder of this process at once, synchronously: for a process that is
 * ending (a signal, `process.exit`) and cannot wait for the tasks to dispose of theirs.
 */
export function removeScratchSync(): void {
  for (const dir of liveScratch) rmSync(dir, { recursive: true, force: true });
  liveScratch.clear();
}

/** A scratch folder for one task; every spooled file lives here and is removed at the end. */
export class Scratch {
  private dir: string | undefined;
  private counter = 0;
  private files: string[] = [];

  async file(suffix = ''): Promise<string> {
    if (!this.dir) {
      this.dir = await mkdtemp(join(tmpdir(), 'verba-analysis-'));
      liveScratch.add(this.dir);
    }
    this.counter++;
    const path = join(this.dir, `${this.counter}${suffix.replace(/[^a-z0-9.]/gi, '')}`);
    this.files.push(path);
    return path;
  }

  /** Removes the files made so far, keeping the folder for the next file of the task. */
  async clean(): Promise<void> {
    const files = this.files;
    this.files = [];
    await Promise.all(files.map((f) => rm(f, { force: true }).catch(() => undefined)));
  }

  async dispose(): Promise<void> {
    const dir = this.dir;
    this.dir = undefined;
    if (!dir) return;
    await rm(dir, { recursive: true, force: true });
    liveScratch.delete(dir);
  }
}

/** Counts bytes going through and fails with `key` once `max` is passed. */
export function byteLimiter(
  max: number,
  key: typeof ErrorKeys.tooLarge | typeof ErrorKeys.zipBomb,
  onBytes?: (n: number) => void,
): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      onBytes?.(chunk.length);
      if (seen > max) done(new AnalysisError(key, { limit: max }));
      else done(null, chunk);
    },
  });
}

/** Writes a stream to a scratch file, enforcing a size limit while it is written. */
export async function spool(
  input: NodeJS.ReadableStream | Readable,
  path: string,
  max: number,
  signal: AbortSignal,
  key: typeof ErrorKeys.tooLarge | typeof ErrorKeys.zipBomb = ErrorKeys.tooLarge,
  onBytes?: (n: number) => void,
): Promise<number> {
  let size = 0;
  await pipeline(
    input as Readable,
    byteLimiter(max, key, (n) => {
      size += n;
      onBytes?.(n);
    }),
    createWriteStream(path),
    { signal },
  );
  return size;
}

/**
 * A file being analysed: its bytes in memory when it is small, or a scratch file on disk. Small
 * files are the common case and skip a round of disk writes and reads.
 */
export type Source = string | Buffer;

/** Files up to this size are kept in memory rather than spooled to disk. */
export const IN_MEMORY_MAX = 4 * 1024 * 1024;

export function openSource(src: Source, start = 0): Readable {
  if (typeof src !== 'string') return Readable.from([src.subarray(start)], { objectMode: false });
  return createReadStream(src, { start, highWaterMark: 256 * 1024 });
}

/**
 * Receives a stream, enforcing a size limit while it arrives; keeps it in memory up to
 * `IN_MEMORY_MAX`, then continues into a scratch file.
 */
export async function receive(
  input: NodeJS.ReadableStream | Readable,
  scratch: Scratch,
  max: number,
  signal: AbortSignal,
  key: typeof ErrorKeys.tooLarge | typeof ErrorKeys.zipBomb = ErrorKeys.tooLarge,
): Promise<Source> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = input as Readable;
  const iterator = stream[Symbol.asyncIterator]();
  // One abort listener for the whole read (a listener per chunk would pile up).
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  try {
    for (;;) {
      const next = (await Promise.race([iterator.next(), aborted])) as IteratorResult<Buffer | string>;
      if (next.done) return Buffer.concat(chunks, size);
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      size += chunk.length;
      if (size > max) throw new AnalysisError(key, { limit: max });
      chunks.push(chunk);
      if (size > IN_MEMORY_MAX) break;
    }
  } catch (err) {
    stream.destroy();
    throw err;
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
  const path = await scratch.file();
  const rest = Readable.from(
    (async function* () {
      yield Buffer.concat(chunks, size);
      chunks.length = 0;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      }
    })(),
  );
  await spool(rest, path, max, signal, key);
  return path;
}

export async function readHead(src: Source, bytes = 8192): Promise<Buffer> {
  if (typeof src !== 'string') return src.subarray(0, bytes);
  const fh = await open(src, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

export async function readWhole(src: Source, max: number): Promise<Buffer> {
  if (typeof src !== 'string') {
    if (src.length > max) throw new AnalysisError(ErrorKeys.tooLarge, { limit: max });
    return src;
  }
  const fh = await open(src, 'r');
  try {
    const { size } = await fh.stat();
    if (size > max) throw new AnalysisError(ErrorKeys.tooLarge, { limit: max });
    const buf = Buffer.alloc(size);
    await fh.read(buf, 0, size, 0);
    return buf;
  } finally {
    await fh.close();
  }
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    throw reason instanceof AnalysisError ? reason : new AnalysisError(ErrorKeys.aborted);
  }
}

// Windows-1252 at 0x80–0x9F (Node 20's TextDecoder decodes that range as Latin-1 C1 controls).
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
const C1_RE = /[\u0080-\u009F]/g;

/** A text decoder; the only way text is decoded here, so that Windows-1252 is decoded in full. */
export function textDecoder(encoding: TextEncodingName): {
  decode(bytes?: Uint8Array, options?: { stream?: boolean }): string;
} {
  const decoder = new TextDecoder(encoding);
  if (decoder.encoding !== 'windows-1252') return decoder;
  return {
    decode: (bytes, options) =>
      decoder.decode(bytes, options).replace(C1_RE, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] as string),
  };
}

/** A WHATWG encoding label that `TextDecoder` accepts ('utf-8', 'shift_jis', 'windows-1252', ...). */
export type TextEncodingName = string;

const DECLARED_RE =
  /<\?xml[^>]*\sencoding\s*=\s*["']([\w.:-]+)["']|<meta[^>]+charset\s*=\s*["']?([\w.:-]+)|^"Content-Type: [^"\n]*charset=([\w.:-]+)/im;

/** The encoding a document declares (XML declaration, HTML meta, PO header), if `TextDecoder` knows it. */
export function declaredEncoding(head: Buffer): string | undefined {
  const m = DECLARED_RE.exec(head.toString('latin1'));
  const label = (m?.[1] ?? m?.[2] ?? m?.[3])?.toLowerCase();
  if (!label || label.startsWith('utf-16') || label === 'charset') return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

/**
 * Picks the text encoding: the byte-order mark, else the declared encoding, else UTF-8 when the
 * bytes are valid UTF-8, else Windows-1252.
 */
export function sniffEncoding(head: Buffer): { encoding: TextEncodingName; bom: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  const declared = head[1] !== 0 && head[0] !== 0 ? declaredEncoding(head) : undefined;
  if (declared) return { encoding: declared, bom: 0 };
  // UTF-16 without BOM: "<\0?\0" or "\0<\0?"
  if (head.length >= 4 && head[1] === 0 && head[3] === 0 && head[0] !== 0)
    return { encoding: 'utf-16le', bom: 0 };
  if (head.length >= 4 && head[0] === 0 && head[2] === 0 && head[1] !== 0)
    return { encoding: 'utf-16be', bom: 0 };
  // Cut at a possible partial sequence at the end before checking.
  let end = head.length;
  while (end > 0 && end > head.length - 4 && ((head[end - 1] ?? 0) & 0xc0) === 0x80) end--;
  if (end > 0 && ((head[end - 1] ?? 0) & 0xc0) === 0xc0) end--;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return { encoding: 'utf-8', bom: 0 };
  } catch {
    return { encoding: 'windows-1252', bom: 0 };
  }
}

/**
 * Decodes a stream of bytes as text in the encoding its head shows (`sniffEncoding`: a byte-order
 * mark, else the XML declaration's or HTML meta's encoding, else UTF-8 when valid, else
 * Windows-1252); the byte-order mark is dropped. String chunks pass as they are.
 */
export async function* decodeStream(input: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  let decoder: ReturnType<typeof textDecoder> | undefined;
  let head: Buffer[] = [];
  let headBytes = 0;
  const start = () => textDecoder(sniffEncoding(Buffer.concat(head)).encoding);
  for await (let chunk of input) {
    if (typeof chunk === 'string') {
      yield chunk;
      continue;
    }
    if (!decoder) {
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < 4096) continue;
      decoder = start();
      chunk = Buffer.concat(head);
      head = [];
    }
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  if (!decoder && headBytes === 0) return;
  decoder ??= start();
  const tail = decoder.decode(Buffer.concat(head));
  if (tail) yield tail;
}

/** Streams a text file as decoded string chunks, checking the abort signal between chunks. */
export async function* readTextChunks(
  path: Source,
  signal: AbortSignal,
  encodingHint?: TextEncodingName,
): AsyncGenerator<string> {
  const head = await readHead(path, 4096);
  const { encoding, bom } = encodingHint ? { encoding: encodingHint, bom: 0 } : sniffEncoding(head);
  const decoder = textDecoder(encoding);
  const stream = openSource(path, bom);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      throwIfAborted(signal);
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const tail = decoder.decode();
    if (tail) yield tail;
  } finally {
    stream.destroy();
  }
}

/**
 * Longest paragraph handed on at once: longer ones (a 100 MB file on one line, a huge XML text
 * node) are cut at whitespace, so memory does not grow with the document.
 */
export const PARAGRAPH_CAP = 64 * 1024;

const SPACE_RE = /\s/;
const END_RE = /[.!?。！？]/;

/**
 * Where to cut `text` under `max`: after the last sentence end followed by whitespace in its
 * second half, else at the last whitespace, else at `max`.
 */
export function cutAtWhitespace(text: string, max: number): number {
  let space = -1;
  for (let i = max; i > max / 2; i--) {
    if (!SPACE_RE.test(text[i] ?? '')) continue;
    if (END_RE.test(text[i - 1] ?? '')) return i;
    if (space < 0) space = i;
  }
  return space > 0 ? space : max;
}

/** Yields lines of a text file without holding the whole file; lines over `PARAGRAPH_CAP` come in pieces cut at whitespace. */
export async function* readLines(path: Source, signal: AbortSignal): AsyncGenerator<string> {
  let carry = '';
  for await (const chunk of readTextChunks(path, signal)) {
    const text = carry + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
      yield text.slice(start, nl).replace(/\r$/, '');
      start = nl + 1;
    }
    carry = text.slice(start);
    while (carry.length > PARAGRAPH_CAP) {
      const cut = cutAtWhitespace(carry, PARAGRAPH_CAP);
      yield carry.slice(0, cut);
      carry = carry.slice(cut);
    }
  }
  if (carry) yield carry.replace(/\r$/, '');
}
