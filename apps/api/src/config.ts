import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().optional(),
  FILES_DIR: z.string().optional(),
  MAX_FILE_MB: z.coerce.number().positive().default(200),
  MAX_TASK_MB: z.coerce.number().positive().default(1024),
  MAX_FILES_PER_TASK: z.coerce.number().int().positive().default(500),
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
});

export interface Config {
  env: string;
  production: boolean;
  port: number;
  host: string;
  /** Unset: the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Uploaded and delivered files (local disk). */
  filesDir: string;
  uploads: { maxFileBytes: number; maxTaskBytes: number; maxFiles: number };
  demoData: boolean;
  publicUrl: string;
  webDist: string;
  sessionTtlSeconds: number;
  passwordResetTtlMinutes: number;
  login: { maxPerIpPerMinute: number; maxFailuresPerAccount: number; failureWindowMinutes: number };
  bodyLimitBytes: number;
  /** Without SMTP every mail goes to the outbox table (and the log). */
  smtp:
    | { host: string; port: number; secure: boolean; ignoreTLS: boolean; user?: string; password?: string }
    | undefined;
  mailFrom: string;
  /** The provider's own brand, printed in mails and documents (DESIGN §1). */
  brand: { name: string; address: string };
  initialAdmin: { email: string; password: string } | undefined;
  trustProxy: boolean;
  logLevel: string;
  /** Card payments (DESIGN §8): the built-in sandbox bank or Redsys; checked when the app is built. */
  payments: {
    gateway: 'sandbox' | 'redsys';
    allowSandboxInProduction: boolean;
    redsys: { url: string; merchantCode?: string; terminal: string; merchantKey?: string };
  };
}

/** Reads the configuration from the environment; relative paths are taken from where npm was run. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.parse(env);
  const cwd = env.INIT_CWD ?? process.cwd();
  const production = parsed.NODE_ENV === 'production';
  const embedded = !parsed.DATABASE_URL;
  const dataDir = path.resolve(cwd, parsed.DATA_DIR ?? path.join(repoRoot, 'data'));
  const demoData = !production && (parsed.DEMO_DATA ?? embedded);
  const config: Config = {
    env: parsed.NODE_ENV,
    production,
    port: parsed.PORT,
    // The demo accounts' passwords are published: with them on, only this machine may connect.
    host: parsed.HOST ?? (demoData ? '127.0.0.1' : '0.0.0.0'),
    databaseUrl: parsed.DATABASE_URL,
    dataDir,
    filesDir: path.resolve(cwd, parsed.FILES_DIR ?? path.join(dataDir, 'files')),
    uploads: {
      maxFileBytes: Math.round(parsed.MAX_FILE_MB * 1024 * 1024),
      maxTaskBytes: Math.round(parsed.MAX_TASK_MB * 1024 * 1024),
      maxFiles: parsed.MAX_FILES_PER_TASK,
    },
    demoData,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    webDist: path.resolve(cwd, parsed.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    sessionTtlSeconds: parsed.SESSION_TTL_SECONDS,
    passwordResetTtlMinutes: parsed.PASSWORD_RESET_TTL_MINUTES,
    login: {
      maxPerIpPerMinute: parsed.LOGIN_MAX_PER_IP_PER_MINUTE,
      maxFailuresPerAccount: parsed.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      failureWindowMinutes: parsed.LOGIN_FAILURE_WINDOW_MINUTES,
    },
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
    brand: { name: parsed.BRAND_NAME, address: parsed.BRAND_ADDRESS },
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
  };
  return { ...config, ...overrides };
}
