import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Client } from '@aws-sdk/client-s3';
import { closedPort, s3Settings, silentServer, startS3, type S3TestServer } from '../../test/s3.ts';
import { loadConfig, type S3Settings } from '../config.ts';
import { checkFileStore, StartupError } from '../startup-checks.ts';
import { localDiskStorage } from './disk-storage.ts';
import { s3Client, s3Storage } from './s3-storage.ts';
import { FileTooLargeError, StorageUnavailableError, type Storage } from './stored-file.ts';

const MiB = 1024 * 1024;

/** `size` bytes of a repeating pattern, streamed in 64 KiB chunks (never one buffer). */
function pattern(size: number): { stream: () => Readable; sha256: string } {
  const chunk = Buffer.alloc(64 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = i % 251;
  const chunks = function* () {
    for (let sent = 0; sent < size; sent += chunk.length)
      yield chunk.subarray(0, Math.min(chunk.length, size - sent));
  };
  const hash = createHash('sha256');
  for (const c of chunks()) hash.update(c);
  return { stream: () => Readable.from(chunks()), sha256: hash.digest('hex') };
}

async function read(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function keys(storage: Storage): Promise<string[]> {
  const found: string[] = [];
  for await (const key of storage.listOlderThan(Date.now() + 60_000)) found.push(key);
  return found.sort();
}

let s3: S3TestServer;
let client: S3Client;
let filesDir: string;
beforeAll(async () => {
  s3 = await startS3();
  client = s3Client(s3.settings);
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-storage-'));
});
afterAll(async () => {
  client.destroy();
  await s3.stop();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const backends: Array<[string, () => Storage]> = [
  ['disk', () => localDiskStorage(filesDir)],
  ['S3 (s3rver)', () => s3Storage(s3.settings, client)],
];

describe.each(backends)('file storage on %s', (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = make();
    for (const key of await keys(storage)) await storage.remove(key);
  });

  it('streams a file in and out, with its size and hash', async () => {
    const saved = await storage.save(
      'source',
      Readable.from([Buffer.from('Hello '), Buffer.from('world.')]),
      100,
    );
    expect(saved).toEqual({
      key: expect.stringMatching(/^source\/[0-9a-f-]{36}$/),
      size: 12,
      sha256: createHash('sha256').update('Hello world.').digest('hex'),
    });
    expect((await read(storage.open(saved.key))).toString()).toBe('Hello world.');
    expect((await read((await storage.openExisting(saved.key))!)).toString()).toBe('Hello world.');
    expect(await storage.exists(saved.key)).toBe(true);
    await storage.remove(saved.key);
    expect(await storage.exists(saved.key)).toBe(false);
  });

  it('stores a file of several upload parts, read back byte for byte', async () => {
    const file = pattern(11 * MiB + 123);
    const saved = await storage.save('translated', file.stream(), 12 * MiB);
    expect(saved.size).toBe(11 * MiB + 123);
    expect(saved.sha256).toBe(file.sha256);
    const back = await read((await storage.openExisting(saved.key))!);
    expect(createHash('sha256').update(back).digest('hex')).toBe(file.sha256);
    await storage.remove(saved.key);
  });

  it('refuses a file past the limit and leaves nothing behind, also after parts were sent', async () => {
    for (const [size, max] of [
      [2000, 1000],
      [11 * MiB, 6 * MiB],
    ] as const) {
      await expect(storage.save('source', pattern(size).stream(), max)).rejects.toBeInstanceOf(
        FileTooLargeError,
      );
    }
    expect(await keys(storage)).toEqual([]);
  });

  it('a missing file: undefined to open for a download, an error to read, absent', async () => {
    const key = 'source/00000000-0000-4000-8000-000000000000';
    expect(await storage.openExisting(key)).toBeUndefined();
    expect(await storage.exists(key)).toBe(false);
    await expect(read(storage.open(key))).rejects.toMatchObject({ code: 'ENOENT' });
    await storage.remove(key);
  });

  it('removes a prefix and everything under it, and nothing else', async () => {
    const under = await Promise.all(
      [1, 2, 3].map(() => storage.save('glossaries/7', Readable.from([Buffer.from('x')]), 10)),
    );
    const beside = await storage.save('glossaries/70', Readable.from([Buffer.from('y')]), 10);
    await storage.removePrefix('glossaries/7');
    for (const saved of under) expect(await storage.exists(saved.key)).toBe(false);
    expect(await keys(storage)).toEqual([beside.key]);
    await storage.remove(beside.key);
  });

  it('lists only files written before the given time', async () => {
    const saved = await storage.save('tm-imports', Readable.from([Buffer.from('tmx')]), 10);
    expect(await keys(storage)).toEqual([saved.key]);
    const older: string[] = [];
    for await (const key of storage.listOlderThan(Date.now() - 60_000)) older.push(key);
    expect(older).toEqual([]);
    await storage.remove(saved.key);
  });

  it('refuses a prefix that is not ours', async () => {
    await expect(storage.save('../etc', Readable.from([Buffer.from('x')]), 10)).rejects.toThrow(/unsafe/);
    await expect(storage.removePrefix('a b')).rejects.toThrow(/unsafe/);
  });
});

describe('S3 that fails', () => {
  it('unreachable: every call is StorageUnavailableError (a write says it wrote nothing)', async () => {
    const settings = s3Settings(await closedPort());
    const down = s3Client(settings, 1);
    const storage = s3Storage(settings, down);
    const save = storage.save('source', Readable.from([Buffer.from('x')]), 10);
    await expect(save).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(save).rejects.toMatchObject({ writing: true });
    await expect(storage.openExisting('source/x')).rejects.toMatchObject({ writing: false });
    await expect(read(storage.open('source/x'))).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.remove('source/x')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(keys(storage)).rejects.toBeInstanceOf(StorageUnavailableError);
    down.destroy();
  });

  it('a store that accepts the connection and never answers: the call times out', async () => {
    const silent = await silentServer();
    const settings = s3Settings(silent.endpoint, 'verba-test', 300);
    const hung = s3Client(settings, 1);
    const storage = s3Storage(settings, hung);
    await expect(storage.save('source', Readable.from([Buffer.from('x')]), 10)).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
    await expect(storage.openExisting('source/x')).rejects.toBeInstanceOf(StorageUnavailableError);
    hung.destroy();
    await silent.close();
  });

  it('the bucket missing: StorageUnavailableError, not a missing file', async () => {
    const settings = { ...s3.settings, bucket: 'no-such-bucket' };
    const storage = s3Storage(settings, client);
    await expect(storage.save('source', Readable.from([Buffer.from('x')]), 10)).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
    await expect(storage.openExisting('source/x')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(read(storage.open('source/x'))).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe('the start-up check of the bucket', () => {
  const failure = (settings: S3Settings) =>
    checkFileStore(loadConfig({ NODE_ENV: 'test' }, { s3: settings })).then(
      () => 'started',
      (err: unknown) => (err instanceof StartupError ? err.message : err),
    );

  it('passes on a bucket that takes a write, and leaves nothing in it', async () => {
    const storage = s3Storage(s3.settings, client);
    const before = await keys(storage);
    expect(await failure(s3.settings)).toBe('started');
    expect(await keys(storage)).toEqual(before);
  });

  it('names the setting to correct: the bucket, the endpoint, the credentials', async () => {
    expect(await failure({ ...s3.settings, bucket: 'no-such-bucket' })).toMatch(
      /^The bucket no-such-bucket \(S3_BUCKET\) does not exist at the object storage at http:\/\/127\.0\.0\.1:\d+\. Create it/,
    );
    expect(await failure(s3Settings(await closedPort()))).toMatch(
      /^Cannot reach the object storage at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)\. Start it, or correct S3_ENDPOINT/,
    );
    const silent = await silentServer();
    expect(await failure(s3Settings(silent.endpoint, 'verba-test', 300))).toMatch(
      /^Cannot reach .* S3_ENDPOINT/,
    );
    await silent.close();
    const wrongKey = await failure({
      ...s3.settings,
      credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong-secret' },
    });
    expect(wrongKey).toMatch(/refused the credentials .* S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(wrongKey).not.toContain('wrong-secret');
  });

  it('STORAGE=s3 needs S3_BUCKET, and both halves of a key', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' }).s3).toEqual({
      bucket: 'b',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: undefined,
      timeoutMs: 30_000,
    });
  });
});
