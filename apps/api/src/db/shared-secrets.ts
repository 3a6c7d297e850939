import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

const kept = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * A random key every server on this database agrees on: the first to ask makes it, the others read
 * it. Never changes once made, so each process keeps what it read.
 */
export function sharedSecret(db: Db, name: string): Promise<string> {
  let byName = kept.get(db);
  if (!byName) kept.set(db, (byName = new Map()));
  let secret = byName.get(name);
  if (!secret) {
    secret = readOrMake(db, name);
    byName.set(name, secret);
    secret.catch(() => byName.delete(name));
  }
  return secret;
}

async function readOrMake(db: Db, name: string): Promise<string> {
  // A server making the key at the same moment commits after this statement's snapshot: the insert
  // then does nothing and the read finds nothing. The next statement, with a new snapshot, sees it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await db.execute(sql`
      with made as (
        insert into shared_secrets (name, value) values (${name}, ${randomBytes(32).toString('hex')})
        on conflict (name) do nothing
        returning value
      )
      select value from made union all select value from shared_secrets where name = ${name}`);
    const [row] = (result as unknown as { rows: Array<{ value: string }> }).rows;
    if (row) return row.value;
  }
  throw new Error(`shared secret ${name} could not be read`);
}
