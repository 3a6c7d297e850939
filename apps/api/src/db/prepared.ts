import { createHash } from 'node:crypto';
import type { Db } from './client.ts';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared statement of the hottest reads (the session of every request, the task list), built
 * once per database and key. Building a Drizzle query cost more CPU than PostgreSQL spent running it
 * (`npm run bench:api`), and a named statement is also planned once per connection instead of on
 * every call. `key` must name one SQL text: a dynamic query passes one key per shape, its values go
 * in placeholders. PGlite ignores the statement name.
 */
export function prepared<T>(db: Db, key: string, build: (name: string) => T): T {
  let perDb = statements.get(db);
  if (!perDb) statements.set(db, (perDb = new Map()));
  let statement = perDb.get(key) as T | undefined;
  if (!statement) {
    const name = `v_${createHash('sha1').update(key).digest('hex').slice(0, 24)}`;
    statement = build(name);
    perDb.set(key, statement);
  }
  return statement;
}

/** Forgets the statements built for `db`: the next use builds each again (a test that fails a read). */
export function forgetPrepared(db: Db): void {
  statements.delete(db);
}
