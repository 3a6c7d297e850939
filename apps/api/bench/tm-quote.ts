// The quote side of `npm run bench:tm`: a documentation-like memory (generated, or real manuals),
// a 100,000-word task against it (about 30 % of its segments edited units), the time to DRAFT with and without the memory, and
// the fuzzy lookups one by one. Prints figures; asserts nothing.
import fs from 'node:fs';
import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import {
  bandFloors,
  bestMatch,
  CandidateIndex,
  contextHash,
  IndexedTranslationMemory,
  KeptIndexes,
  normalizeSegment,
  segment,
} from '@verba/analysis';
import { DocText } from '@verba/analysis/test-support/doc-text';
import type { Database } from '../src/db/client.ts';
import { departments } from '../src/db/schema/index.ts';
import { PostgresTranslationMemory } from '../src/modules/memories/service.ts';
import { DOC_PACKAGES, docsTask, readDebianDocs } from './debian-docs.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `units` documentation-like sources: a quarter of them light edits of earlier ones, as manuals repeat themselves. */
export function generatedSources(units: number, seed = 2026): string[] {
  const text = new DocText(seed, 8000);
  const sources: string[] = [];
  for (let i = 0; i < units; i++) {
    const earlier = sources[text.int(Math.max(1, sources.length))];
    sources.push(earlier && text.random() < 0.25 ? text.variant(earlier) : text.sentence());
  }
  return sources;
}

/** A TMX of `sources` into `targetLanguage` (each target the source's words backwards), written as a stream. */
export async function writeMemory(file: string, sources: readonly string[], targetLanguage = 'es') {
  const out = fs.createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header creationtool="bench" creationtoolversion="1" segtype="sentence" o-tmf="bench" adminlang="en" srclang="en" datatype="plaintext"/><body>\n',
  );
  for (const source of sources) {
    const target = `${targetLanguage.toUpperCase()} ${source.split(' ').reverse().join(' ')}`;
    await write(
      `<tu><tuv xml:lang="en"><seg>${escapeXml(source)}</seg></tuv><tuv xml:lang="${targetLanguage}"><seg>${escapeXml(target)}</seg></tuv></tu>\n`,
    );
  }
  await write('</body></tmx>\n');
  out.end();
  await once(out, 'finish');
}

/**
 * The memory's sources and the task's text, as `TM_BENCH_MEMORY` says: generated (the default), or
 * `debian-docs`, the English manuals of installed Debian packages (`debian-docs.ts`).
 */
export async function benchMemory(units: number, words: number) {
  if (process.env.TM_BENCH_MEMORY === 'debian-docs') {
    const docs = await readDebianDocs(units);
    if (!docs.sources.length)
      throw new Error(
        `no documentation installed: apt-get install --no-install-recommends ${DOC_PACKAGES.map((p) => p.name).join(' ')}`,
      );
    const read = docs.read.map((p) => `${p.name} ${p.units.toLocaleString('en')}`).join(', ');
    const missing = docs.missing.length ? `; not installed: ${docs.missing.join(', ')}` : '';
    return {
      label: `sentences of Debian packages' English manuals (${read}${missing})`,
      sources: docs.sources,
      document: words > 0 ? docsTask(docs, words) : '',
    };
  }
  const sources = generatedSources(units);
  return {
    label: 'generated documentation-like units',
    sources,
    document: words > 0 ? quoteDocument(sources, words) : '',
  };
}

/**
 * A task's text of about `words` words: 30 % edited units, 25 % units as they are, the rest new
 * sentences of the same shapes about other things (mostly no match, some 50–74 %).
 */
export function quoteDocument(sources: readonly string[], words: number): string {
  const text = new DocText(77, 8000);
  const other = new DocText(78, 8000, false);
  const lines: string[] = [];
  let count = 0;
  while (count < words) {
    const r = text.random();
    const unit = sources[text.int(sources.length)] as string;
    const line =
      r < 0.3 ? text.variant(unit) : r < 0.55 ? unit : r < 0.58 ? `${unit.toLowerCase()}!` : other.sentence();
    lines.push(line);
    count += line.split(' ').length;
  }
  return lines.join('\n\n');
}

export interface Api {
  url: string;
  auth: Record<string, string>;
  userAuth: Record<string, string>;
  lang: (iso: string) => string;
}

