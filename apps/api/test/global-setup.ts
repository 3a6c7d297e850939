import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the embedded database, migrated and seeded, for every test file to start from. */
    pgliteSnapshot: string;
    /** On PostgreSQL: the database, migrated and seeded, that every test file's database copies. */
    templateDatabase: string;
  }
}

const seed = async (database: Database) => {
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
};

/**
 * Migrates and seeds one database for the whole run, which each test file then copies (a PGlite
 * dump, or a PostgreSQL template database): what createTestApp did for every file, done once.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `verba_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await seed(database);
    await database.close();
    project.provide('templateDatabase', name);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await seed(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'verba-test-db-')), 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('templateDatabase', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
