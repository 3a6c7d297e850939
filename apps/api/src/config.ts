import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { KEPT_UNIT_BYTES, KEPT_UNITS, LOOKUP_THREADS_FROM_UNITS } from '@verba/analysis';
import {
  VERIFACTU_OFF,
  requireVerifactuSettings,
  verifactuConfig,
  verifactuEnv,
  type VerifactuConfig,
} from './verifactu-config.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

/** The API package's version: the VeriFactu records name it as the invoicing system's version. */
function apiVersion(): string {
  const file = path.join(repoRoot, 'apps/api/package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

const envSchema = z
  .object({
    NODE_ENV: z.string().default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().optional(),
    DATABASE_URL: z.string().optional(),
    REDIS_URL: z.string().optional(),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
    DATA_DIR: z.string().optional(),
    FILES_DIR: z.string().optional(),
    STORAGE: z.enum(['disk', 's3']).default('disk'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_FORCE_PATH_STYLE: bool.default(false),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
    MAX_FILE_MB: z.coerce.number().positive().default(200),
    MAX_TASK_MB: z.coerce.number().positive().default(1024),
    MAX_TMX_MB: z.coerce.number().positive().default(4096),
    MAX_FILES_PER_TASK: z.coerce.number().int().positive().default(500),
    ANALYSIS_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    ANALYSIS_PREPARE_AT_START: bool.optional(),
    ANALYSIS_WORKER_HEAP_MB: z.coerce.number().int().min(64).default(1024),
    ANALYSIS_LOOKUP_THREADS: z.coerce.number().int().min(1).max(64).optional(),
    ANALYSIS_LOOKUP_THREADS_FROM_UNITS: z.coerce.number().int().min(0).default(LOOKUP_THREADS_FROM_UNITS),
    ANALYSIS_KEPT_UNITS: z.coerce.number().int().min(0).optional(),
    ANALYSIS_INDEX_DIR: z.string().optional(),
    ANALYSIS_INDEX_DISK_MB: z.coerce.number().min(0).optional(),
    DEMO_DATA: bool.optional(),
    PUBLIC_URL: z.string().optional(),
    WEB_DIST: z.string().optional(),
    SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(8 * 60 * 60),
    PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).default(60),
    LOGIN_MAX_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    REQUIRE_2FA_FOR_STAFF: bool.default(false),
    /** 32 bytes (64 hex digits or base64) that encrypt TOTP keys and SSO client secrets at rest. */
    SECRETS_KEY: z.string().optional(),
    /** Earlier SECRETS_KEYs, comma-separated: read, and re-encrypted under SECRETS_KEY at start. */
    SECRETS_KEY_PREVIOUS: z.string().optional(),
    SSO_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.coerce.number().int().default(587),
    SMTP_SECURE: bool.default(false),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    SMTP_IGNORE_TLS: bool.default(false),
    MAIL_FROM: z.string().default('Verba <no-reply@verba.test>'),
    BRAND_NAME: z.string().default('Verba'),
    BRAND_ADDRESS: z.string().default('Passeig de Gràcia 1, 08007 Barcelona, Spain · hello@verba.test'),
    /** The provider's tax ID (CIF/NIF), printed on invoices. */
    BRAND_TAX_ID: z.string().default('B00000000'),
    INITIAL_ADMIN_EMAIL: z.string().optional(),
    INITIAL_ADMIN_PASSWORD: z.string().optional(),
    TRUST_PROXY: bool.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PAYMENT_GATEWAY: z.enum(['sandbox', 'redsys']).optional(),
    ALLOW_SANDBOX_PAYMENTS: bool.default(false),
    REDSYS_URL: z.url().default('https://sis-t.redsys.es:25443/sis/realizarPago'),
    REDSYS_MERCHANT_CODE: z.string().optional(),
    REDSYS_TERMINAL: z.string().default('1'),
    REDSYS_MERCHANT_KEY: z.string().optional(),
    GUEST_TASK_TTL_DAYS: z.coerce.number().int().min(1).default(30),
    QUOTE_CHALLENGE_SECRET: z.string().min(16).optional(),
    QUOTE_CHALLENGE_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(200_000),
    QUOTE_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
    QUOTE_MAX_PER_EMAIL_PER_DAY: z.coerce.number().int().min(1).default(5),
    TOKEN_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    WEBHOOK_ALLOW_PRIVATE: bool.default(false),
    ...verifactuEnv,
  })
  .superRefine(requireVerifactuSettings);

/** The object storage settings that only make sense together. */
function storageSettingsAgree(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) {
  if (env.STORAGE === 's3' && !env.S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE=s3' });
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    });
}

/** Known to everyone: it only keeps secrets out of plain sight on development machines. */
const DEVELOPMENT_SECRETS_KEY = createHash('sha256').update('verba development secrets key').digest();

/** A key of SECRETS_KEY or SECRETS_KEY_PREVIOUS as 32 bytes (64 hex digits, or base64). */
function keyOf(value: string, variable: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32)
    throw new Error(
      `${variable} must be 32 bytes: 64 hex digits or 44 base64 characters (openssl rand -hex 32)`,
    );
  return key;
}

