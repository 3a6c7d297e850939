import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockFolder } from './folder-lock.ts';
import { listenOnPostgres, type NotificationHandlers, type StopListening } from './notifications.ts';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** LISTEN on `channel` for as long as the returned function is not called. */
  listen(channel: string, handlers: NotificationHandlers): Promise<StopListening>;
  /** When the database last finished a query of this process's (ms since the epoch). */
  lastAnsweredAt(): number;
}

/** Whether `db` (or a transaction of it) is the embedded PGlite: one connection, in this process. */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Taken by a starting server around its migrations and seeding: servers started together wait their turn. */
const STARTUP_LOCK = 0x76657262; // 'verb'

async function underStartupLock(pool: pg.Pool, work: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** What a starting server puts in the database after the migrations (reference data, first admin). */
export type Prepare = (db: Db) => Promise<void>;

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite under `dataDir`
 * (`memory://` keeps it in memory, for tests), and applies the committed migrations, then
 * `prepare`: on PostgreSQL one server at a time (an advisory lock), so two starting together do
 * not race.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** The embedded database starts from this dump (PGlite's dumpDataDir) instead of an empty one. */
  snapshot?: Blob;
  prepare?: Prepare;
}): Promise<Database> {
  const databaseUrl = options.databaseUrl;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not bring the process down;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error('PostgreSQL idle connection error:', err.message));
    // A connection handed back to the pool has finished its work: the server is answering.
    let lastAnsweredAt = Date.now();
    pool.on('release', () => (lastAnsweredAt = Date.now()));
    const db = drizzlePg(pool, { schema });
    try {
      await underStartupLock(pool, async () => {
        await migratePg(db, { migrationsFolder });
        await options.prepare?.(db as unknown as Db);
      });
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      listen: async (channel, handlers) => listenOnPostgres(databaseUrl, channel, handlers),
      lastAnsweredAt: () => lastAnsweredAt,
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  let location = dataDir;
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    location = path.join(dataDir, 'pglite');
    fs.mkdirSync(location, { recursive: true });
    unlock = lockFolder(location);
  }
  let client: PGlite;
  let db: ReturnType<typeof drizzlePglite<Schema>>;
  try {
    client = await PGlite.create(location, {
      extensions: { pg_trgm },
      ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    });
    db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    await options.prepare?.(db as unknown as Db);
  } catch (err) {
    unlock();
    throw err;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    // One process owns the embedded database: a notification is delivered before the statement
    // that sent it returns, and is never missed.
    // in this process: it answers whenever this process does
    lastAnsweredAt: () => Date.now(),
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, (payload) => handlers.notify(payload));
      handlers.ready();
      return () => unlisten();
    },
  };
}
