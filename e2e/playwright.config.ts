import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// Several people may run the suite on one machine: each run gets its own port, database and build
// (workers re-read this file, so the first choice is kept in the environment they inherit).
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
const PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const root = fileURLToPath(new URL('..', import.meta.url));

process.env.VERBA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'verba-e2e-'));
const webDist = join(process.env.VERBA_E2E_DATA_DIR, 'web');

// VERIFACTU_MODE is read once at start, so verifactu.spec.ts gets a second server of its own: the
// same build, its own database and port, with the mode on (its records wait in the queue: no
// submission). The other journeys keep the first server, mode off, untouched.
process.env.E2E_VERIFACTU_PORT ??= String(PORT + 1000);
const VERIFACTU_PORT = Number(process.env.E2E_VERIFACTU_PORT);
const VERIFACTU_URL = `http://127.0.0.1:${VERIFACTU_PORT}`;

const serverEnv = {
  WEB_DIST: webDist,
  DEMO_DATA: 'true',
  // Every journey signs in; the per-IP login limit is for real clients, not this suite.
  LOGIN_MAX_PER_IP_PER_MINUTE: '10000',
  // The quote form's proof of work, solved in the browser: small enough to be quick here.
  QUOTE_CHALLENGE_MAX_NUMBER: '2000',
  // The webhook journey's receiver listens on this machine.
  WEBHOOK_ALLOW_PRIVATE: 'true',
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // The journeys share one server and its demo accounts (password resets, language changes).
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]]
    : 'list',
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: '**/verifactu.spec.ts' },
    { name: 'verifactu', testMatch: '**/verifactu.spec.ts', use: { baseURL: VERIFACTU_URL } },
  ],
  // Started one after the other: the second reuses the first one's build.
  webServer: [
    {
      command: `npm run build -w apps/web -- --outDir ${webDist} --emptyOutDir && npm run build -w apps/api && npm run start -w apps/api`,
      cwd: root,
      url: `${BASE_URL}/api/health`,
      // A reused server would serve an older build (static files are listed at start-up).
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(PORT),
        DATA_DIR: join(process.env.VERBA_E2E_DATA_DIR, 'db'),
        PUBLIC_URL: BASE_URL,
      },
    },
    {
      command: 'npm run start -w apps/api',
      cwd: root,
      url: `${VERIFACTU_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(VERIFACTU_PORT),
        DATA_DIR: join(process.env.VERBA_E2E_DATA_DIR, 'db-verifactu'),
        PUBLIC_URL: VERIFACTU_URL,
        VERIFACTU_MODE: 'verifactu',
        VERIFACTU_ISSUER_NIF: 'B12345674',
        VERIFACTU_ISSUER_NAME: 'Verba Traducciones SL',
        VERIFACTU_SYSTEM_NAME: 'Verba',
        VERIFACTU_SYSTEM_ID: 'VB',
        VERIFACTU_INSTALLATION_NUMBER: 'E2E-1',
        VERIFACTU_ENDPOINT: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
        VERIFACTU_QR_BASE_URL: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
      },
    },
  ],
});
