// TMX import and export of a large translation memory. Prints figures; asserts nothing.
//   npm run bench:tm                         (embedded PGlite, a 100 MB TMX)
//   TM_BENCH_MB=1024 npm run bench:tm        (a 1 GB TMX)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:tm   (PostgreSQL too)
//   TM_BENCH_DATABASES=postgres       PostgreSQL only;  TM_BENCH_LOOKUPS=<n>  lookups per kind (40; 0: none)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { buildApp } from '../src/app.ts';
import { PostgresTranslationMemory } from '../src/modules/tasks/repository/memory.ts';
import { contextHash } from '@verba/analysis';
import { createHash } from 'node:crypto';

const MB = 1024 * 1024;
const targetBytes = Number(process.env.TM_BENCH_MB ?? 100) * MB;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-bench-tm-'));
const file = path.join(work, 'big.tmx');

const WORDS =
  'backup file folder restore account password plan storage computer device cloud secure data centre key install update screen support answer'.split(
    ' ',
  );
const word = (i: number, k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];

/** A TMX of about `bytes`, written as a stream: varied sentences, so the trigram index has work. */
async function generate(bytes: number): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header creationtool="bench" creationtoolversion="1" segtype="sentence" o-tmf="bench" adminlang="en" srclang="en" datatype="plaintext"/><body>\n',
  );
  let written = 0;
  let units = 0;
  while (written < bytes) {
    const i = units++;
    const source = `Unit ${i}: the ${word(i, 1)} keeps your ${word(i, 2)} and ${word(i, 3)} safe on every ${word(i, 4)}.`;
    const target = `Unidad ${i}: el ${word(i, 1)} protege su ${word(i, 2)} y su ${word(i, 3)} en cada ${word(i, 4)}.`;
    const tu = `<tu><tuv xml:lang="en"><seg>${source}</seg></tuv><tuv xml:lang="es"><seg>${target}</seg></tuv></tu>\n`;
    written += tu.length;
    await write(tu);
  }
  await write('</body></tmx>\n');
  out.end();
  await once(out, 'finish');
  return units;
}

/**
 * A quote's lookups against the imported memory, as the analysis makes them (limit 10, lowest band
 * 50): a sentence stored as is (exact), one with a word changed (fuzzy) and one unrelated (no match).
 * Prints ms per lookup and a digest of the candidates, to compare runs for sameness.
 */
async function lookups(database: Database, customerId: number, units: number) {
  const memory = new PostgresTranslationMemory(database.db, customerId, 'en', 'es');
  const N = Number(process.env.TM_BENCH_LOOKUPS ?? 40);
  if (!N) return;
  const pick = (k: number) => Math.floor((((k * 7919) % 1000) / 1000) * Math.max(units, 1));
  const kinds: Record<string, (k: number) => string> = {
    exact: (k) => {
      const i = pick(k);
      return `Unit ${i}: the ${word(i, 1)} keeps your ${word(i, 2)} and ${word(i, 3)} safe on every ${word(i, 4)}.`;
    },
    fuzzy: (k) => {
      const i = pick(k);
      return `Unit ${i}: the ${word(i, 1)} keeps all your ${word(i, 2)} and ${word(i, 3)} safe on each ${word(i, 4)}.`;
    },
    'no match': (k) => `Weather forecast number ${k} for the northern mountains this weekend.`,
  };
  const digest = createHash('sha256');
  const parts: string[] = [];
  for (const [kind, text] of Object.entries(kinds)) {
    const t0 = performance.now();
    let found = 0;
    for (let k = 0; k < N; k++) {
      const q = text(k);
      const hits = await memory.findCandidates(
        { text: q, prevHash: contextHash(''), nextHash: contextHash('') },
        { minScore: 50, limit: 10 },
      );
      found += hits.length;
      digest.update(
        hits
          .map((h) => h.source)
          .sort()
          .join('\n'),
      );
    }
    parts.push(
      `${kind} ${((performance.now() - t0) / N).toFixed(1)} ms (${(found / N).toFixed(1)} candidates)`,
    );
  }
  console.log(
    `  TM lookup per segment (${N} each): ${parts.join(', ')}; digest ${digest.digest('hex').slice(0, 12)}`,
  );
}

/**
 * CPU seconds used so far by the PostgreSQL backends serving database `name` (local server only:
 * read from /proc; 0 elsewhere). With the process's own CPU time, a figure that a machine shared
 * with other work distorts less than wall time.
 */
