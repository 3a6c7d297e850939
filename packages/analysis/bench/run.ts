/**
 * Benchmark of the analysis engine: prints figures, asserts nothing. Run from the repository root:
 *   npm run bench:analysis            (or: npm run bench -w packages/analysis)
 * The corpus is taken from ../shared/corpus relative to the repository root, or $VERBA_CORPUS;
 * parts that need it are skipped with a line saying so. BENCH_QUICK=1 shrinks the generated sizes.
 */
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { analyseTask, InMemoryTranslationMemory, readTmx } from '../src/index.ts';
import type { TaskFile } from '../src/index.ts';
import { docx, html, rng, writeTmx, writeZip } from './generate.ts';
import { leverage } from './leverage.ts';
import { referenceComparison } from './reference.ts';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const corpus = process.env.VERBA_CORPUS ?? resolve(repoRoot, '../shared/corpus');
const hasCorpus = existsSync(join(corpus, 'html'));
const quick = process.env.BENCH_QUICK === '1';
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function cpuSeconds(since: NodeJS.CpuUsage): string {
  const used = process.cpuUsage(since);
  return ((used.user + used.system) / 1e6).toFixed(1);
}

function line(label: string, value: string) {
  process.stdout.write(`  ${label.padEnd(52)} ${value}\n`);
}

function fileTask(paths: string[]): TaskFile[] {
  return paths.map((p, i) => ({ id: String(i), name: basename(p), open: () => createReadStream(p) }));
}

function memoryTask(docs: [string, Uint8Array | string][]): TaskFile[] {
  return docs.map(([name, data], i) => ({
    id: String(i),
    name,
    open: () => Readable.from([Buffer.from(data)]),
  }));
}

async function throughput(label: string, files: TaskFile[], source: string) {
  let best = Infinity;
  let bestCpu = Infinity;
  let words = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    const r = await analyseTask({ files, sourceLanguage: source, targetLanguages: ['xx'] });
    const used = process.cpuUsage(cpu);
    bestCpu = Math.min(bestCpu, (used.user + used.system) / 1e6);
    best = Math.min(best, (performance.now() - t) / 1000);
    words = r.totals.xx?.total_words ?? 0;
    const errors = r.files.filter((f) => f.error);
    if (errors.length) line('  errors', errors.map((f) => `${f.name}: ${f.error?.key}`).join(', '));
  }
  line(
    label,
    `${fmt(words)} words in ${best.toFixed(2)} s = ${fmt(words / best)} words/s; CPU ${bestCpu.toFixed(2)} s = ${fmt(words / bestCpu)} words/CPU-s (best of 3)`,
  );
  return { words, seconds: best, cpu: bestCpu };
}

