/**
 * Verba against the reference tools, file by file: OmegaT 3.6 in console mode (HTML and office
 * files; its HTML href/src/lang/hreflang options off) and translate-toolkit's pocount (PO, and PO
 * files made from the corpus HTML by html2po). Every tool runs as a whole process under
 * /usr/bin/time, so the ratios include start-up. Prints, per format and language, the mean and
 * maximum absolute deviation per file, the share of files within 1 %, words/s and peak RSS.
 *
 * Standalone: `npx tsx bench/reference.ts [corpus] [verba-bin]` (verba-bin defaults to this
 * package's bin/verba-analyse.js, so an older checkout can be measured the same way).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const OMEGAT_JAR = '/usr/share/omegat/OmegaT.jar';
const POCOUNT = '/usr/bin/pocount';
const HTML2PO = '/usr/bin/html2po';
const TIME = '/usr/bin/time';

interface Measured {
  /** words per file name */
  words: Map<string, number>;
  seconds: number;
  peakRssKb: number;
}

/** Runs a command under /usr/bin/time; returns stdout, wall seconds and peak RSS. */
async function timed(cmd: string, args: string[], cwd?: string) {
  const dir = await mkdtemp(join(tmpdir(), 'verba-time-'));
  const out = join(dir, 'time');
  try {
    const { stdout } = await run(TIME, ['-o', out, '-f', '%e %M', cmd, ...args], {
      maxBuffer: 256 * 1024 * 1024,
      ...(cwd ? { cwd } : {}),
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const [sec, rss] = readFileSync(out, 'utf8').trim().split('\n').pop()!.split(' ');
    return { stdout, seconds: Number(sec), peakRssKb: Number(rss) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function verba(bin: string, files: string[], lang: string): Promise<Measured> {
  const r = await timed(process.execPath, [bin, ...files, '--source', lang, '--target', 'xx', '--json']);
  const json = JSON.parse(r.stdout) as {
    files: { name: string; byTarget: { xx: { total_words: number } } }[];
  };
  return {
    words: new Map(json.files.map((f) => [f.name, f.byTarget.xx.total_words])),
    seconds: r.seconds,
    peakRssKb: r.peakRssKb,
  };
}

const OMEGAT_LANG: Record<string, string> = { en: 'EN-US', es: 'ES', ca: 'CA', ja: 'JA' };

async function omegat(files: string[], lang: string): Promise<Measured> {
  const dir = await mkdtemp(join(tmpdir(), 'verba-omegat-'));
  try {
    for (const d of ['source', 'target', 'tm', 'glossary', 'omegat', 'dictionary']) mkdirSync(join(dir, d));
    for (const f of files) copyFileSync(f, join(dir, 'source', basename(f)));
    writeFileSync(join(dir, 'omegat.project'), projectXml(OMEGAT_LANG[lang] ?? lang.toUpperCase()));
    writeFileSync(join(dir, 'omegat', 'filters.xml'), FILTERS_XML);
    const r = await timed('java', [
      '-Djava.awt.headless=true',
      '-jar',
      OMEGAT_JAR,
      dir,
      '--mode=console-translate',
    ]);
    const stats = readFileSync(join(dir, 'omegat', 'project_stats.txt'), 'utf8');
    const words = new Map<string, number>();
    const lines = stats.split('\n');
    const start = lines.findIndex((l) => l.startsWith('File Name'));
    for (const l of lines.slice(start + 1)) {
      const cells = l.split('\t').map((c) => c.trim());
      if (cells.length > 5 && cells[0]) words.set(basename(cells[0]), Number(cells[5]));
    }
    return { words, seconds: r.seconds, peakRssKb: r.peakRssKb };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function pocount(files: string[]): Promise<Measured> {
  const r = await timed(POCOUNT, ['--csv', ...files]);
  const words = new Map<string, number>();
  for (const l of r.stdout.split('\n').slice(1)) {
    const cells = l.split(',').map((c) => c.trim());
    if (cells.length > 9 && cells[0]) words.set(basename(cells[0]), Number(cells[9]));
  }
  return { words, seconds: r.seconds, peakRssKb: r.peakRssKb };
}

export interface Deviation {
  files: number;
  mean: number;
  max: number;
  within1: number;
  worst?: string;
}

export function deviations(ours: Map<string, number>, theirs: Map<string, number>): Deviation {
  const d: { name: string; pct: number }[] = [];
  for (const [name, t] of theirs) {
    const o = ours.get(name);
    if (o === undefined || t === 0) continue;
    d.push({ name, pct: (Math.abs(o - t) / t) * 100 });
  }
  if (d.length === 0) return { files: 0, mean: 0, max: 0, within1: 0 };
  d.sort((a, b) => b.pct - a.pct);
  return {
    files: d.length,
    mean: d.reduce((s, x) => s + x.pct, 0) / d.length,
    max: d[0]!.pct,
    within1: d.filter((x) => x.pct <= 1).length,
    worst: d[0]!.name,
  };
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const mbOf = (kb: number) => `${Math.round(kb / 1024)} MB`;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function report(label: string, tool: string, ours: Measured, theirs: Measured, out: (s: string) => void) {
  const d = deviations(ours.words, theirs.words);
  const w = sum(ours.words);
  out(
    `  ${label.padEnd(14)} ${String(d.files).padStart(3)} files  mean ${d.mean.toFixed(2)} %  max ${d.max.toFixed(2)} % (${d.worst ?? '-'})  within 1 %: ${d.within1}/${d.files}\n` +
      `  ${''.padEnd(14)} verba ${fmt(w)} words, ${ours.seconds.toFixed(2)} s = ${fmt(w / Math.max(ours.seconds, 0.01))} words/s, peak ${mbOf(ours.peakRssKb)}; ` +
      `${tool} ${fmt(sum(theirs.words))} words, ${theirs.seconds.toFixed(2)} s, peak ${mbOf(theirs.peakRssKb)}; ` +
      `time ratio ${tool}/verba ${(theirs.seconds / Math.max(ours.seconds, 0.01)).toFixed(1)}×\n`,
  );
}

const langOf = (f: string) => /\.([a-z]{2})\.[a-z]+$/.exec(f)?.[1] ?? 'en';

function groups(files: string[]): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const f of files) {
    const key = `${f.slice(f.lastIndexOf('.') + 1)} ${langOf(f)}`;
    g.set(key, [...(g.get(key) ?? []), f]);
  }
  return g;
}

export async function referenceComparison(
  corpus: string,
  out: (s: string) => void,
  verbaBin = resolve(here, '../bin/verba-analyse.js'),
): Promise<void> {
  if (!existsSync(TIME)) return out('  /usr/bin/time is missing (Debian package time); skipped\n');
  const html = readdirSync(join(corpus, 'html'))
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(corpus, 'html', f));
  const office = readdirSync(join(corpus, 'office'))
    .filter((f) => /\.(docx|odt|ods|odp|pptx|xlsx)$/.test(f))
    .map((f) => join(corpus, 'office', f));
  if (existsSync(OMEGAT_JAR)) {
    out('  OmegaT 3.6 (console-translate, project_stats.txt), per file:\n');
    // (OmegaT 3.6's XLIFF filter reads 39 words of po2xliff's ch06.en.xliff, so XLIFF is compared with pocount only)
    for (const [key, files] of groups([...html, ...office])) {
      const lang = key.split(' ')[1] ?? 'en';
      const ours = await verba(verbaBin, files, lang);
      const theirs = await omegat(files, lang);
      report(key + (lang === 'ja' ? '*' : ''), 'omegat', ours, theirs, out);
    }
    out('  * Japanese: GMX-V counts characters ÷ 3.0; OmegaT counts its tokens, so no parity is expected\n');
  } else out('  OmegaT: not installed (apt-get install -y omegat); skipped\n');
  if (existsSync(POCOUNT)) {
    const dir = await mkdtemp(join(tmpdir(), 'verba-po-'));
    try {
      const po = [join(corpus, 'l10n', 'ch06.en.po')].filter(existsSync);
      if (existsSync(HTML2PO))
        for (const f of html.filter((h) => langOf(h) !== 'ja')) {
          const target = join(dir, `html2po-${basename(f).replace(/\.html$/, '.po')}`);
          await run(HTML2PO, ['--pot', f, target]).catch(() => undefined);
          if (existsSync(target)) po.push(target);
        }
      out(
        `  pocount (translate-toolkit), per file${existsSync(HTML2PO) ? ' (PO: the corpus one and html2po of each en/es page)' : ''}:\n`,
      );
      report('po', 'pocount', await verba(verbaBin, po, 'en'), await pocount(po), out);
      const xliff = [join(corpus, 'l10n', 'ch06.en.xliff')].filter(existsSync);
      if (xliff.length)
        report('xliff†', 'pocount', await verba(verbaBin, xliff, 'en'), await pocount(xliff), out);
      out('  † pocount removes tag-shaped text from XLIFF sources too; Verba counts it (ADR 0010)\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else out('  pocount: not installed (apt-get install -y translate-toolkit); skipped\n');
}

const PROJECT_XML = (lang: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<omegat><project version="1.0">
  <source_dir>source</source_dir><source_dir_excludes/><target_dir>target</target_dir>
  <tm_dir>tm</tm_dir><glossary_dir>glossary</glossary_dir><glossary_file>glossary/glossary.txt</glossary_file>
  <dictionary_dir>dictionary</dictionary_dir><source_lang>${lang}</source_lang><target_lang>FR</target_lang>
  <source_tok>org.omegat.tokenizer.DefaultTokenizer</source_tok><target_tok>org.omegat.tokenizer.DefaultTokenizer</target_tok>
  <sentence_seg>true</sentence_seg><support_default_translations>true</support_default_translations>
  <remove_tags>false</remove_tags>
</project></omegat>
`;
const projectXml = PROJECT_XML;

// OmegaT's HTML filter with href, src, lang and hreflang attributes not translatable: the
// settings the per-file deviations in the README were measured with.
const FILTERS_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<filters removeTags="false" removeSpacesNonseg="true" preserveSpaces="false" ignoreFileContext="false">
  <filter className="org.omegat.filters2.html2.HTMLFilter2" enabled="true">
    <files sourceFilenameMask="*.htm" targetFilenameMask="\${filename}"/>
    <files sourceFilenameMask="*.html" targetFilenameMask="\${filename}"/>
    <option name="translateHref" value="false"/>
    <option name="translateSrc" value="false"/>
    <option name="translateLang" value="false"/>
    <option name="translateHreflang" value="false"/>
    <option name="translateValue" value="true"/>
    <option name="translateButtonValue" value="true"/>
    <option name="paragraphOnBr" value="false"/>
    <option name="compressWhitespace" value="false"/>
    <option name="removeComments" value="false"/>
    <option name="skipMeta" value="content=text/html,content=text/xml,content=no-cache,content=text/css,content=text/javascript,http-equiv=content-type,http-equiv=content-style-type,name=generator"/>
  </filter>
</filters>
`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const corpus = resolve(process.argv[2] ?? resolve(here, '../../../../shared/corpus'));
  await referenceComparison(corpus, (s) => process.stdout.write(s), process.argv[3]);
}