function serverCpu(name: string | undefined): number {
  if (!name) return 0;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(name)) continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // a process that ended meanwhile
    }
  }
  return ticks / 100;
}

async function run(
  label: string,
  open: () => Promise<Database>,
  cleanup?: () => Promise<void>,
  dbName?: string,
) {
  const database = await open();
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    { webDist: '/nonexistent', filesDir: path.join(work, `files-${label}`) },
  );
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@verba.test', password: 'demo-password' }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const auth = { authorization: `Bearer ${token}` };
  const customers = (await (await fetch(`${url}/api/customers`, { headers: auth })).json()) as {
    data: { data: { id: number; name: string }[] };
  };
  const acme = customers.data.data.find((c) => c.name === 'Acme')!.id;
  const langs = (await (await fetch(`${url}/api/languages`, { headers: auth })).json()) as {
    data: { id: number; iso_code: string }[];
  };
  const lang = (iso: string) => String(langs.data.find((l) => l.iso_code === iso)!.id);

  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const form = new FormData();
  form.append('source_language', lang('en'));
  form.append('target_language', lang('es'));
  // A Blob backed by the file: streamed from disk, never read whole.
  form.append('file', await fs.openAsBlob(file), 'big.tmx');
  const cpu0 = process.cpuUsage();
  const server0 = serverCpu(dbName);
  // fetch gives up on a response that takes over 5 minutes (undici's headersTimeout): a 1 GB import on
  // a busy machine can. Node's own undici Agent, made again without the timeouts.
  const shared = (globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalDispatcher.1')] as
    { constructor: new (options: object) => unknown } | undefined;
  const dispatcher = shared ? new shared.constructor({ headersTimeout: 0, bodyTimeout: 0 }) : undefined;
  const t0 = performance.now();
  const imported = await fetch(`${url}/api/customers/${acme}/memories`, {
    method: 'POST',
    headers: auth,
    body: form,
    ...(dispatcher ? { dispatcher } : {}),
  } as RequestInit);
  const importMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const serverCpuS = serverCpu(dbName) - server0;
  const body = (await imported.json()) as { data?: { units: number }; message?: string };
  const units = body.data?.units ?? 0;
  const t1 = performance.now();
  const exported = await fetch(`${url}/api/customers/${acme}/memories/en/es/export`, { headers: auth });
  let exportBytes = 0;
  for await (const chunk of exported.body as unknown as AsyncIterable<Uint8Array>)
    exportBytes += chunk.length;
  const exportMs = performance.now() - t1;
  clearInterval(sampler);
  const size = fs.statSync(file).size;
  console.log(`${label}:`);
  console.log(
    `  import  ${imported.status}  ${(size / MB).toFixed(0)} MB, ${units.toLocaleString('en')} units stored in ${(importMs / 1000).toFixed(1)} s  (${Math.round(units / (importMs / 1000)).toLocaleString('en')} units/s, ${(size / MB / (importMs / 1000)).toFixed(1)} MB/s)${body.message ? `  ${body.message}` : ''}`,
  );
  console.log(
    `          CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s${dbName ? `, PostgreSQL backends ${serverCpuS.toFixed(1)} s` : ''} (load average at the end ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
  );
  console.log(
    `  export  ${exported.status}  ${(exportBytes / MB).toFixed(0)} MB in ${(exportMs / 1000).toFixed(1)} s  (${(exportBytes / MB / (exportMs / 1000)).toFixed(1)} MB/s)`,
  );
  console.log(
    `  RSS of the process (server and client): ${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB during import and export`,
  );
  await lookups(database, acme, units);
  await app.close();
  await database.close();
  await cleanup?.();
}

const t = performance.now();
const generated = await generate(targetBytes);
console.log(
  `generated ${(fs.statSync(file).size / MB).toFixed(0)} MB TMX, ${generated.toLocaleString('en')} units, in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);
// TM_BENCH_DATABASES=postgres skips the embedded run (the 1 GB PostgreSQL figure).
if (process.env.TM_BENCH_DATABASES !== 'postgres')
  await run('embedded PGlite', () => openDatabase({ dataDir: path.join(work, 'db') }));
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const name = `verba_bench_tm_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await run(
    'PostgreSQL',
    () => openDatabase({ databaseUrl: url.toString() }),
    async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
    name,
  );
}
fs.rmSync(work, { recursive: true, force: true });
