import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readTmx } from '../src/index.ts';

const UNITS: [string, string][] = [
  ['Café prices include VAT.', 'Los precios del café incluyen el IVA.'],
  ['Größe: 42 – “Spécial” edition.', 'Tamaño: 42 – edición «Spécial».'],
];

const tmx = (declaration: string) =>
  `${declaration}<tmx version="1.4">
<header creationtool="SDL Language Platform" creationtoolversion="8.0" o-tmf="SDL TM8 Format" datatype="xml" segtype="sentence" adminlang="en-US" srclang="en-US"/>
<body>
${UNITS.map(([en, es]) => `<tu><tuv xml:lang="en-US"><seg>${en}</seg></tuv><tuv xml:lang="es-ES"><seg>${es}</seg></tuv></tu>`).join('\n')}
</body></tmx>`;

async function read(input: Readable | AsyncIterable<Buffer>, options = {}) {
  const out: [string, string | undefined][] = [];
  for await (const u of readTmx(input, { sourceLanguage: 'en', targetLanguage: 'es', ...options }))
    out.push([u.source, u.target]);
  return out;
}

/** `bytes` in chunks of `size`, as a file stream delivers them. */
function chunked(bytes: Buffer, size = 7): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
}

const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16();

describe('readTmx encodings', () => {
  it.each([
    ['UTF-8', Buffer.from(tmx('<?xml version="1.0" encoding="UTF-8"?>\n'))],
    [
      'UTF-8 with a BOM',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(tmx('<?xml version="1.0"?>\n'))]),
    ],
    [
      'UTF-16 LE with a BOM (as Trados exports)',
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(tmx('<?xml version="1.0" encoding="utf-16"?>\r\n'), 'utf16le'),
      ]),
    ],
    [
      'UTF-16 BE with a BOM',
      Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(tmx('<?xml version="1.0" encoding="UTF-16"?>\n'))]),
    ],
    [
      'ISO-8859-1 as declared',
      Buffer.from(tmx('<?xml version="1.0" encoding="ISO-8859-1"?>\n').replace(/[“”–]/g, '"'), 'latin1'),
    ],
    [
      'windows-1252 as declared',
      Buffer.from(
        [...tmx("<?xml version='1.0' encoding='windows-1252'?>\n")].map((c) =>
          c === '“' ? 0x93 : c === '”' ? 0x94 : c === '–' ? 0x96 : (c.codePointAt(0) as number),
        ),
      ),
    ],
  ])('%s', async (what, bytes) => {
    const expected = what.startsWith('ISO')
      ? UNITS.map(([en, es]) => [en.replace(/[“”–]/g, '"'), es.replace(/[“”–]/g, '"')])
      : UNITS;
    expect(await read(Readable.from([bytes]))).toEqual(expected);
    // the same bytes in chunks that cut characters and the byte-order mark in two
    expect(await read(chunked(bytes))).toEqual(expected);
  });
});

describe('readTmx limits: memory stays bounded whatever the file', () => {
  const unit = (en: string) =>
    `<tu tuid="${en.length}"><tuv xml:lang="en"><seg>${en}</seg></tuv><tuv xml:lang="es"><seg>Texto.</seg></tuv></tu>\n`;
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en"/><body>\n';

  it('a unit longer than the limit fails the file, naming the unit and its line', async () => {
    const text = `${head}${unit('First unit.')}${unit('Second unit.')}${unit('word '.repeat(20_000))}</body></tmx>`;
    await expect(read(Readable.from([Buffer.from(text)]))).rejects.toMatchObject({
      key: 'analysis.errors.unit_too_long',
      params: { unit: 3, line: 5, limit: 65_536 },
    });
  });

  it('a unit of many short pieces (inline elements) is held to the same limit', async () => {
    const seg = '<hi>word</hi> '.repeat(20_000);
    const text = `${head}${unit(seg)}</body></tmx>`;
    await expect(read(Readable.from([Buffer.from(text)]))).rejects.toMatchObject({
      key: 'analysis.errors.unit_too_long',
      params: { unit: 1, line: 3 },
    });
  });

  it('one 50 MB text node is refused after reading little more than the limit', async () => {
    let sent = 0;
    async function* huge() {
      yield Buffer.from(`${head}${unit('A short unit.')}<tu><tuv xml:lang="en"><seg>`);
      const block = Buffer.from('x'.repeat(64 * 1024));
      for (let i = 0; i < 800; i++) {
        sent += block.length;
        yield block;
      }
      yield Buffer.from('</seg></tuv></tu></body></tmx>');
    }
    await expect(read(huge())).rejects.toMatchObject({
      key: 'analysis.errors.unit_too_long',
      params: { unit: 2 },
    });
    expect(sent).toBeLessThan(512 * 1024);
  });

  it('a huge comment or note outside any unit is refused the same way', async () => {
    const comment = `${head}<!-- ${'x'.repeat(200_000)} -->${unit('Text.')}</body></tmx>`;
    await expect(read(Readable.from([Buffer.from(comment)]))).rejects.toMatchObject({
      key: 'analysis.errors.unit_too_long',
    });
  });

  it('units up to the limit are read, the limit can be set', async () => {
    const long = `${'word '.repeat(13_000).trim()}.`;
    const text = `${head}${unit(long)}</body></tmx>`;
    expect(await read(Readable.from([Buffer.from(text)]))).toHaveLength(1);
    await expect(read(Readable.from([Buffer.from(text)]), { maxUnitChars: 1000 })).rejects.toMatchObject({
      params: { unit: 1, limit: 1000 },
    });
  });
});