async function section1() {
  process.stdout.write('\n1. Extraction + segmentation + counting (target: >= 200,000 words/s)\n');
  if (hasCorpus) {
    const htmlDir = join(corpus, 'html');
    const all = readdirSync(htmlDir).filter((f) => f.endsWith('.html'));
    let words = 0;
    let seconds = 0;
    let cpu = 0;
    for (const lang of ['en', 'es', 'ja']) {
      const files = all.filter((f) => f.includes(`.${lang}.`)).map((f) => join(htmlDir, f));
      const r = await throughput(`corpus HTML (${lang}, ${files.length} files)`, fileTask(files), lang);
      words += r.words;
      seconds += r.seconds;
      cpu += r.cpu;
    }
    const office = join(corpus, 'office');
    const docxFiles = readdirSync(office).filter((f) => f.endsWith('.docx'));
    for (const lang of ['en', 'es', 'ja']) {
      const files = docxFiles.filter((f) => f.includes(`.${lang}.`)).map((f) => join(office, f));
      if (files.length === 0) continue;
      const r = await throughput(`corpus DOCX (${lang}, ${files.length} files)`, fileTask(files), lang);
      words += r.words;
      seconds += r.seconds;
      cpu += r.cpu;
    }
    line(
      'corpus HTML + DOCX overall',
      `${fmt(words)} words in ${seconds.toFixed(2)} s = ${fmt(words / seconds)} words/s; ${fmt(words / cpu)} words/CPU-s`,
    );
    const others = readdirSync(office).filter((f) => !f.endsWith('.docx'));
    for (const f of others) {
      const lang = f.includes('.es.') ? 'es' : f.includes('.ja.') ? 'ja' : 'en';
      await throughput(`  corpus ${f}`, fileTask([join(office, f)]), lang);
    }
  } else {
    line('corpus', `not found at ${corpus} (set VERBA_CORPUS); skipped`);
  }
  const random = rng(1);
  const docs: [string, Uint8Array | string][] = [];
  for (let i = 0; i < (quick ? 4 : 20); i++) docs.push([`gen${i}.html`, html(random, 800)]);
  await throughput(`generated HTML (${docs.length} x 800 paragraphs)`, memoryTask(docs), 'en');
  const docxDocs: [string, Uint8Array | string][] = [];
  for (let i = 0; i < (quick ? 4 : 20); i++) docxDocs.push([`gen${i}.docx`, docx(random, 800)]);
  await throughput(`generated DOCX (${docxDocs.length} x 800 paragraphs)`, memoryTask(docxDocs), 'en');
}

// A vocabulary with a long tail, so that the memory looks like real text (Zipf-like word frequencies).
function makeVocabulary(random: () => number, size: number): string[] {
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ne',
    'ru',
    'ta',
    'so',
    'pe',
    'di',
    'va',
    'xo',
    'gu',
    'be',
    'fi',
    'zo',
    'ha',
    'ju',
    'we',
  ];
  const out = new Set<string>();
  while (out.size < size) {
    const n = 2 + Math.floor(random() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += syllables[Math.floor(random() * syllables.length)];
    out.add(w);
  }
  return [...out];
}

function zipfSentence(random: () => number, vocab: string[], min: number, max: number): string {
  const n = min + Math.floor(random() * (max - min));
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    const idx = Math.floor(Math.pow(vocab.length, random())) - 1;
    words.push(vocab[idx] ?? 'word');
  }
  const s = words.join(' ');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}