/** Puts a task of `document` in the quote queue and waits for its DRAFT: seconds, and its bands. */
/** Seconds from the upload of `document` for a quote into `targets` to the task leaving CALCULATING. */
export async function timeQuote(api: Api, db: Database, targets: string | string[], document: string) {
  const [marketing] = await db.db.select().from(departments).where(eq(departments.title, 'Marketing'));
  const form = new FormData();
  form.append('description', 'Bench quote');
  form.append('department', String(marketing!.id));
  form.append('source_language', api.lang('en'));
  for (const target of [targets].flat()) form.append('target_languages[]', api.lang(target));
  form.append('translation_type', '1');
  form.append('file[]', new Blob([document]), 'manual.txt');
  const t0 = performance.now();
  const res = await fetch(`${api.url}/api/tasks/store-as-draft`, {
    method: 'POST',
    headers: api.userAuth,
    body: form,
  });
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  for (;;) {
    const task = (await (await fetch(`${api.url}/api/task/${id}`, { headers: api.auth })).json()) as {
      data: { state: string; source_files: { word_count: Record<string, number>[] }[] };
    };
    if (task.data.state !== 'CALCULATING') {
      const bands = task.data.source_files[0]?.word_count[0];
      // A figure only for a quote that counted the whole task.
      if (!bands?.total_words)
        throw new Error(
          `the quote into ${[targets].flat().join(', ')} ended ${task.data.state} without counts`,
        );
      return { seconds: (performance.now() - t0) / 1000, bands };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number) : 0;

/**
 * The task's lookups one by one, as the analysis makes them, through the index the analysis
 * builds: the time to read the pair into the index, lookups per second, and p50/p99 of the fuzzy
 * ones (best score 50–99), the exact ones (a database round trip) and the ones that find nothing.
 */
export async function lookupFigures(db: Database, customerId: number, document: string) {
  // Indexes of its own: the embedded run's pair has the same name and version as PostgreSQL's.
  const memory = new IndexedTranslationMemory(
    new PostgresTranslationMemory(db.db, customerId, 'en', 'es'),
    new KeptIndexes(1_000_000),
  );
  const empty = contextHash('');
  const segments = [
    ...new Set(
      document
        .split('\n\n')
        .flatMap((p) => [...segment(p, 'en')])
        .map(normalizeSegment),
    ),
  ];
  // Reading the pair alone, then reading and indexing it: where the first quote's time goes.
  const source = new PostgresTranslationMemory(db.db, customerId, 'en', 'es');
  const r0 = performance.now();
  for (let cursor: number | null = 0; cursor !== null;) cursor = (await source.sourcesAfter(cursor)).next;
  const readS = (performance.now() - r0) / 1000;
  const t0 = performance.now();
  await memory.findCandidates(
    { text: 'warm-up', prevHash: empty, nextHash: empty },
    { minScore: 50, limit: 10 },
  );
  const loadS = (performance.now() - t0) / 1000;
  const times: Record<'fuzzy' | 'exact' | 'none', number[]> = { fuzzy: [], exact: [], none: [] };
  const t1 = performance.now();
  for (const text of segments) {
    const query = { text, prevHash: empty, nextHash: empty };
    const s = performance.now();
    // As an analysis asks: for the band of the best score.
    const score = bestMatch(
      query,
      await memory.findCandidates(query, { minScore: 50, limit: 10, bands: bandFloors }),
    ).score;
    times[score >= 100 ? 'exact' : score >= 50 ? 'fuzzy' : 'none'].push(performance.now() - s);
  }
  const perSecond = segments.length / ((performance.now() - t1) / 1000);
  const line = (k: keyof typeof times) => {
    const sorted = times[k].sort((a, b) => a - b);
    return `${k} ${sorted.length}: p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms`;
  };
  console.log(
    `  index of the pair read in ${loadS.toFixed(1)} s (reading alone ${readS.toFixed(1)} s); ${segments.length.toLocaleString('en')} distinct segments looked up, ${Math.round(perSecond).toLocaleString('en')} lookups/s (${line('exact')}; ${line('none')})`,
  );
  const fuzzy = times.fuzzy.sort((a, b) => a - b);
  console.log(
    `fuzzy lookup p50 ${percentile(fuzzy, 50).toFixed(2)} ms, p99 ${percentile(fuzzy, 99).toFixed(2)} ms`,
  );
}

const frame = (i: number, w: (k: number) => string) =>
  `Unit ${i}: the ${w(1)} keeps your ${w(2)} and ${w(3)} safe on every ${w(4)}.`;

/**
 * The worst case of before, on the index alone: every unit the same sentence frame with a number
 * and four words of twenty, so every unit shares nearly every word of every query.
 */
export function worstCase(units: number, lookups = 40) {
  const WORDS =
    'backup file folder restore account password plan storage computer device cloud secure data centre key install update screen support answer'.split(
      ' ',
    );
  const word = (i: number) => (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length] as string;
  const index = new CandidateIndex();
  for (let i = 0; i < units; i++) index.add(frame(i, word(i)));
  const kinds: Record<string, (i: number) => string> = {
    exact: (i) => frame(i, word(i)),
    fuzzy: (i) => frame(i, word(i)).replace(' keeps your ', ' keeps all your ').replace(' every ', ' each '),
    'no match': (i) => `Weather forecast number ${i} for the northern mountains this weekend.`,
  };
  const parts = Object.entries(kinds).map(([kind, text]) => {
    const t0 = performance.now();
    for (let k = 0; k < lookups; k++)
      index.search(text(Math.floor((((k * 7919) % 1000) / 1000) * units)), 50, 10);
    return `${kind} ${((performance.now() - t0) / lookups).toFixed(1)} ms`;
  });
  console.log(
    `  worst case (one sentence frame, ${units.toLocaleString('en')} units, index only): ${parts.join(', ')}`,
  );
}
