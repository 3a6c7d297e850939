// Child process of the benchmark: analyses the files given and prints the peak resident memory.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { analyseTask } from '../src/index.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stdout.write(
    JSON.stringify({
      seconds: 0,
      maxRssMB: process.resourceUsage().maxRSS / 1024,
      peakHeapMB: 0,
      words: 0,
      members: 0,
      memberErrors: 0,
      fileErrors: [],
    }),
  );
  process.exit(0);
}
let peakHeap = 0;
const sampler = setInterval(() => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 50);
const started = performance.now();
const result = await analyseTask({
  files: files.map((f, i) => ({ id: String(i), name: basename(f), open: () => createReadStream(f) })),
  sourceLanguage: 'en',
  targetLanguages: ['es'],
});
clearInterval(sampler);
const members = result.files.flatMap((f) => f.members ?? []);
process.stdout.write(
  JSON.stringify({
    seconds: (performance.now() - started) / 1000,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    peakHeapMB: peakHeap / 1024 / 1024,
    words: result.totals.es?.total_words,
    members: members.length,
    memberErrors: members.filter((m) => m.error).length,
    fileErrors: result.files.filter((f) => f.error).map((f) => f.error?.key),
  }),
);
