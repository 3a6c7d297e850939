import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs `work` with the URL of a new, empty database on the PostgreSQL server of `serverUrl`, and
 * drops that database afterwards (even when `work` fails).
 */
export async function withScratchDatabase(
  serverUrl: string,
  work: (url: string) => Promise<void>,
): Promise<void> {
  const name = `verba_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await work(url.toString());
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}
