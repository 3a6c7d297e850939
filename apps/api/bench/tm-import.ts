// A translation memory's import, export and quote. Prints figures; asserts nothing.
//   npm run bench:tm                        (embedded PGlite, then PostgreSQL if BENCH_DATABASE_URL is set)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:tm
//   TM_BENCH_UNITS=<n>     units of the memory (100,000)
//   TM_BENCH_MEMORY=debian-docs  the memory and the task's new text from the English manuals of
//                          installed Debian packages (`debian-docs.ts`) instead of generated ones
//   TM_BENCH_WORDS=<n>     words of the quoted task (100,000; 0: no quote)
//   TM_BENCH_DATABASES=postgres       PostgreSQL only
//   TM_BENCH_LANGUAGES=3   also import the memory into en→ca and en→de, and quote in the three
//                          languages on servers keeping a million units a worker and as configured
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { buildApp } from '../src/app.ts';
import { KEPT_UNITS } from '@verba/analysis';
import {
  benchMemory,
  generatedSources,
  lookupFigures,
  timeQuote,
  worstCase,
  writeMemory,
} from './tm-quote.ts';

const MB = 1024 * 1024;
const units = Number(process.env.TM_BENCH_UNITS ?? 100_000);
const words = Number(process.env.TM_BENCH_WORDS ?? 100_000);
const languages = ['es', 'ca', 'de'].slice(0, Number(process.env.TM_BENCH_LANGUAGES ?? 1));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-bench-tm-'));
const file = path.join(work, 'docs.tmx');
/** Units added to the pair after the quotes, for a quote of the grown pair. */
const ADDED_UNITS = 200;

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

  // fetch gives up on a response that takes over 5 minutes (undici's headersTimeout): a 1 GB import on
  // a busy machine can. Node's own undici Agent, made again without the timeouts.
  const shared = (globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalDispatcher.1')] as
    { constructor: new (options: object) => unknown } | undefined;
  const dispatcher = shared ? new shared.constructor({ headersTimeout: 0, bodyTimeout: 0 }) : undefined;
  const importTmx = async (tmx: string, target = 'es') => {
    const form = new FormData();
    form.append('source_language', lang('en'));
    form.append('target_language', lang(target));
    // A Blob backed by the file: streamed from disk, never read whole.
    form.append('file', await fs.openAsBlob(tmx), path.basename(tmx));
    return fetch(`${url}/api/customers/${acme}/memories`, {
      method: 'POST',
      headers: auth,
      body: form,
      ...(dispatcher ? { dispatcher } : {}),
    } as RequestInit);
  };

  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const cpu0 = process.cpuUsage();
  const server0 = serverCpu(dbName);
  const t0 = performance.now();
  const imported = await importTmx(file);
  const importMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const serverCpuS = serverCpu(dbName) - server0;
  // The import has an idle analysis worker read the pair (ADR 0027): measured apart, not in the export.
  const p0 = performance.now();
  await app.analysis.prepared();
  const preparedS = (performance.now() - p0) / 1000;
  const body = (await imported.json()) as { data?: { units: number }; message?: string; errors?: unknown };
  // A memory that does not import measures nothing past this point.
  if (imported.status !== 201)
    throw new Error(`the import answered ${imported.status}: ${JSON.stringify(body).slice(0, 500)}`);
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
    `          then an idle analysis worker read the pair into its index in ${preparedS.toFixed(1)} s`,
  );
  console.log(
    `  export  ${exported.status}  ${(exportBytes / MB).toFixed(0)} MB in ${(exportMs / 1000).toFixed(1)} s  (${(exportBytes / MB / (exportMs / 1000)).toFixed(1)} MB/s)`,
  );
  console.log(
    `  RSS of the process (server and client): ${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB during import and export`,
  );
  if (document) {
    await app.jobs.start();
    const user = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user@acme.test', password: 'demo-password' }),
    });
    const userToken = ((await user.json()) as { data: { access_token: string } }).data.access_token;
    const api = { url, auth, userAuth: { authorization: `Bearer ${userToken}` }, lang };
    const quote = async (target: string | string[], on = api) => {
      const c0 = process.cpuUsage();
      const s0 = serverCpu(dbName);
      const { seconds, bands } = await timeQuote(on, database, target, document);
      const c = process.cpuUsage(c0);
      // A backend that ended during the run takes its ticks with it: then the sum is no figure.
      const server = serverCpu(dbName) - s0;
      const pgCpu = server >= 0 ? `${server.toFixed(1)} s` : 'not measured (a backend ended)';
      const cpu = `CPU ${((c.user + c.system) / 1e6).toFixed(1)} s Node${dbName ? ` + ${pgCpu} PostgreSQL` : ''}`;
      return { seconds, bands, cpu };
    };
    // The first quote after the import (its worker read the pair then), one without the memory,
    // and the same again (the worker keeps the pair's index while its version stays).
    const afterImport = await quote('es');
    const without = await quote('fr');
    const again = await quote('es');
    // Units added to the pair (a delivery, a small import): the import has the worker read those
    // alone into the index it keeps.
    const addedFile = path.join(work, 'added.tmx');
    await writeMemory(addedFile, generatedSources(ADDED_UNITS, 7));
    const added = (await (await importTmx(addedFile)).json()) as { data?: { units: number } };
    await app.analysis.prepared();
    const grown = await quote('es');
    // A server just started, whose workers have read nothing (as after a restart, with
    // ANALYSIS_PREPARE_AT_START off): its first quote reads the pair. The headline figure. This
    // server's job runner stops first, so the other one runs the analysis.
    await app.jobs.stop();
    // A server started on `config`, its analysis settings changed by `analysis`: the API to quote
    // through, and how to close it.
    const server = async (analysis: Partial<typeof config.analysis> = {}) => {
      const started = await buildApp({ ...config, analysis: { ...config.analysis, ...analysis } }, database);
      await started.listen({ port: 0, host: '127.0.0.1' });
      await started.jobs.start();
      const address = started.server.address();
      const on = {
        ...api,
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      };
      return { on, close: () => started.close() };
    };
    const fresh = await server();
    const withMemory = await quote('es', fresh.on);
    await fresh.close();
    // The same with the pair's index written to disk by a server before (ADR 0027, tenth pass): a
    // server that reads the pair and writes its index once the quote is done, then one started after it.
    const snapshots = { dir: path.join(work, 'tm-indexes'), maxBytes: 64 * 1024 ** 3 };
    const writer = await server({ snapshots });
    await quote('es', writer.on);
    const w0 = performance.now();
    let snapshotBytes: number;
    while (!(snapshotBytes = snapshotSize(snapshots.dir)) && performance.now() - w0 < 120_000)
      await new Promise((r) => setTimeout(r, 50));
    const writtenS = (performance.now() - w0) / 1000;
    await writer.close();
    const restarted = await server({ snapshots });
    const fromDisk = await quote('es', restarted.on);
    await restarted.close();
    // The same server with each lookup in its analysis worker alone (no lookup threads, ADR 0027):
    // its first quote reads the pair, the second is the one to compare with `again`.
    const alone = await server({ lookupThreads: 1 });
    await quote('es', alone.on);
    const aloneAgain = await quote('es', alone.on);
    await alone.close();
    // A quote in several languages, each against its own pair of the same size, twice: on a
    // server whose worker keeps a million units (the earlier fixed share), then as configured.
    const severalLanguages: string[] = [];
    if (languages.length > 1) {
      for (const target of languages.slice(1)) {
        const tmx = path.join(work, `docs-${target}.tmx`);
        await writeMemory(tmx, memory.sources, target);
        const status = (await importTmx(tmx, target)).status;
        if (status !== 201) throw new Error(`the import into en→${target} answered ${status}`);
        fs.rmSync(tmx);
      }
      await app.analysis.prepared();
      for (const keptUnits of [KEPT_UNITS, config.analysis.keptUnits]) {
        const several = await server({ keptUnits });
        const first = await quote(languages, several.on);
        const second = await quote(languages, several.on);
        const third = await quote(languages, several.on);
        await several.close();
        severalLanguages.push(
          `  in ${languages.length} languages (${languages.join(', ')}), each pair ${units.toLocaleString('en')} units, a worker keeping ${keptUnits.toLocaleString('en')} units: ${first.seconds.toFixed(1)} s, then ${second.seconds.toFixed(1)} s and ${third.seconds.toFixed(1)} s (${third.cpu})`,
        );
      }
    }
    const b = afterImport.bands ?? {};
    const pairUnits = units + (added.data?.units ?? 0);
    const times = (q: { seconds: number }) => `${(q.seconds / without.seconds).toFixed(1)}×`;
    console.log(
      `quote ${(b.total_words ?? 0).toLocaleString('en')} words against ${pairUnits.toLocaleString('en')} units: ${withMemory.seconds.toFixed(1)} s with memory, ${without.seconds.toFixed(1)} s without`,
    );
    console.log(
      `  with memory, on a server that had not read the pair (${times(withMemory)}): ${withMemory.cpu}; without ${without.cpu}`,
    );
    console.log(
      `  with memory, on a server started with the pair's index on disk (${(snapshotBytes / MB).toFixed(0)} MB, written some ${writtenS.toFixed(1)} s after the quote before it): ${fromDisk.seconds.toFixed(1)} s (${times(fromDisk)}), ${fromDisk.cpu}`,
    );
    console.log(
      `  the first quote after the import (the pair read then): ${afterImport.seconds.toFixed(1)} s (${times(afterImport)}), ${afterImport.cpu}`,
    );
    console.log(
      `  again, the index kept: ${again.seconds.toFixed(1)} s (${times(again)}), ${again.cpu}; lookups spread over ${config.analysis.lookupThreads} threads`,
    );
    console.log(
      `  again, the index kept, each lookup in the analysis worker alone (ANALYSIS_LOOKUP_THREADS=1): ${aloneAgain.seconds.toFixed(1)} s (${times(aloneAgain)}), ${aloneAgain.cpu}`,
    );
    console.log(
      `  after ${added.data?.units ?? 0} units were imported into the pair (read alone into the kept index): ${grown.seconds.toFixed(1)} s (${times(grown)}), ${grown.cpu}`,
    );
    for (const line of severalLanguages) console.log(line);
    console.log(
      `  bands (words, before the units were added): 101 % ${b.percent101}, 100 % ${b.percent100}, 95–99 % ${b.percent95}, 85–94 % ${b.percent85}, 75–84 % ${b.percent75}, 50–74 % ${b.percent50}, no match ${b.no_match}, repetitions ${b.repetitions}`,
    );
    await lookupFigures(database, acme, document);
  }
  await app.close();
  await database.close();
  await cleanup?.();
}

/** Bytes of the index snapshots in `dir` (0 while none is written). */
function snapshotSize(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.tmi'))
    .reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
}

const t = performance.now();
const memory = await benchMemory(units, words);
await writeMemory(file, memory.sources);
const document = memory.document;
console.log(
  `wrote a ${(fs.statSync(file).size / MB).toFixed(0)} MB TMX of ${memory.sources.length.toLocaleString('en')} ${memory.label}, in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);
if (languages.length === 1) memory.sources.length = 0;
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
worstCase(Math.min(units, 100_000));
fs.rmSync(work, { recursive: true, force: true });
