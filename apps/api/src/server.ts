import { loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { ensureInitialAdmin } from './db/seed/initial-admin.ts';
import { buildApp } from './app.ts';
import { checkDatabaseUrl, checkFileStore, checkPort, exitOnStartupFailure } from './startup-checks.ts';

const started = performance.now();
let config: Config | undefined;
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  config = loadConfig();
  // What a person can get wrong is checked first, so it is told at once, not after the migrations.
  checkDatabaseUrl(config);
  await checkFileStore(config);
  await checkPort(config);
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedReferenceData(database.db);
  if (config.initialAdmin) await ensureInitialAdmin(database.db, config.initialAdmin);

  app = await buildApp(config, database);
  // The demo's tasks are made through the app itself (uploads, analysis, payments), so after it is built.
  if (config.demoData) await seedDemoData(database.db, app);
  await app.listen({ port: config.port, host: config.host });
  await app.jobs.start();
} catch (err) {
  exitOnStartupFailure(err, config);
}
app.log.info(
  `Verba listening on ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, ready in ${Math.round(performance.now() - started)} ms)`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
