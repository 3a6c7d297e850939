import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InMemoryTranslationMemory, inlineTag as t, memorySource, readTmx } from '../src/index.ts';
import { analyse, docx, wp } from './helpers.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A TMX as translate-toolkit's po2tmx writes it from html2po PO files: tags as text, datatype PlainText. */
function po2tmx(pairs: [string, string][]): string {
  return `<?xml version='1.0' encoding='utf-8'?>
<tmx version="1.4">
  <header creationtool="Translate Toolkit" creationtoolversion="3.8.4" segtype="sentence" o-tmf="UTF-8" adminlang="en" srclang="en" datatype="PlainText"/>
  <body>
${pairs.map(([en, es]) => `    <tu>\n      <tuv xml:lang="en"><seg>${esc(en)}</seg></tuv>\n      <tuv xml:lang="es"><seg>${esc(es)}</seg></tuv>\n    </tu>`).join('\n')}
  </body>
</tmx>
`;
}

async function unitsOf(tmx: string) {
  const units = [];
  for await (const u of readTmx(Readable.from([Buffer.from(tmx)]), {
    sourceLanguage: 'en',
    targetLanguage: 'es',
  }))
    units.push(u);
  return units;
}

async function memoryOf(tmx: string) {
  const memory = new InMemoryTranslationMemory();
  await memory.addAll(
    readTmx(Readable.from([Buffer.from(tmx)]), { sourceLanguage: 'en', targetLanguage: 'es' }),
  );
  return memory;
}

// Paragraphs of a help page (LibreOffice Writer help style), with the inline markup html2po leaves in.
const HELP: [string, string][] = [
  [
    'To insert a field, choose <emph>Insert - Field</emph> and select the field you want.',
    'Para insertar un campo, elija <emph>Insertar - Campo</emph> y seleccione el campo que desee.',
  ],
  [
    'Fields are updated when you open the document or press <item type="keycode">F9</item>.',
    'Los campos se actualizan al abrir el documento o al pulsar <item type="keycode">F9</item>.',
  ],
  [
    'Text1 and <emph>Text2</emph> must be separated by a space.<br/>Use the <link href="text/swriter/01/04090000.xhp">Fields</link> dialog to change them.',
    'Texto1 y <emph>Texto2</emph> deben ir separados por un espacio.<br/>Use el diálogo <link href="text/swriter/01/04090000.xhp">Campos</link> para cambiarlos.',
  ],
];

