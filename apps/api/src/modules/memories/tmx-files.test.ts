import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { tmImports, tmUnits } from '../../db/schema/index.ts';
import { orderDraft, pricingIds } from '../../../test/pricing-fixtures.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let acme: number;
let marketing: number;
const lang: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t.app, DEMO.admin);
  tokens.acmeUser = await login(t.app, DEMO.acmeUser);
  const ids = await pricingIds(t);
  Object.assign(lang, ids.lang);
  acme = ids.acmeId;
  marketing = ids.marketing;
  await t.app.jobs.start();
});
afterAll(() => t.close());

async function importTmx(content: string | Uint8Array, query = '') {
  const form = await multipart({ source_language: String(lang.en), target_language: String(lang.es) }, [
    { field: 'file', name: 'memory.tmx', content },
  ]);
  return call(t.app, 'POST', `/api/customers/${acme}/memories${query}`, {
    token: tokens.admin,
    body: form.payload,
    headers: form.headers,
  });
}

const storedUnits = () =>
  t.database.db
    .select({ source: tmUnits.source_text, target: tmUnits.target_text })
    .from(tmUnits)
    .where(and(eq(tmUnits.customer_id, acme), eq(tmUnits.target_lang, 'es')))
    .orderBy(asc(tmUnits.id));

async function forgetPair() {
  await call(t.app, 'DELETE', `/api/customers/${acme}/memories/en/es`, { token: tokens.admin });
}

/** A quote of one file for Acme into Spanish: its word counts once analysed. */
async function quote(name: string, content: string) {
  const id = await orderDraft(t, {
    token: tokens.acmeUser!,
    department: marketing,
    source: lang.en!,
    targets: [lang.es!],
    description: 'Memory markup',
    file: { name, content },
  });
  const task = await call(t.app, 'GET', `/api/task/${id}`, { token: tokens.admin });
  return task.json.data.source_files[0].word_count[0] as Record<string, number>;
}

// The header and units of a TMX exported by a CAT tool, with characters outside ASCII.
const UNITS: [string, string][] = [
  ['Café prices include VAT.', 'Los precios del café incluyen el IVA.'],
  ['Größe: 42 – “Spécial” edition.', 'Tamaño: 42 – edición «Spécial».'],
];
const tmx = (declaration: string, units = UNITS) =>
  `${declaration}<tmx version="1.4">
<header creationtool="SDL Language Platform" creationtoolversion="8.0" o-tmf="SDL TM8 Format" datatype="xml" segtype="sentence" adminlang="en-US" srclang="en-US"/>
<body>
${units.map(([en, es]) => `<tu><tuv xml:lang="en-US"><seg>${en}</seg></tuv><tuv xml:lang="es-ES"><seg>${es}</seg></tuv></tu>`).join('\n')}
</body></tmx>`;
const LATIN1_UNITS = UNITS.map(([en, es]) => [en.replace(/[“”–]/g, '"'), es.replace(/[“”–]/g, '"')]) as [
  string,
  string,
][];
const cp1252 = (text: string) =>
  Buffer.from([...text].map((c) => ({ '“': 0x93, '”': 0x94, '–': 0x96 })[c] ?? (c.codePointAt(0) as number)));

describe('TMX files in every encoding a CAT tool writes', () => {
  it.each([
    [
      'UTF-8 with a BOM',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(tmx('<?xml version="1.0"?>\n'))]),
      UNITS,
    ],
    [
      'UTF-16 LE with a BOM (Trados)',
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(tmx('<?xml version="1.0" encoding="utf-16"?>\r\n'), 'utf16le'),
      ]),
      UNITS,
    ],
    [
      'UTF-16 BE with a BOM',
      Buffer.concat([
        Buffer.from([0xfe, 0xff]),
        Buffer.from(tmx('<?xml version="1.0" encoding="UTF-16"?>\n'), 'utf16le').swap16(),
      ]),
      UNITS,
    ],
    [
      'ISO-8859-1 as declared',
      Buffer.from(tmx('<?xml version="1.0" encoding="ISO-8859-1"?>\n', LATIN1_UNITS), 'latin1'),
      LATIN1_UNITS,
    ],
    ['windows-1252 as declared', cp1252(tmx('<?xml version="1.0" encoding="windows-1252"?>\n')), UNITS],
  ] as const)('%s is imported with its text intact', async (_what, bytes, expected) => {
    const res = await importTmx(bytes);
    expect(res.status).toBe(201);
    expect(res.json.data.units).toBe(2);
    expect(await storedUnits()).toEqual(expected.map(([source, target]) => ({ source, target })));
    await forgetPair();
  });
});

