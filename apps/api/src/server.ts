import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { exitIfFolderInUse } from './db/folder-lock.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { ensureInitialAdmin } from './db/seed/initial-admin.ts';
import { buildApp } from './app.ts';

const started = performance.now();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
  exitIfFolderInUse,
);
await seedReferenceData(database.db);
if (config.initialAdmin) await ensureInitialAdmin(database.db, config.initialAdmin);

const app = await buildApp(config, database);
// The demo's tasks are made through the app itself (uploads, analysis, payments), so after it is built.
if (config.demoData) await seedDemoData(database.db, app);
await app.listen({ port: config.port, host: config.host });
await app.jobs.start();
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