function secretsKeyOf(value: string | undefined, production: boolean): Buffer | undefined {
  if (value === undefined || value === '') return production ? undefined : DEVELOPMENT_SECRETS_KEY;
  return keyOf(value, 'SECRETS_KEY');
}

/**
 * SECRETS_KEY_PREVIOUS: the keys secrets may still be encrypted with (comma-separated). Outside
 * production the development key is always among them, so a machine that sets its own SECRETS_KEY
 * keeps the secrets it made without one.
 */
function previousSecretsKeysOf(value: string | undefined, production: boolean): Buffer[] {
  const keys = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => keyOf(part, 'SECRETS_KEY_PREVIOUS'));
  return production ? keys : [...keys, DEVELOPMENT_SECRETS_KEY];
}

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph RGW). */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** How long a connection may take to open, and a call may stay silent, before it fails. */
  timeoutMs: number;
}

/** A host name or address that only this machine reaches. */
export const isLoopbackHost = (host: string) =>
  /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host.trim());

export interface Config {
  /** Spain's invoicing-software rules (ADR 0031): AEAT records, fingerprint chain, QR, submission. */
  verifactu: VerifactuConfig;
  env: string;
  production: boolean;
  port: number;
  host: string;
  /** Unset: the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where request limits are counted when set; else PostgreSQL, or memory on the embedded database. */
  redisUrl: string | undefined;
  /**
   * Stopping (SIGTERM): readiness fails at once, new connections are taken for `drainSeconds` more
   * (while the balancer notices), then requests in flight get up to `timeoutSeconds` to finish.
   */
  shutdown: { drainSeconds: number; timeoutSeconds: number };
  /** Uploaded and delivered files on the local disk (unless `s3` is set). */
  filesDir: string;
  /** Set (STORAGE=s3): every file lives in this bucket instead of `filesDir`. */
  s3: S3Settings | undefined;
  uploads: { maxFileBytes: number; maxTaskBytes: number; maxFiles: number };
  /** Worker threads analysing uploaded files, and the heap each may use. */
  analysis: {
    workers: number;
    workerHeapMb: number;
    lookupThreads: number;
    lookupThreadsFromUnits: number;
    /** Units of memory pairs each worker keeps indexed between analyses (ADR 0027). */
    keptUnits: number;
    prepareAtStart: boolean;
    /**
     * Where the workers write the indexes they read, to read them back after a restart or once
     * dropped (ADR 0027, tenth pass), and the most the files may take; undefined: not written.
     */
    snapshots: { dir: string; maxBytes: number } | undefined;
  };
  /** Largest TMX file staff may import into a translation memory (streamed to disk, then parsed). */
  maxTmxBytes: number;
  demoData: boolean;
  publicUrl: string;
  /**
   * PUBLIC_URL unset, not production, listening on loopback only: payment return URLs use the host
   * the browser used (127.0.0.1 or localhost), so the bank brings the person back to their session.
   */
  publicUrlFromBrowser?: boolean;
  webDist: string;
  sessionTtlSeconds: number;
  passwordResetTtlMinutes: number;
  login: {
    maxPerIpPerMinute: number;
    maxFailuresPerAccount: number;
    failureWindowMinutes: number;
    /** How long a sign-in waits for a slot while the account's checks in flight fill them (30 s). */
    slotWaitSeconds?: number;
  };
  /** Both staff roles must sign in with a second factor (they enrol at their next sign-in). */
  requireTwoFactorForStaff: boolean;
  /**
   * The key that encrypts secrets kept in the database (ADR 0032): SECRETS_KEY, or outside
   * production a published development key. Unset in production: nothing can be encrypted.
   */
  secretsKey: Buffer | undefined;
  /**
   * Keys secrets were encrypted with before (SECRETS_KEY_PREVIOUS, a rotation): still read, and
   * re-encrypted under `secretsKey` when a server starts.
   */
  previousSecretsKeys: Buffer[];
  /** Single sign-on: how long a call to an identity provider may take. */
  sso: { timeoutSeconds: number };
  bodyLimitBytes: number;
  /** Without SMTP every mail goes to the outbox table (and the log). */
  smtp:
    | { host: string; port: number; secure: boolean; ignoreTLS: boolean; user?: string; password?: string }
    | undefined;
  mailFrom: string;
  /** The provider's own brand, printed in mails and documents (DESIGN §1). */
  brand: { name: string; address: string; taxId: string };
  initialAdmin: { email: string; password: string } | undefined;
  trustProxy: boolean;
  logLevel: string;
  /** Card payments (DESIGN §8): the built-in sandbox bank or Redsys; checked when the app is built. */
  payments: {
    gateway: 'sandbox' | 'redsys';
    allowSandboxInProduction: boolean;
    redsys: { url: string; merchantCode?: string; terminal: string; merchantKey?: string };
  };
  /**
   * Whether the task list's and detail's replies are kept until the database announces a change
   * (ADR 0022, ADR 0024). Always on when served; tests and the bench turn it off to read the database.
   */
  keepTaskReplies: boolean;
  /** The public quote form: guest task lifetime, bot check, rate limits. */
  guestQuotes: {
    ttlDays: number;
    /** HMAC key of the proof-of-work challenges; unset: one random key kept in the database for every server. */
    challengeSecret: string | undefined;
    challengeMaxNumber: number;
    maxPerIpPerHour: number;
    maxPerEmailPerDay: number;
  };
  /** Calls a personal API token may make per minute (per server process). */
  tokens: { maxPerMinute: number };
  /**
   * Webhook deliveries: `allowPrivate` lets endpoints use plain http and private, loopback or
   * link-local addresses (tests, development). A failing delivery is retried `firstRetryMs`, then twice as
   * long each time (at most `longestRetryMs`), for `retryForMs`; an endpoint failing that long is disabled.
   */
  webhooks: {
    allowPrivate: boolean;
    timeoutMs: number;
    firstRetryMs: number;
    longestRetryMs: number;
    retryForMs: number;
  };
}