describe('a TMX unit longer than a unit may be', () => {
  it('is a translated 422 naming the unit and its line, and nothing is imported', async () => {
    const long = `${'This sentence of a runaway export repeats itself. '.repeat(2000)}`;
    const units: [string, string][] = [...UNITS, [long, 'Texto.'], ['After it.', 'Después.']];
    const before = await t.database.db.select().from(tmImports).where(eq(tmImports.customer_id, acme));
    const en = await importTmx(tmx('<?xml version="1.0" encoding="UTF-8"?>\n', units));
    expect(en.status).toBe(422);
    expect(en.json.errors.file).toEqual([
      'Unit 3 of the file (line 7) is longer than 65536 characters, the longest a translation unit may be. Nothing was imported.',
    ]);
    const es = await importTmx(tmx('<?xml version="1.0" encoding="UTF-8"?>\n', units), '?lang=es');
    expect(es.json.errors.file[0]).toMatch(
      /^La unidad 3 del archivo \(línea 7\) tiene más de 65536 caracteres/,
    );
    expect(await storedUnits()).toEqual([]);
    expect(await t.database.db.select().from(tmImports).where(eq(tmImports.customer_id, acme))).toEqual(
      before,
    );
  });

  it('one 6 MB text node is refused the same way, without reading it whole', async () => {
    const huge = `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en"/><body>\n<tu><tuv xml:lang="en"><seg>${'x'.repeat(6 * 1024 * 1024)}</seg></tuv><tuv xml:lang="es"><seg>y</seg></tuv></tu></body></tmx>`;
    const res = await importTmx(huge);
    expect(res.status).toBe(422);
    expect(res.json.errors.file[0]).toMatch(/^Unit 1 of the file \(line 3\) is longer than 65536 characters/);
    expect(await storedUnits()).toEqual([]);
  });
});

describe('markup in memory units is read as the document readers read it', () => {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const HELP: [string, string][] = [
    [
      'To insert a field, choose <emph>Insert - Field</emph> and select the field you want.',
      'Para insertar un campo, elija <emph>Insertar - Campo</emph> y seleccione el campo que desee.',
    ],
    [
      'Fields are updated when you open the document or press <item type="keycode">F9</item>.',
      'Los campos se actualizan al abrir el documento o al pulsar <item type="keycode">F9</item>.',
    ],
  ];
  const po2tmx = `<?xml version='1.0' encoding='utf-8'?>
<tmx version="1.4"><header creationtool="Translate Toolkit" creationtoolversion="3.8.4" segtype="sentence" o-tmf="UTF-8" adminlang="en" srclang="en" datatype="PlainText"/><body>
${HELP.map(([en, es]) => `<tu><tuv xml:lang="en"><seg>${esc(en)}</seg></tuv><tuv xml:lang="es"><seg>${esc(es)}</seg></tuv></tu>`).join('\n')}
</body></tmx>`;

  it('an html2po TMX is stored without tags in its source, with them in its target, and quotes 101 %', async () => {
    expect((await importTmx(po2tmx)).status).toBe(201);
    expect(await storedUnits()).toEqual([
      {
        source: 'To insert a field, choose Insert - Field and select the field you want.',
        target: HELP[0]![1],
      },
      {
        source: 'Fields are updated when you open the document or press F9.',
        target: HELP[1]![1],
      },
    ]);
    const page = `<!DOCTYPE html><html><body>
      <p>To insert a field, choose <em>Insert - Field</em> and select the field you want.</p>
      <p>Fields are updated when you open the document or press <kbd>F9</kbd>.</p></body></html>`;
    const counts = await quote('fields.html', page);
    expect(counts.total_words).toBe(24);
    expect(counts.percent101).toBe(24);
  });

  it('the same words spaced otherwise (a no-break space, a double space) are 100 %, not 101 %', async () => {
    const page = `<!DOCTYPE html><html><body>
      <p>To insert a field, choose <em>Insert&nbsp;-&nbsp;Field</em> and select the field you want.</p>
      <p>Fields are updated when you open the document or press <kbd>F9</kbd>.</p></body></html>`;
    const counts = await quote('fields.html', page);
    expect(counts).toMatchObject({ total_words: 24, percent101: 11, percent100: 13 });
    const text = await quote(
      'fields.txt',
      'To insert a field, choose Insert - Field and select the field you want.\nFields are updated when you open the document or press  F9.',
    );
    expect(text).toMatchObject({ total_words: 24, percent101: 13, percent100: 11 });
    await forgetPair();
  });
});
