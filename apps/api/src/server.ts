import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { ensureInitialAdmin } from './db/seed/initial-admin.ts';
import { buildApp } from './app.ts';
import { checkDatabaseUrl, checkFileStore, checkPort, exitOnStartupFailure } from './startup-checks.ts';

const startedAt = performance.now();
let config: Config | undefined;
// From the start on: a signal that came while the queue starts must not end the process unsaid.
let stopping = false;
let started = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  config = loadConfig();
  // What a person can get wrong is checked first, so it is told at once, not after the migrations.
  checkDatabaseUrl(config);
  await checkFileStore(config);
  await checkPort(config);
  const { initialAdmin } = config;
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    prepare: async (db) => {
      await seedReferenceData(db);
      if (initialAdmin) await ensureInitialAdmin(db, initialAdmin);
    },
  });

  app = await buildApp(config, database);
  // The demo's tasks are made through the app itself (uploads, analysis, payments), so after it is built.
  if (config.demoData) await seedDemoData(database.db, app);
  const storage = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  const address = config.publicUrl;
  // The address to open, instead of Fastify's "Server listening at" line per bound address.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: () =>
      `Verba listening on ${address} (${storage}, ready in ${Math.round(performance.now() - startedAt)} ms)`,
  });
  started = true;
  await app.jobs.start();
} catch (err) {
  // Stopped while starting: the queue's start was cut short by its stop, which is not a failure.
  if (!stopping) exitOnStartupFailure(err, config);
}

/**
 * A stop that loses nothing: readiness fails at once; on SIGTERM connections are still taken for
 * SHUTDOWN_DRAIN_SECONDS while the balancer notices; then the server stops listening, lets the
 * requests in flight finish (uploads too) for up to SHUTDOWN_TIMEOUT_SECONDS, hands its jobs back
 * (app.close: the queue's onClose), closes its pools and exits 0 (1 if requests had to be cut).
 */
async function stop(signal: 'SIGINT' | 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  // Still starting: nothing is served yet.
  if (!started) process.exit(0);
  const { drainSeconds, timeoutSeconds } = config!.shutdown;
  app.lifecycle.stopping = true;
  app.log.info(`${signal}: stopping`);
  if (signal === 'SIGTERM' && drainSeconds > 0) await sleep(drainSeconds * 1000);
  app.lifecycle.closing = true;
  let cut = false;
  const deadline = setTimeout(() => {
    cut = true;
    app.log.error(`requests still running after ${timeoutSeconds} s (SHUTDOWN_TIMEOUT_SECONDS): cut`);
    app.server.closeAllConnections();
  }, timeoutSeconds * 1000);
  try {
    await app.close();
    await database.close();
  } catch (err) {
    cut = true;
    app.log.error({ err }, 'stopping failed');
  }
  clearTimeout(deadline);
  app.log.info('stopped');
  process.exit(cut ? 1 : 0);
}