/**
 * Units each analysis worker keeps indexed between quotes unless told (`ANALYSIS_KEPT_UNITS`): the
 * workers share a quarter of the memory this process may use (a container's limit, not the host's),
 * and each keeps a million at least, as before. A quote in three languages against three large
 * memories reads none of them again when all three are kept.
 */
function keptUnitsFor(workers: number): number {
  const limit = process.constrainedMemory?.() || Infinity;
  const memory = Math.min(os.totalmem(), limit);
  return Math.max(KEPT_UNITS, Math.floor(memory / 4 / workers / KEPT_UNIT_BYTES));
}

/**
 * Where the analysis workers write the indexes they read (`<data>/tm-indexes`, 4 GB at most), unless
 * ANALYSIS_INDEX_DISK_MB is 0; tests, which start hundreds of servers, write none unless told.
 */
function indexSnapshots(
  parsed: z.infer<typeof envSchema>,
  cwd: string,
  dataDir: string,
): Config['analysis']['snapshots'] {
  const mb = parsed.ANALYSIS_INDEX_DISK_MB ?? (parsed.NODE_ENV === 'test' ? 0 : 4096);
  if (mb <= 0) return undefined;
  const dir = path.resolve(cwd, parsed.ANALYSIS_INDEX_DIR ?? path.join(dataDir, 'tm-indexes'));
  return { dir, maxBytes: Math.round(mb * 1024 * 1024) };
}

