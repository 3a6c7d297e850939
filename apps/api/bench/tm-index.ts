// The index alone, without a database: the pair's build and the task's lookups, in CPU time, for
// `npm run bench:tm`'s memory and task (ADR 0027). Prints figures; asserts nothing.
//   TM_BENCH_UNITS=<n> TM_BENCH_WORDS=<n> [TM_BENCH_MEMORY=debian-docs] npx tsx bench/tm-index.ts
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  bandFloors,
  bandFor,
  CandidateIndex,
  LookupThreads,
  normalizeSegment,
  segment,
} from '@verba/analysis';
import { benchMemory } from './tm-quote.ts';

const units = Number(process.env.TM_BENCH_UNITS ?? 100_000);
const words = Number(process.env.TM_BENCH_WORDS ?? 100_000);
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

// The same memory and task as `npm run bench:tm`'s (`TM_BENCH_MEMORY` included).
const { sources, document, label } = await benchMemory(units, words);
const segments = [
  ...new Set(
    document
      .split('\n\n')
      .flatMap((p) => [...segment(p, 'en')])
      .map(normalizeSegment),
  ),
];
const size = sources.length;
const c0 = cpu();
const index = new CandidateIndex();
for (const s of sources) index.add(s);
index.search('the lists are built at the first search', 50, 1);
const buildS = cpu() - c0;
sources.length = 0;

// Each segment is looked up twice, alternately first: for its best score (no bands) and for its
// band only, as an analysis asks (`bandFloors`). Both must land the segment in the same band.
const modes = ['best', 'band'] as const;
type Mode = (typeof modes)[number];
type Kind = 'exact' | 'fuzzy' | 'none';
const times = {} as Record<Mode, Record<Kind, number[]>>;
const cpuOf = {} as Record<Mode, number>;
const byBand = {} as Record<Mode, Record<string, { n: number; ms: number }>>;
for (const mode of modes) {
  times[mode] = { exact: [], fuzzy: [], none: [] };
  cpuOf[mode] = 0;
  byBand[mode] = {};
}
let differing = 0;
segments.forEach((s, i) => {
  const bandOf: Partial<Record<Mode, string>> = {};
  for (const mode of i % 2 ? [...modes].reverse() : modes) {
    const c = cpu();
    const t = performance.now();
    const found = index.search(s, 50, 10, mode === 'band' ? bandFloors : undefined);
    const ms = performance.now() - t;
    cpuOf[mode] += cpu() - c;
    const best = found.identical.length ? 100 : (found.matches[0]?.score ?? 0);
    times[mode][best >= 100 ? 'exact' : best >= 50 ? 'fuzzy' : 'none'].push(ms);
    const band = bandFor(best);
    bandOf[mode] = band;
    const b = (byBand[mode][band] ??= { n: 0, ms: 0 });
    b.n++;
    b.ms += ms;
  }
  if (bandOf.best !== bandOf.band) differing++;
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] as number) : 0;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
console.log(
  `index alone, ${size.toLocaleString('en')} ${label}: built in ${buildS.toFixed(1)} s CPU (heap ${mb(process.memoryUsage().heapUsed)} MB, typed arrays ${mb(process.memoryUsage().arrayBuffers)} MB); ${segments.length.toLocaleString('en')} distinct segments, ${differing} of them in another band when looked up for the band`,
);
for (const mode of modes) {
  const spent = Object.entries(byBand[mode])
    .map(([band, v]) => `${band} ${v.n} (${(v.ms / 1000).toFixed(1)} s)`)
    .join(', ');
  console.log(
    `  looked up for the ${mode === 'band' ? 'band (as an analysis does)' : 'best score'}: ${cpuOf[mode].toFixed(1)} s CPU (${((cpuOf[mode] * 1000) / segments.length).toFixed(2)} ms each); by band: ${spent}`,
  );
  for (const k of ['exact', 'fuzzy', 'none'] as const)
    console.log(
      `    ${k} ${times[mode][k].length}: p50 ${pct(times[mode][k], 50).toFixed(2)} ms, p99 ${pct(times[mode][k], 99).toFixed(2)} ms, total ${(sum(times[mode][k]) / 1000).toFixed(1)} s wall`,
    );
}

// The same lookups for the band, as an analysis makes them: batches of 256 spread over the
// threads (`LookupThreads`, this one included), against the same batches in this thread alone.
const threads = Math.max(2, Math.min(4, availableParallelism()));
const spreader = new LookupThreads({
  url: pathToFileURL(createRequire(import.meta.url).resolve('@verba/analysis/lookup-worker')),
  typescript: true,
  threads,
  fromUnits: 0,
});
const batches: string[][] = [];
for (let i = 0; i < segments.length; i += 256) batches.push(segments.slice(i, i + 256));
const wall = { alone: 0, spread: 0 };
// CPU of every thread of the process (the lookup threads' included).
const used = { alone: 0, spread: 0 };
for (let round = 0; round < 3; round++)
  for (const mode of round % 2 ? (['spread', 'alone'] as const) : (['alone', 'spread'] as const)) {
    const t = performance.now();
    const c = cpu();
    for (const batch of batches) {
      const lookups = batch.map((s) => ({ query: index.query(s), minScore: 50 }));
      if (mode === 'spread') await spreader.search(index, lookups, 1, bandFloors);
      else for (const l of lookups) index.lookup(l.query, l.minScore, 1, bandFloors);
    }
    // The first round starts the threads: not counted.
    if (round > 0) {
      wall[mode] += (performance.now() - t) / 2;
      used[mode] += (cpu() - c) / 2;
    }
  }
await spreader.close();
console.log(
  `  looked up for the band in batches of 256, in this thread alone: ${(wall.alone / 1000).toFixed(2)} s wall (${used.alone.toFixed(2)} s CPU); spread over ${threads} threads: ${(wall.spread / 1000).toFixed(2)} s wall (${used.spread.toFixed(2)} s CPU), ×${(wall.alone / wall.spread).toFixed(2)}`,
);
