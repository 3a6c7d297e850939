// The index alone, without a database: the pair's build and the task's lookups, in CPU time, for
// `npm run bench:tm`'s memory and task (ADR 0027, third pass). Prints figures; asserts nothing.
//   TM_BENCH_UNITS=<n> TM_BENCH_WORDS=<n> npx tsx bench/tm-index.ts
import { CandidateIndex, normalizeSegment, segment } from '@verba/analysis';
import { DocText } from '@verba/analysis/test-support/doc-text';
import { quoteDocument } from './tm-quote.ts';

const units = Number(process.env.TM_BENCH_UNITS ?? 100_000);
const words = Number(process.env.TM_BENCH_WORDS ?? 100_000);
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

// The same units as `writeDocMemory`.
const text = new DocText(2026, 8000);
const sources: string[] = [];
for (let i = 0; i < units; i++) {
  const earlier = sources[text.int(Math.max(1, sources.length))];
  sources.push(earlier && text.random() < 0.25 ? text.variant(earlier) : text.sentence());
}
const document = quoteDocument(sources, words);
const segments = [
  ...new Set(
    document
      .split('\n\n')
      .flatMap((p) => [...segment(p, 'en')])
      .map(normalizeSegment),
  ),
];
const c0 = cpu();
const index = new CandidateIndex();
for (const s of sources) index.add(s);
const buildS = cpu() - c0;
sources.length = 0;
const times: Record<'fuzzy' | 'exact' | 'none', number[]> = { fuzzy: [], exact: [], none: [] };
const bands: Record<number, { n: number; ms: number }> = {};
const c1 = cpu();
for (const s of segments) {
  const t = performance.now();
  const found = index.search(s, 50, 10);
  const ms = performance.now() - t;
  const best = found.identical.length ? 100 : (found.matches[0]?.score ?? 0);
  times[best >= 100 ? 'exact' : best >= 50 ? 'fuzzy' : 'none'].push(ms);
  const band = best >= 100 ? 100 : Math.floor(best / 10) * 10;
  const b = (bands[band] ??= { n: 0, ms: 0 });
  b.n++;
  b.ms += ms;
}
const lookupS = cpu() - c1;
console.log(
  `  by best score: ${Object.entries(bands)
    .map(([k, v]) => `${k}: ${v.n} lookups ${(v.ms / 1000).toFixed(1)} s`)
    .join(', ')}`,
);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] as number) : 0;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
console.log(
  `index alone, ${units.toLocaleString('en')} units: built in ${buildS.toFixed(1)} s CPU (heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB, typed arrays ${(process.memoryUsage().arrayBuffers / 2 ** 20).toFixed(0)} MB); ${segments.length.toLocaleString('en')} distinct segments looked up in ${lookupS.toFixed(1)} s CPU (${((lookupS * 1000) / segments.length).toFixed(2)} ms each)`,
);
for (const k of ['exact', 'fuzzy', 'none'] as const)
  console.log(
    `  ${k} ${times[k].length}: p50 ${pct(times[k], 50).toFixed(2)} ms, p99 ${pct(times[k], 99).toFixed(2)} ms, total ${(sum(times[k]) / 1000).toFixed(1)} s wall`,
  );
