import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.ts';
import {
  FileTooLargeError,
  keepsItsError,
  meteredCopy,
  newKey,
  SAFE_PREFIX,
  StorageUnavailableError,
  type Storage,
} from './stored-file.ts';

/**
 * A multipart upload holds up to QUEUE parts of PART_BYTES in memory while they are sent: the
 * memory one upload may take, whatever the file's size (S3's smallest part is 5 MiB).
 */
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE = 2;
/** S3 lists and deletes at most 1000 keys per call. */
const PAGE = 1000;

export function s3Client(settings: S3Settings, maxAttempts = 3): S3Client {
  // The SDK warns on Node 20 that its releases after January 2027 will need Node 22; the version
  // pinned in package.json runs on Node 20, and the warning would break the start-up's one line.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    maxAttempts,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // The SDK's default CRC32 checksums are not understood by every S3-compatible store (R2,
    // Ceph RGW and MinIO releases refuse or ignore them); checksums are sent only where S3 needs one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not accept a connection, or stops answering (also mid-transfer), fails the call.
    requestHandler: { connectionTimeout: settings.timeoutMs, socketTimeout: settings.timeoutMs },
  });
}

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
/** A missing object, not a missing bucket (NoSuchBucket is also a 404). HEAD replies have no body, so no name but NotFound. */
const isMissing = (err: unknown) => {
  const name = (err as { name?: string }).name;
  return name === 'NoSuchKey' || (name === 'NotFound' && statusOf(err) === 404);
};

const unavailable = (writing: boolean, err: unknown) =>
  err instanceof StorageUnavailableError ? err : new StorageUnavailableError(writing, { cause: err });

/** What a missing object reads as: the same error as a missing file on disk. */
const noSuchFile = (key: string) =>
  Object.assign(new Error(`no stored file ${key}`), { code: 'ENOENT' as const });

/** A stream that calls `open` on its first read. */
function readOnDemand(open: () => Readable): Readable {
  let source: Readable | undefined;
  const out: Readable = new Readable({
    read() {
      if (source) {
        source.resume();
        return;
      }
      source = open();
      source.on('data', (chunk: Buffer) => {
        if (!out.push(chunk)) source?.pause();
      });
      source.on('end', () => out.push(null));
      source.on('error', (err) => out.destroy(err));
    },
    destroy(err, callback) {
      source?.destroy();
      callback(err);
    },
  });
  return out;
}

/**
 * The object's body as a stream of ours: a failure mid-transfer is the store's (503 material),
 * and a reader that stops (a download cut short) releases the connection.
 */
function relay(body: Readable): Readable {
  const out = new PassThrough();
  pipeline(body, out, (err) => {
    if (err && !out.destroyed) out.destroy(unavailable(false, err));
  });
  out.on('close', () => body.destroy());
  return keepsItsError(out);
}

/** Files in one S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph RGW); the bucket is Verba's. */
export function s3Storage(settings: S3Settings, client: S3Client): Storage {
  const Bucket = settings.bucket;

  const get = async (key: string): Promise<Readable | undefined> => {
    try {
      const reply = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return relay(reply.Body as Readable);
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw unavailable(false, err);
    }
  };

  async function* pages(prefix: string | undefined) {
    let token: string | undefined;
    do {
      let page;
      try {
        page = await client.send(
          new ListObjectsV2Command({ Bucket, MaxKeys: PAGE, Prefix: prefix, ContinuationToken: token }),
        );
      } catch (err) {
        throw unavailable(false, err);
      }
      yield page.Contents ?? [];
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  const open = (key: string): Readable => {
    const out = new PassThrough();
    get(key).then(
      (body) => {
        if (!body) return out.destroy(noSuchFile(key));
        out.on('close', () => body.destroy());
        pipeline(body, out, () => {});
      },
      (err: unknown) => out.destroy(err as Error),
    );
    return keepsItsError(out);
  };

  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (err) {
      if (!isMissing(err)) throw unavailable(false, err);
    }
    // A HEAD reply has no body to tell a missing object from a missing bucket: ask about the bucket.
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
      return false;
    } catch (err) {
      throw unavailable(false, err);
    }
  };

  return {
    async save(prefix, source, maxBytes) {
      const key = newKey(prefix);
      const copy = meteredCopy(maxBytes);
      let bodyError: unknown;
      // The upload reads the copy; a file over the limit (or a client that goes away) fails it.
      const body = pipeline(source, copy.stream, (err) => (bodyError ??= err ?? undefined));
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body },
        partSize: PART_BYTES,
        queueSize: QUEUE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        body.destroy();
        // A single-part upload may have been stored before the reply was lost.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => {});
        if (bodyError instanceof FileTooLargeError) throw bodyError;
        if (bodyError && !(err as { $metadata?: unknown }).$metadata) throw bodyError;
        throw unavailable(true, err);
      }
      if (bodyError) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => {});
        throw bodyError;
      }
      return { key, size: copy.size(), sha256: copy.sha256() };
    },
    open,
    // Checked now, read on the first read: a zip of many files holds no connection per file while
    // it waits for its turn (keys are never reused, so what is read is what was checked).
    async openExisting(key) {
      return (await exists(key)) ? keepsItsError(readOnDemand(() => open(key))) : undefined;
    },
    exists,
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        throw unavailable(true, err);
      }
    },
    async removePrefix(prefix) {
      if (!SAFE_PREFIX.test(prefix)) throw new Error(`unsafe storage prefix: ${prefix}`);
      for await (const objects of pages(`${prefix.replace(/\/$/, '')}/`)) {
        if (!objects.length) continue;
        let reply;
        try {
          reply = await client.send(
            new DeleteObjectsCommand({
              Bucket,
              Delete: { Objects: objects.map((o) => ({ Key: o.Key! })), Quiet: true },
            }),
          );
        } catch (err) {
          throw unavailable(true, err);
        }
        if (reply.Errors?.length) throw unavailable(true, reply.Errors[0]);
      }
    },
    async *listOlderThan(before) {
      for await (const objects of pages(undefined))
        for (const o of objects)
          if (o.Key && o.LastModified && o.LastModified.getTime() < before) yield o.Key;
    },
  };
}

/**
 * The start-up check: the bucket exists and takes a write and a removal with these credentials.
 * Throws the SDK's own error (startup-checks.ts words it), after one attempt each.
 */
export async function probeBucket(settings: S3Settings): Promise<void> {
  const client = s3Client(settings, 1);
  const Bucket = settings.bucket;
  try {
    await client.send(new HeadBucketCommand({ Bucket }));
    const Key = `.verba-write-check-${randomUUID()}`;
    await client.send(new PutObjectCommand({ Bucket, Key, Body: '' }));
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  } finally {
    client.destroy();
  }
}