async function section2(dir: string) {
  const units = Number(process.env.BENCH_TM_UNITS ?? (quick ? 100_000 : 1_000_000));
  process.stdout.write(
    `\n2. Translation memory: ${fmt(units)}-unit TMX, 100,000-word task (target: bands in < 30 s)\n`,
  );
  const vocab = makeVocabulary(rng(7), 40_000);
  const unitRandom = rng(11);
  const unitText: string[] = [];
  const tmxPath = join(dir, 'memory.tmx');
  // Keep a sample of units to build exact and fuzzy segments of the task from.
  await writeTmx(tmxPath, units, (i) => {
    const s = zipfSentence(unitRandom, vocab, 6, 20);
    if (i % 97 === 0) unitText.push(s);
    return s;
  });
  line('TMX size', mb(statSync(tmxPath).size));
  const heapBefore = process.memoryUsage().heapUsed;
  let t = performance.now();
  const importCpu = process.cpuUsage();
  const memory = new InMemoryTranslationMemory();
  let imported = 0;
  for await (const u of readTmx(createReadStream(tmxPath), { sourceLanguage: 'en', targetLanguage: 'es' })) {
    memory.add({ source: u.source, prevHash: u.prevHash, nextHash: u.nextHash });
    imported++;
  }
  line(
    'TMX streamed into the in-memory index',
    `${fmt(imported)} units in ${((performance.now() - t) / 1000).toFixed(1)} s (CPU ${cpuSeconds(importCpu)} s), heap +${mb(process.memoryUsage().heapUsed - heapBefore)}`,
  );
  t = performance.now();
  let readOnly = 0;
  for await (const _ of readTmx(createReadStream(tmxPath), { sourceLanguage: 'en', targetLanguage: 'es' }))
    readOnly++;
  line(
    'TMX read only (what the API batch-inserts)',
    `${fmt(readOnly)} units in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const random = rng(23);
  const lines: string[] = [];
  let words = 0;
  while (words < 100_000) {
    const r = random();
    let s: string;
    const sample = unitText[Math.floor(random() * unitText.length)] ?? 'Empty.';
    if (r < 0.25) s = sample;
    else if (r < 0.55) {
      const w = sample.slice(0, -1).split(' ');
      const changes = 1 + Math.floor(random() * 4);
      for (let c = 0; c < changes; c++)
        w[Math.floor(random() * w.length)] = vocab[Math.floor(random() * vocab.length)] ?? 'x';
      s = `${w.join(' ')}.`;
    } else s = zipfSentence(random, vocab, 6, 20);
    lines.push(s);
    words += s.split(' ').length;
  }
  const taskFiles: [string, string][] = [];
  for (let i = 0; i < 10; i++)
    taskFiles.push([`doc${i}.txt`, lines.filter((_, j) => j % 10 === i).join('\n')]);
  t = performance.now();
  const cpu = process.cpuUsage();
  const result = await analyseTask({
    files: memoryTask(taskFiles),
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    memory: () => memory,
  });
  const seconds = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  const b = result.totals.es;
  line(
    'task analysed against the memory',
    `${fmt(b?.total_words ?? 0)} words, ${lines.length} segments in ${seconds.toFixed(2)} s (CPU ${((used.user + used.system) / 1e6).toFixed(2)} s)`,
  );
  if (b)
    line(
      'bands',
      `101:${b.percent101} 100:${b.percent100} 95:${b.percent95} 85:${b.percent85} 75:${b.percent75} 50:${b.percent50} new:${b.no_match} reps:${b.repetitions}`,
    );
}

async function section3(dir: string) {
  const target = (quick ? 20 : 100) * 1024 * 1024;
  process.stdout.write(
    `\n3. Peak memory for a ${mb(target)} zip of documents (target: < 400 MB), in a child process\n`,
  );
  const members: [string, Uint8Array, boolean][] = [];
  let size = 0;
  const random = rng(5);
  const office: [string, Buffer][] = [];
  if (hasCorpus) {
    for (const f of readdirSync(join(corpus, 'office')))
      if (!f.endsWith('.zip')) office.push([f, await readFile(join(corpus, 'office', f))]);
  } else {
    for (let i = 0; i < 5; i++) office.push([`gen${i}.docx`, Buffer.from(docx(random, 600))]);
  }
  // About a third office documents, a sixth HTML (deflated), the rest pictures (incompressible).
  let i = 0;
  while (size < target / 3) {
    const [name, data] = office[i % office.length] as [string, Buffer];
    members.push([`docs/set${Math.floor(i / office.length)}/${name}`, data, false]);
    size += data.length;
    i++;
  }
  let h = 0;
  while (size < target / 2) {
    const page = Buffer.from(html(random, 400));
    members.push([`web/page${h++}.html`, page, true]);
    size += page.length / 4;
  }
  let p = 0;
  while (size < target) {
    const picture = Buffer.alloc(2 * 1024 * 1024);
    for (let k = 0; k < picture.length; k += 4) picture.writeUInt32LE((random() * 0xffffffff) >>> 0, k);
    members.push([`images/picture${p++}.png`, picture, false]);
    size += picture.length;
  }
  const zipPath = join(dir, 'bundle.zip');
  const bytes = await writeZip(zipPath, members);
  line('zip', `${mb(bytes)}: ${i} office files, ${h} HTML pages, ${p} pictures of 2 MB`);
  const script = join(here, 'peak-memory.ts');
  type Peak = {
    seconds: number;
    maxRssMB: number;
    peakHeapMB: number;
    words: number;
    members: number;
    memberErrors: number;
    fileErrors: string[];
  };
  const child = async (nodeArgs: string[], files: string[]) => {
    const { stdout } = await run(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...files], {
      cwd: repoRoot,
      maxBuffer: 1 << 20,
    });
    return JSON.parse(stdout) as Peak;
  };
  const baseline = await child([], []);
  line('baseline: node + tsx, no file', `maxRSS ${baseline.maxRssMB.toFixed(0)} MB`);
  for (const [label, args] of [
    ['default V8 settings', []],
    ['with --max-old-space-size=192', ['--max-old-space-size=192']],
  ] as [string, string[]][]) {
    const r = await child(args, [zipPath]);
    line(
      `peak resident memory (maxRSS), ${label}`,
      `${r.maxRssMB.toFixed(0)} MB (peak heap ${r.peakHeapMB.toFixed(0)} MB)`,
    );
    line(
      '  analysed',
      `${fmt(r.words)} words, ${r.members} members (${r.memberErrors} not text: pictures) in ${r.seconds.toFixed(1)} s${r.fileErrors.length ? `; errors ${r.fileErrors.join(',')}` : ''}`,
    );
  }

  process.stdout.write('\n4. Single-line .txt files (targets: seconds; the CLI under 400 MB)\n');
  const line5 = 'lorem ipsum dolor sit amet, consectetur adipiscing elit '.repeat(
    Math.ceil((5 * 1024 * 1024) / 57),
  );
  const txtPath = join(dir, 'one-line.txt');
  await writeFile(txtPath, line5);
  const t = performance.now();
  const res = await analyseTask({
    files: fileTask([txtPath]),
    sourceLanguage: 'en',
    targetLanguages: ['es'],
  });
  line(
    `${mb(line5.length)} on one line`,
    `${fmt(res.totals.es?.total_words ?? 0)} words in ${((performance.now() - t) / 1000).toFixed(2)} s`,
  );
  // the command-line tool on a much longer line, as a process (peak RSS from /usr/bin/time)
  if (existsSync('/usr/bin/time')) {
    const big = (quick ? 20 : 100) * 1024 * 1024;
    const bigPath = join(dir, 'one-line-big.txt');
    const piece = Array.from({ length: 4096 }, (_, k) => `word${k % 997} lorem ipsum ${k}.`).join(' ') + ' ';
    await writeFile(bigPath, piece.repeat(Math.ceil(big / piece.length)));
    const bin = join(here, '../bin/verba-analyse.js');
    const { stderr } = await run('/usr/bin/time', ['-f', '%e %M', process.execPath, bin, bigPath, '--json'], {
      maxBuffer: 1 << 24,
    });
    const [sec, kb] = stderr.trim().split('\n').pop()!.split(' ');
    line(
      `${mb(big)} on one line, CLI process (target: < 400 MB)`,
      `${sec} s, peak RSS ${Math.round(Number(kb) / 1024)} MB`,
    );
  }
}

async function section5() {
  process.stdout.write(
    '\n5. Compared with the reference tools, file by file (targets: HTML/office within 2 % of OmegaT, PO within 1 % of pocount)\n',
  );
  if (!hasCorpus) return line('corpus', 'not found; skipped');
  await referenceComparison(corpus, (s) => process.stdout.write(s));
  await leverage(join(corpus, 'l10n', 'ch06.en.po'), (s) => process.stdout.write(s));
}

const dir = await mkdtemp(join(tmpdir(), 'verba-bench-'));
try {
  process.stdout.write(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )} on ${cpus().length} CPUs (wall-clock figures suffer when the machine is busy; CPU figures less)\n`,
  );
  process.stdout.write(
    `Verba analysis benchmark — node ${process.version}, corpus: ${hasCorpus ? corpus : 'absent'}${quick ? ', QUICK' : ''}\n`,
  );
  const only = process.env.BENCH_ONLY?.split(',');
  if (!only || only.includes('1')) await section1();
  if (!only || only.includes('2')) await section2(dir);
  if (!only || only.includes('3')) await section3(dir);
  if (!only || only.includes('5')) await section5();
} finally {
  await rm(dir, { recursive: true, force: true });
}
