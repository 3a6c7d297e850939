// Real documentation as a benchmark memory (`TM_BENCH_MEMORY=debian-docs`): the English HTML
// manuals of Debian packages, read page by page as a quote reads an HTML file (`extractText`, then
// `segment`). Every twentieth page is kept out of the memory: its sentences are the task's new text.
import fs from 'node:fs';
import path from 'node:path';
import { extractText, MAX_TMX_UNIT_CHARS, normalizeSegment, segment } from '@verba/analysis';
import { DocText } from '@verba/analysis/test-support/doc-text';

/**
 * Where each package puts its English HTML, in the order they are read. (Not `nodejs-doc`: Debian's
 * takes its own Node.js with it, and apt removes a Node.js installed from elsewhere to install it.)
 */
export const DOC_PACKAGES: readonly { name: string; root: string }[] = [
  { name: 'libreoffice-help-en-us', root: '/usr/share/libreoffice/help/en-US' },
  { name: 'python3.11-doc', root: '/usr/share/doc/python3.11/html' },
  { name: 'postgresql-doc-15', root: '/usr/share/doc/postgresql-doc-15/html' },
  { name: 'debian-handbook', root: '/usr/share/doc/debian-handbook/html/en-US' },
  { name: 'libboost1.81-doc', root: '/usr/share/doc/libboost1.81-doc/doc/html' },
  { name: 'libstdc++-12-doc', root: '/usr/share/doc/libstdc++-12-doc/libstdc++' },
  { name: 'openjdk-17-doc', root: '/usr/share/doc/openjdk-17-jre-headless/api' },
];

export interface DebianDocs {
  /** Distinct sentences of the pages in the memory, at most the number asked for. */
  sources: string[];
  /** Sentences of the pages kept out of the memory. */
  held: string[];
  /** The packages read, and how many units each gave. */
  read: { name: string; units: number }[];
  /** The packages not installed. */
  missing: string[];
}

/**
 * A sentence a TMX unit can hold: some letter, within the import's length limit (its target is
 * written longer), and only characters XML allows.
 */
const storable = (sentence: string) =>
  /\p{L}/u.test(sentence) &&
  sentence.length < MAX_TMX_UNIT_CHARS / 2 &&
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/u.test(sentence);

function* htmlFiles(dir: string): Generator<string> {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(file);
    else if (/\.html?$/.test(entry.name)) yield file;
  }
}

/**
 * Reads the installed packages' pages until `units` distinct sentences are in the memory and at least
 * one page is kept out (the task's new sentences).
 */
export async function readDebianDocs(units: number): Promise<DebianDocs> {
  const docs: DebianDocs = { sources: [], held: [], read: [], missing: [] };
  const seen = new Set<string>();
  let page = 0;
  const full = () => docs.sources.length >= units && docs.held.length > 0;
  for (const { name, root } of DOC_PACKAGES) {
    if (!fs.existsSync(root)) {
      docs.missing.push(name);
      continue;
    }
    if (full()) break;
    const before = docs.sources.length;
    for (const file of htmlFiles(root)) {
      if (full()) break;
      const { paragraphs } = await extractText({
        name: path.basename(file),
        open: () => fs.createReadStream(file),
      });
      const sentences = paragraphs.flatMap((p) => [...segment(p, 'en')]).filter(storable);
      if (page++ % 20 === 7) {
        docs.held.push(...sentences);
        continue;
      }
      for (const sentence of sentences) {
        if (docs.sources.length >= units) break;
        const key = normalizeSegment(sentence);
        if (seen.has(key)) continue;
        seen.add(key);
        docs.sources.push(sentence);
      }
    }
    docs.read.push({ name, units: docs.sources.length - before });
  }
  return docs;
}

/**
 * A task of about `words` words in the mix of `quoteDocument`'s: 30 % units lightly edited (one to
 * three words replaced, added or dropped, drawn from other units), 25 % units as they are, 3 % in
 * lower case with an exclamation mark, the rest sentences of the pages kept out of the memory.
 */
export function docsTask(docs: DebianDocs, words: number, seed = 77): string {
  // DocText only for its seeded numbers: the words are the manuals'.
  const numbers = new DocText(seed, 1);
  const random = () => numbers.random();
  const pick = <T>(list: readonly T[]) => list[numbers.int(list.length)] as T;
  const anyWord = () => pick(pick(docs.sources).split(' '));
  const edited = (sentence: string) => {
    const tokens = sentence.split(' ');
    const edits = 1 + Math.floor(random() * (tokens.length > 10 ? 3 : 1));
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(random() * tokens.length);
      const kind = random();
      if (kind < 0.5) tokens[at] = anyWord();
      else if (kind < 0.8) tokens.splice(at, 0, anyWord());
      else if (tokens.length > 3) tokens.splice(at, 1);
    }
    return tokens.join(' ');
  };
  const lines: string[] = [];
  for (let count = 0; count < words;) {
    const r = random();
    const unit = pick(docs.sources);
    const line =
      r < 0.3 ? edited(unit) : r < 0.55 ? unit : r < 0.58 ? `${unit.toLowerCase()}!` : pick(docs.held);
    lines.push(line);
    count += line.split(' ').length;
  }
  return lines.join('\n\n');
}
