import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ZodError } from 'zod';
import type { Config, S3Settings } from './config.ts';
import { FolderInUseError } from './db/folder-lock.ts';
import { probeBucket } from './plugins/s3-storage.ts';

/**
 * Start-up failures told in one line that names the setting and what to do (never a stack trace,
 * never a password): a folder it cannot write, a database it cannot reach or sign in to, a port in
 * use, an embedded database held by another process. Anything else keeps its stack.
 */

const FOLDER_ERRORS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
};

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

type ErrnoLike = { code?: unknown; path?: unknown; syscall?: unknown; errors?: unknown[]; cause?: unknown };

const codeOf = (err: unknown): string | undefined => {
  const e = err as ErrnoLike | undefined;
  if (typeof e?.code === 'string') return e.code;
  // net answers an address that resolves to several (IPv4 and IPv6) with an AggregateError
  const first = Array.isArray(e?.errors) ? (e.errors[0] as ErrnoLike | undefined) : undefined;
  return typeof first?.code === 'string' ? first.code : undefined;
};

/** What to call a folder, by the setting it comes from. */
function folderOf(target: string, config: Config): { what: string; variable: string } {
  const inside = (root: string) => target === root || target.startsWith(root + path.sep);
  // Unset, FILES_DIR is DATA_DIR/files: either setting moves it.
  const filesVariable =
    config.filesDir === path.join(config.dataDir, 'files') ? 'DATA_DIR (or FILES_DIR)' : 'FILES_DIR';
  if (inside(config.filesDir)) return { what: 'files folder', variable: filesVariable };
  if (inside(config.dataDir)) return { what: 'data folder', variable: 'DATA_DIR' };
  return { what: 'folder', variable: 'DATA_DIR or FILES_DIR' };
}

/** The database server a URL names, without its password. */
function serverOf(databaseUrl: string): { at: string; user: string; database: string } {
  const url = new URL(databaseUrl);
  return {
    at: `${url.hostname || 'localhost'}:${url.port || '5432'}`,
    user: decodeURIComponent(url.username) || 'the default user',
    database: decodeURIComponent(url.pathname.slice(1)) || 'the default database',
  };
}

/** DATABASE_URL's shape, checked before connecting (and never echoed: it may hold a password). */
export function checkDatabaseUrl(config: Config): void {
  const url = config.databaseUrl;
  if (url === undefined) return;
  if (!URL.canParse(url) || !['postgres:', 'postgresql:'].includes(new URL(url).protocol))
    throw new StartupError(
      'DATABASE_URL is not a PostgreSQL address. Write it as postgres://user:password@host:5432/database, or unset it to use the embedded database in DATA_DIR.',
    );
}

/** The files folder exists and can be written, before anything else is started. */
export function checkFilesFolder(config: Config): void {
  fs.mkdirSync(config.filesDir, { recursive: true });
  fs.accessSync(config.filesDir, fs.constants.W_OK);
  const probe = path.join(config.filesDir, `.verba-write-check-${process.pid}`);
  fs.writeFileSync(probe, '');
  fs.rmSync(probe, { force: true });
}

/** The file store takes files: the files folder, or (STORAGE=s3) the bucket. */
export async function checkFileStore(config: Config): Promise<void> {
  if (!config.s3) return checkFilesFolder(config);
  try {
    await probeBucket(config.s3);
  } catch (err) {
    throw new StartupError(bucketFailureMessage(err, config.s3));
  }
}

const REFUSED_CREDENTIALS = new Set([
  'AccessDenied',
  'Forbidden',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
]);

