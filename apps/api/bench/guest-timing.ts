// Latency of GET /api/task/temporal/{token} for a known token, an unknown one, an unknown one that
// shares all but its last characters with the known one, and a malformed one, in the same run
// (interleaved, so machine noise falls on all alike). Prints figures; asserts nothing.
//   npm run bench:guest-timing                 (embedded PGlite)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:guest-timing   (also PostgreSQL)
// Requests go through app.inject (the whole Fastify pipeline, no network), each from its own
// address so the route's per-IP limit does not answer instead of the route.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withScratchDatabase } from './scratch-database.ts';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { languages, tasks } from '../src/db/schema/index.ts';
import { newToken } from '../src/lib/tokens.ts';
import { buildApp } from '../src/app.ts';

const GUEST_TASKS = Number(process.env.BENCH_GUEST_TASKS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1500);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function measure(label: string, open: () => Promise<Database>) {
  console.log(`\n${label}: ${GUEST_TASKS} guest tasks, ${ROUNDS} requests per case`);
  const database = await open();
  await seedReferenceData(database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webDist: '/nonexistent' });
  const app = await buildApp(config, database);
  await app.ready();
  const [en] = await database.db.select().from(languages).where(eq(languages.iso_code, 'en'));
  const tokens: string[] = [];
  for (let start = 0; start < GUEST_TASKS; start += 500) {
    const rows = Array.from({ length: Math.min(500, GUEST_TASKS - start) }, (_v, i) => {
      const token = newToken(24);
      tokens.push(token);
      return {
        code: `G-${start + i + 1}`,
        source_language_id: en!.id,
        translation_type_id: 1,
        description: `Quote request ${start + i + 1}`,
        state: 'TEMPORAL' as const,
        guest_token: token,
        base_price: '42.00',
        taxed_price: '42.00',
        amount_to_pay: '42.00',
      };
    });
    await database.db.insert(tasks).values(rows);
  }
  const known = tokens[Math.floor(tokens.length / 2)]!;
  const flip = (c: string) => (c === 'A' ? 'B' : 'A');
  const cases: Array<{ title: string; token: () => string; status: number }> = [
    { title: 'known token', token: () => known, status: 200 },
    { title: 'unknown token (random)', token: () => newToken(24), status: 404 },
    {
      title: 'unknown, same first 31 of 32 chars',
      token: () => known.slice(0, -1) + flip(known.at(-1)!),
      status: 404,
    },
    { title: 'malformed (not URL-safe base64)', token: () => `${known.slice(0, -1)}.`, status: 422 },
  ];
  let ip = 0;
  const ask = async (token: string) => {
    ip++;
    const t0 = process.hrtime.bigint();
    const res = await app.inject({
      method: 'GET',
      url: `/api/task/temporal/${token}`,
      remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    });
    return { ms: Number(process.hrtime.bigint() - t0) / 1e6, status: res.statusCode };
  };
  for (const c of cases)
    for (let i = 0; i < 50; i++) {
      const { status } = await ask(c.token());
      if (status !== c.status) throw new Error(`${c.title}: answered ${status}, expected ${c.status}`);
    }
  const samples = cases.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, c] of cases.entries()) samples[i]!.push((await ask(c.token())).ms);
  const unknownMedian = quantile(
    [...samples[1]!].sort((a, b) => a - b),
    0.5,
  );
  for (const [i, c] of cases.entries()) {
    const sorted = [...samples[i]!].sort((a, b) => a - b);
    const median = quantile(sorted, 0.5);
    console.log(
      `  ${c.title.padEnd(36)} ${String(c.status)}   median ${median.toFixed(3)} ms   p99 ${quantile(sorted, 0.99).toFixed(3)} ms   ×${(median / unknownMedian).toFixed(2)} of unknown`,
    );
  }
  await app.close();
  await database.close();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-bench-guest-'));
await measure('Embedded PGlite', () => openDatabase({ dataDir: dir }));
fs.rmSync(dir, { recursive: true, force: true });

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  await withScratchDatabase(serverUrl, (url) =>
    measure('PostgreSQL', () => openDatabase({ databaseUrl: url })),
  );
} else {
  console.log('\nPostgreSQL: set BENCH_DATABASE_URL to measure it too.');
}
console.log(
  '\nA known token answers 200 with the whole quote (more queries), so it is slower by design: the status\n' +
    'already says the token exists. What must not vary is an unknown token, however close to a real one:\n' +
    'the lookup compares SHA-256 hashes (index on sha256(guest_token::bytea)), not the characters sent.',
);
