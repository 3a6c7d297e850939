import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { strToU8, Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate';

/** Deterministic pseudo-random numbers, so every run measures the same documents. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY = (
  'the of and to in is that for it as with was on be by this are or from at which an have not they you were ' +
  'system network package file server user configuration command option directory program kernel install ' +
  'remote local update security service address interface device driver module terminal editor shell script ' +
  'debian release archive mirror source binary library process memory storage backup restore permission group ' +
  'setting default value example manual page document translation language format encoding character display'
).split(' ');

export function sentence(random: () => number, min = 6, max = 22): string {
  const n = min + Math.floor(random() * (max - min));
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(VOCABULARY[Math.floor(random() * VOCABULARY.length)] ?? 'word');
  const s = words.join(' ');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}

export function paragraph(random: () => number): string {
  const n = 1 + Math.floor(random() * 5);
  return Array.from({ length: n }, () => sentence(random)).join(' ');
}

export function html(random: () => number, paragraphs: number): string {
  const body = Array.from({ length: paragraphs }, (_, i) =>
    i % 10 === 0
      ? `<h2 id="s${i}">${sentence(random, 3, 8)}</h2>`
      : `<p>${paragraph(random).replace(/ (\w+) /, ' <code class="literal">$1</code> ')}</p>`,
  ).join('\n');
  return `<!DOCTYPE html><html><head><title>Generated</title><style>p{}</style></head><body>${body}</body></html>`;
}

export function docx(random: () => number, paragraphs: number): Uint8Array {
  const body = Array.from(
    { length: paragraphs },
    () =>
      `<w:p><w:pPr><w:pStyle w:val="Body"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${paragraph(random)}</w:t></w:r></w:p>`,
  ).join('');
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  });
}

/** Streams a zip to disk member by member; `members` yields [name, bytes, compress]. */
export async function writeZip(
  path: string,
  members: Iterable<[string, Uint8Array, boolean]>,
): Promise<number> {
  const out = createWriteStream(path);
  let size = 0;
  let failed: Error | undefined;
  const zip = new Zip((err, chunk) => {
    if (err) failed = err;
    else {
      size += chunk.length;
      out.write(chunk);
    }
  });
  for (const [name, data, compress] of members) {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(file);
    file.push(data, true);
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  zip.end();
  out.end();
  await once(out, 'finish');
  if (failed) throw failed;
  return size;
}

/** A TMX of `units` sentences written as a stream (never held in memory). */
export async function writeTmx(path: string, units: number, unitText: (i: number) => string): Promise<void> {
  const out = createWriteStream(path);
  out.write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="bench" creationtoolversion="1" o-tmf="bench"/>\n<body>\n',
  );
  for (let i = 0; i < units; i++) {
    const s = unitText(i);
    const ok = out.write(
      `<tu><tuv xml:lang="en"><seg>${s}</seg></tuv><tuv xml:lang="es"><seg>ES ${s}</seg></tuv></tu>\n`,
    );
    if (!ok) await once(out, 'drain');
  }
  out.end('</body></tmx>\n');
  await once(out, 'finish');
}