/** Reads the configuration from the environment; relative paths are taken from where npm was run. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.superRefine(storageSettingsAgree).parse(env);
  const cwd = env.INIT_CWD ?? process.cwd();
  const production = parsed.NODE_ENV === 'production';
  const embedded = !parsed.DATABASE_URL;
  const dataDir = path.resolve(cwd, parsed.DATA_DIR ?? path.join(repoRoot, 'data'));
  const demoData = !production && (parsed.DEMO_DATA ?? embedded);
  // One core is left to the event loop that answers everyone else.
  const analysisWorkers = parsed.ANALYSIS_WORKERS ?? Math.max(1, Math.min(4, os.availableParallelism() - 1));
  const config: Config = {
    verifactu: VERIFACTU_OFF,
    env: parsed.NODE_ENV,
    production,
    port: parsed.PORT,
    // The demo accounts' passwords are published: with them on, only this machine may connect.
    host: parsed.HOST ?? (demoData ? '127.0.0.1' : '0.0.0.0'),
    databaseUrl: parsed.DATABASE_URL,
    dataDir,
    redisUrl: parsed.REDIS_URL,
    shutdown: {
      drainSeconds: parsed.SHUTDOWN_DRAIN_SECONDS,
      timeoutSeconds: parsed.SHUTDOWN_TIMEOUT_SECONDS,
    },
    filesDir: path.resolve(cwd, parsed.FILES_DIR ?? path.join(dataDir, 'files')),
    s3:
      parsed.STORAGE === 's3' && parsed.S3_BUCKET
        ? {
            bucket: parsed.S3_BUCKET,
            endpoint: parsed.S3_ENDPOINT,
            region: parsed.S3_REGION,
            forcePathStyle: parsed.S3_FORCE_PATH_STYLE,
            credentials:
              parsed.S3_ACCESS_KEY_ID && parsed.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: parsed.S3_ACCESS_KEY_ID, secretAccessKey: parsed.S3_SECRET_ACCESS_KEY }
                : undefined,
            timeoutMs: Math.round(parsed.S3_TIMEOUT_SECONDS * 1000),
          }
        : undefined,
    uploads: {
      maxFileBytes: Math.round(parsed.MAX_FILE_MB * 1024 * 1024),
      maxTaskBytes: Math.round(parsed.MAX_TASK_MB * 1024 * 1024),
      maxFiles: parsed.MAX_FILES_PER_TASK,
    },
    analysis: {
      workers: analysisWorkers,
      workerHeapMb: parsed.ANALYSIS_WORKER_HEAP_MB,
      // A quote's lookups in a large memory take every core for the second or so they last
      // (ADR 0027): they are over before the event loop's share is missed.
      lookupThreads: parsed.ANALYSIS_LOOKUP_THREADS ?? Math.max(1, Math.min(4, os.availableParallelism())),
      lookupThreadsFromUnits: parsed.ANALYSIS_LOOKUP_THREADS_FROM_UNITS,
      keptUnits: parsed.ANALYSIS_KEPT_UNITS ?? keptUnitsFor(analysisWorkers),
      // Tests start hundreds of servers: none reads memories it was not asked about.
      prepareAtStart: parsed.ANALYSIS_PREPARE_AT_START ?? parsed.NODE_ENV !== 'test',
      snapshots: indexSnapshots(parsed, cwd, dataDir),
    },
    maxTmxBytes: Math.round(parsed.MAX_TMX_MB * 1024 * 1024),
    demoData,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    publicUrlFromBrowser:
      !production &&
      !parsed.PUBLIC_URL &&
      isLoopbackHost(parsed.HOST ?? (demoData ? '127.0.0.1' : '0.0.0.0')),
    webDist: path.resolve(cwd, parsed.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    sessionTtlSeconds: parsed.SESSION_TTL_SECONDS,
    passwordResetTtlMinutes: parsed.PASSWORD_RESET_TTL_MINUTES,
    login: {
      maxPerIpPerMinute: parsed.LOGIN_MAX_PER_IP_PER_MINUTE,
      maxFailuresPerAccount: parsed.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      failureWindowMinutes: parsed.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    requireTwoFactorForStaff: parsed.REQUIRE_2FA_FOR_STAFF,
    secretsKey: secretsKeyOf(parsed.SECRETS_KEY, production),
    previousSecretsKeys: previousSecretsKeysOf(parsed.SECRETS_KEY_PREVIOUS, production),
    sso: { timeoutSeconds: parsed.SSO_TIMEOUT_SECONDS },
    bodyLimitBytes: parsed.BODY_LIMIT_BYTES,
    smtp: parsed.SMTP_HOST
      ? {
          host: parsed.SMTP_HOST,
          port: parsed.SMTP_PORT,
          secure: parsed.SMTP_SECURE,
          ignoreTLS: parsed.SMTP_IGNORE_TLS,
          ...(parsed.SMTP_USER ? { user: parsed.SMTP_USER } : {}),
          ...(parsed.SMTP_PASSWORD ? { password: parsed.SMTP_PASSWORD } : {}),
        }
      : undefined,
    mailFrom: parsed.MAIL_FROM,
    brand: { name: parsed.BRAND_NAME, address: parsed.BRAND_ADDRESS, taxId: parsed.BRAND_TAX_ID },
    initialAdmin:
      parsed.INITIAL_ADMIN_EMAIL && parsed.INITIAL_ADMIN_PASSWORD
        ? { email: parsed.INITIAL_ADMIN_EMAIL, password: parsed.INITIAL_ADMIN_PASSWORD }
        : undefined,
    trustProxy: parsed.TRUST_PROXY,
    logLevel: parsed.LOG_LEVEL,
    payments: {
      gateway: parsed.PAYMENT_GATEWAY ?? (production ? 'redsys' : 'sandbox'),
      allowSandboxInProduction: parsed.ALLOW_SANDBOX_PAYMENTS,
      redsys: {
        url: parsed.REDSYS_URL,
        terminal: parsed.REDSYS_TERMINAL,
        ...(parsed.REDSYS_MERCHANT_CODE ? { merchantCode: parsed.REDSYS_MERCHANT_CODE } : {}),
        ...(parsed.REDSYS_MERCHANT_KEY ? { merchantKey: parsed.REDSYS_MERCHANT_KEY } : {}),
      },
    },
    keepTaskReplies: true,
    guestQuotes: {
      ttlDays: parsed.GUEST_TASK_TTL_DAYS,
      challengeSecret: parsed.QUOTE_CHALLENGE_SECRET,
      challengeMaxNumber: parsed.QUOTE_CHALLENGE_MAX_NUMBER,
      maxPerIpPerHour: parsed.QUOTE_MAX_PER_IP_PER_HOUR,
      maxPerEmailPerDay: parsed.QUOTE_MAX_PER_EMAIL_PER_DAY,
    },
    tokens: { maxPerMinute: parsed.TOKEN_MAX_PER_MINUTE },
    webhooks: {
      allowPrivate: parsed.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: 10_000,
      firstRetryMs: 30_000,
      longestRetryMs: 60 * 60 * 1000,
      retryForMs: 24 * 60 * 60 * 1000,
    },
  };
  config.verifactu = verifactuConfig(parsed, apiVersion());
  return { ...config, ...overrides };
}