/** Why the bucket cannot be used, naming the settings to correct (never the secret key). */
export function bucketFailureMessage(err: unknown, s3: S3Settings): string {
  const where = s3.endpoint ? `the object storage at ${s3.endpoint}` : `AWS S3 in ${s3.region}`;
  const e = err as ErrnoLike & { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const code = codeOf(e) ?? codeOf(e.cause);
  if (e.name === 'TimeoutError' || (code && UNREACHABLE.has(code)))
    return `Cannot reach ${where} (${code ?? 'no answer in time'}). Start it, or correct S3_ENDPOINT (and S3_TIMEOUT_SECONDS for a slow store).`;
  if (e.name === 'NotFound' || e.name === 'NoSuchBucket' || status === 404)
    return `The bucket ${s3.bucket} (S3_BUCKET) does not exist at ${where}. Create it, or correct S3_BUCKET (and S3_ENDPOINT, S3_FORCE_PATH_STYLE).`;
  if ((e.name && REFUSED_CREDENTIALS.has(e.name)) || status === 403)
    return `${where[0]!.toUpperCase()}${where.slice(1)} refused the credentials for the bucket ${s3.bucket} (${e.name ?? status}). Correct S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or let that key read, write and delete in the bucket.`;
  if (status === 301 || e.name === 'PermanentRedirect' || e.name === 'AuthorizationHeaderMalformed')
    return `The bucket ${s3.bucket} is not in the region ${s3.region} at ${where}. Set S3_REGION to the bucket's region.`;
  return `${where[0]!.toUpperCase()}${where.slice(1)} could not be used for the bucket ${s3.bucket} (S3_BUCKET): ${e.name ?? 'error'}${status ? ` (HTTP ${status})` : ''}. Check S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE.`;
}

/** The port is free (told now, not after the database's migrations and seeding). */
export async function checkPort(config: Config): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () =>
      probe.close(() => resolve()),
    );
  });
}

/** A failure already worded for the person starting the server. */
export class StartupError extends Error {}

/** One line for a known start-up failure, or undefined. */
export function startupFailureMessage(err: unknown, config: Config | undefined): string | undefined {
  if (err instanceof StartupError || err instanceof FolderInUseError) return err.message;
  if (err instanceof ZodError) {
    const settings = err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    return `A setting is not valid (${settings}). Correct it in the environment.`;
  }
  if (!config) return undefined;
  // The database layer wraps the driver's error (DrizzleQueryError): the code is on its cause.
  let e = err as ErrnoLike & { cause?: unknown };
  while (!codeOf(e) && e?.cause) e = e.cause as ErrnoLike & { cause?: unknown };
  const code = codeOf(e);
  if (code && (e.syscall === 'listen' || e.syscall === 'bind')) {
    const where = `port ${config.port}${config.host ? ` on ${config.host}` : ''}`;
    if (code === 'EADDRINUSE')
      return `The ${where} is already in use by another process. Stop that process, or set PORT (and HOST) to a free port.`;
    if (code === 'EACCES')
      return `This user may not listen on ${where}. Set PORT to a port above 1023, or run behind a proxy that listens there.`;
  }
  if (code && FOLDER_ERRORS[code] && typeof e.path === 'string') {
    const { what, variable } = folderOf(e.path, config);
    return `Cannot write the ${what} ${e.path} (${variable}): ${FOLDER_ERRORS[code]}. Make it writable by the user running Verba, or set ${variable} to a folder it can write.`;
  }
  if (config.databaseUrl) {
    const server = serverOf(config.databaseUrl);
    if (code && UNREACHABLE.has(code))
      return `Cannot reach the PostgreSQL server at ${server.at} named by DATABASE_URL (${code}). Start PostgreSQL there, or correct the host and port in DATABASE_URL.`;
    if (code === '28P01' || code === '28000')
      return `PostgreSQL at ${server.at} refused to sign in ${server.user} (wrong password, or no such user). Correct the user and password in DATABASE_URL.`;
    if (code === '3D000')
      return `The database ${server.database} does not exist on the PostgreSQL server at ${server.at}. Create it (createdb ${server.database}), or name an existing database in DATABASE_URL.`;
  }
  return undefined;
}

/** Ends a start that failed: one clear line for a known failure, the stack for anything else. */
export function exitOnStartupFailure(err: unknown, config: Config | undefined): never {
  const message = startupFailureMessage(err, config);
  console.error(message ? `Verba could not start: ${message}` : err);
  process.exit(1);
}