describe('TMX units made from markup are matched as documents are read', () => {
  it('po2tmx units keep their tags in the target and lose them in the source', async () => {
    const units = await unitsOf(po2tmx(HELP));
    expect(units[0]).toMatchObject({
      source: 'To insert a field, choose Insert - Field and select the field you want.',
      target: HELP[0]?.[1],
    });
    expect(units.map((u) => u.source)).toContain(
      'Text1 and Text2 must be separated by a space. Use the Fields dialog to change them.',
    );
  });

  it("a paragraph unit's target is cut where its source is, each sentence keeping its markup", async () => {
    const units = await unitsOf(po2tmx(HELP));
    expect(units).toHaveLength(5);
    const pairs = units.slice(2).map((u) => [u.source, u.target]);
    expect(pairs).toHaveLength(3);
    expect(pairs).toEqual(
      expect.arrayContaining([
        [
          'Text1 and Text2 must be separated by a space.',
          'Texto1 y <emph>Texto2</emph> deben ir separados por un espacio.<br/>',
        ],
        [
          'Use the Fields dialog to change them.',
          'Use el diálogo <link href="text/swriter/01/04090000.xhp">Campos</link> para cambiarlos.',
        ],
        ['Text1 and Text2 must be separated by a space. Use the Fields dialog to change them.', HELP[2]?.[1]],
      ]),
    );
  });

  it('the PO file, HTML page and Word document the TMX was made from land entirely in 101 %', async () => {
    const memory = await memoryOf(po2tmx(HELP));
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '',
      ...HELP.flatMap(([en]) => [`msgid "${en.replace(/"/g, '\\"')}"`, 'msgstr ""', '']),
    ].join('\n');
    const html = `<!DOCTYPE html><html><body>
      <p>To insert a field, choose <em>Insert - Field</em> and select the field you want.</p>
      <p>Fields are updated when you open the document or press <kbd>F9</kbd>.</p>
      <p>Text1 and <em>Text2</em> must be separated by a space.<br>Use the <a href="04090000.html">Fields</a> dialog to change them.</p>
    </body></html>`;
    const word = docx(
      [
        wp(
          'To insert a field, choose </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>Insert - Field</w:t></w:r><w:r><w:t xml:space="preserve"> and select the field you want.',
        ),
        wp('Fields are updated when you open the document or press F9.'),
        wp('Text1 and Text2 must be separated by a space. Use the Fields dialog to change them.'),
      ].join(''),
    );
    for (const [name, content] of [
      ['fields.po', po],
      ['fields.html', html],
      ['fields.docx', word],
    ] as const) {
      const r = await analyse({ [name]: content }, { memory: () => memory });
      const es = r.totals.es;
      expect(es?.total_words, name).toBeGreaterThan(35);
      expect(es?.percent101, name).toBe(es?.total_words);
    }
  });

  it('TMX inline codes (bpt, ept, ph, it) and hi are read as a document reader reads the markup', async () => {
    const tmx = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header creationtool="SDL Language Platform" creationtoolversion="8.1" o-tmf="SDL TM8 Format" datatype="xml" segtype="sentence" adminlang="en-US" srclang="en-US"/>
<body>
<tu><tuv xml:lang="en-US"><seg>Click <bpt i="1" type="bold">&lt;cf bold="True"&gt;</bpt>Save<ept i="1">&lt;/cf&gt;</ept> to keep your changes.</seg></tuv>
<tuv xml:lang="es-ES"><seg>Haga clic en <bpt i="1" type="bold">&lt;cf bold="True"&gt;</bpt>Guardar<ept i="1">&lt;/cf&gt;</ept> para conservar los cambios.</seg></tuv></tu>
<tu><tuv xml:lang="en-US"><seg>Line one<ph type="lb"/>line two of the address.</seg></tuv>
<tuv xml:lang="es-ES"><seg>Línea uno<ph type="lb"/>línea dos de la dirección.</seg></tuv></tu>
<tu><tuv xml:lang="en-US"><seg>Press<ph x="2">&lt;br/&gt;</ph>Enter to confirm the <ph x="3">{0}</ph>order.</seg></tuv>
<tuv xml:lang="es-ES"><seg>Pulse<ph x="2">&lt;br/&gt;</ph>Intro para confirmar el <ph x="3">{0}</ph>pedido.</seg></tuv></tu>
<tu><tuv xml:lang="en-US"><seg><it pos="begin" x="4">&lt;b&gt;</it>Warning: unplug the printer first.</seg></tuv>
<tuv xml:lang="es-ES"><seg><it pos="begin" x="4">&lt;b&gt;</it>Aviso: desenchufe primero la impresora.</seg></tuv></tu>
<tu><tuv xml:lang="en-US"><seg>See <hi type="italic">Printing</hi> for details.</seg></tuv>
<tuv xml:lang="es-ES"><seg>Consulte <hi type="italic">Impresión</hi> para más detalles.</seg></tuv></tu>
</body></tmx>`;
    const units = await unitsOf(tmx);
    expect(units.map((u) => u.source)).toEqual([
      'Click Save to keep your changes.',
      'Line one line two of the address.',
      'Press Enter to confirm the order.',
      'Warning: unplug the printer first.',
      'See Printing for details.',
    ]);
    expect(units[0]?.target).toBe(`Haga clic en ${t('bpt')}Guardar${t('ept')} para conservar los cambios.`);
    const html = `<html><body><p>Click <b>Save</b> to keep your changes.</p><p>Line one<br>line two of the address.</p>
      <p>Press<br>Enter to confirm the order.</p><p><b>Warning: unplug the printer first.</b></p>
      <p>See <i>Printing</i> for details.</p></body></html>`;
    const r = await analyse({ 'help.html': html }, { memory: () => memoryFrom(units) });
    expect(r.totals.es?.percent101).toBe(r.totals.es?.total_words);
  });

  it("OmegaT's own tags kept as text in a plaintext TMX are markup too", async () => {
    const tmx = `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header creationtool="OmegaT" o-tmf="OmegaT TMX" adminlang="EN-US" datatype="plaintext" segtype="sentence" srclang="en"/><body>
<tu><tuv lang="en"><seg>Open the &lt;f0&gt;Tools&lt;/f0&gt; menu and choose &lt;g1&gt;Options&lt;/g1&gt;.&lt;x2/&gt;</seg></tuv><tuv lang="es"><seg>Abra el menú &lt;f0&gt;Herramientas&lt;/f0&gt; y elija &lt;g1&gt;Opciones&lt;/g1&gt;.&lt;x2/&gt;</seg></tuv></tu></body></tmx>`;
    const [unit] = await unitsOf(tmx);
    expect(unit?.source).toBe('Open the Tools menu and choose Options.');
    expect(unit?.target).toBe('Abra el menú <f0>Herramientas</f0> y elija <g1>Opciones</g1>.<x2/>');
  });

  it('a datatype that cannot hold tags keeps tag-shaped text; text that is no tag stays in any datatype', async () => {
    const tmx = (datatype: string, seg: string) =>
      `<tmx version="1.4"><header srclang="en" datatype="${datatype}"/><body><tu><tuv xml:lang="en"><seg>${seg}</seg></tuv><tuv xml:lang="es"><seg>x</seg></tuv></tu></body></tmx>`;
    const [rtf] = await unitsOf(tmx('rtf', 'Press the &lt;b&gt; key to bold.'));
    expect(rtf?.source).toBe('Press the <b> key to bold.');
    const [html] = await unitsOf(tmx('html', 'Type cp &lt;source file&gt; &lt;target dir&gt; to copy.'));
    expect(html?.source).toBe('Type cp <source file> <target dir> to copy.');
    const [java] = await unitsOf(tmx('java', 'Use &lt;html&gt; in labels.'));
    expect(java?.source).toBe('Use <html> in labels.');
  });

  it('memorySource: the one normalisation of a stored source (codes, tags, spacing where markup was)', () => {
    expect(memorySource(`Click ${t('bpt')}Save${t('ept')}  now.`, { tagsAsText: true })).toBe(
      'Click Save now.',
    );
    expect(memorySource('Text1 and <emph>Text2</emph> must', { tagsAsText: true })).toBe(
      'Text1 and Text2 must',
    );
    expect(memorySource('Ten\u00A0km  away. ', { tagsAsText: true })).toBe('Ten\u00A0km  away. ');
    expect(memorySource('A <b>bold</b>\u00A0move', { tagsAsText: true })).toBe('A bold\u00A0move');
    expect(memorySource('A <b>bold</b> move', { tagsAsText: false })).toBe('A <b>bold</b> move');
  });
});

function memoryFrom(units: Awaited<ReturnType<typeof unitsOf>>): InMemoryTranslationMemory {
  const memory = new InMemoryTranslationMemory();
  for (const u of units) memory.add(u);
  return memory;
}
