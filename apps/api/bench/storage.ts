// A large file streamed into each store and read back: time and the most memory it took.
// Prints figures; asserts nothing. S3 is s3rver on this machine (so the figure is the code's and
// s3rver's, not a network's).
//   npm run bench:storage
//   STORAGE_BENCH_MB=<n>   size of the file (256)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startS3 } from '../test/s3.ts';
import { localDiskStorage } from '../src/plugins/disk-storage.ts';
import { s3Client, s3Storage } from '../src/plugins/s3-storage.ts';
import type { Storage } from '../src/plugins/stored-file.ts';

const MB = 1024 * 1024;
const size = Number(process.env.STORAGE_BENCH_MB ?? 256) * MB;

/** `size` bytes streamed in 64 KiB chunks, never one buffer. */
function content(): Readable {
  const chunk = Buffer.alloc(64 * 1024, 'Verba ');
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += chunk.length) yield chunk;
    })(),
  );
}

/** The largest resident memory seen while `work` runs, over what the process held before. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakMb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - started, peakMb: (peak - base) / MB };
  } finally {
    clearInterval(timer);
  }
}

async function run(name: string, storage: Storage) {
  const saved = await measured(() => storage.save('bench', content(), size + 1));
  const read = await measured(async () => {
    const hash = createHash('sha256');
    for await (const chunk of (await storage.openExisting(saved.value.key))!) hash.update(chunk as Buffer);
    return hash.digest('hex');
  });
  const rate = (ms: number) => Math.round(size / MB / (ms / 1000));
  console.log(
    `${name}: save ${size / MB} MB in ${Math.round(saved.ms)} ms (${rate(saved.ms)} MB/s, +${Math.round(saved.peakMb)} MB memory at most); ` +
      `read back in ${Math.round(read.ms)} ms (${rate(read.ms)} MB/s, +${Math.round(read.peakMb)} MB); ` +
      `same bytes: ${read.value === saved.value.sha256}`,
  );
  await storage.remove(saved.value.key);
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-bench-storage-'));
const s3 = await startS3('verba-bench');
const client = s3Client(s3.settings);
try {
  await run('disk', localDiskStorage(folder));
  await run('S3 (s3rver)', s3Storage(s3.settings, client));
} finally {
  client.destroy();
  await s3.stop();
  fs.rmSync(folder, { recursive: true, force: true });
}
