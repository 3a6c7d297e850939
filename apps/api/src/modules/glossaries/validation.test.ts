import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { glossaryKit, uploadGlossary, type GlossaryKit } from '../../../test/glossary-upload.ts';
import { glossaries, glossaryTerms } from '../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let kit: GlossaryKit;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  kit = await glossaryKit(t.app, tokens.admin);
});
afterAll(() => t.close());

const type1 = () => ({
  customer_id: String(kit.acme),
  type: '1',
  source_language: String(kit.lang.en),
  target_language: String(kit.lang.es),
});
const type2 = (...codes: string[]) => ({
  customer_id: String(kit.acme),
  type: '2',
  'languages[]': codes.map((c) => String(kit.lang[c])),
});

const stored = async () => {
  const dir = path.join(t.config.filesDir, 'glossaries');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  const [rows] = await t.database.db.select({ n: count() }).from(glossaries);
  const [terms] = await t.database.db.select({ n: count() }).from(glossaryTerms);
  return { files, rows: rows?.n, terms: terms?.n };
};

/** Uploads as the Acme client user and expects a 422; returns the body. Nothing may be stored. */
async function refused(
  fields: Record<string, string | string[]>,
  content: string | Uint8Array | undefined,
  lang = 'en',
) {
  const before = await stored();
  const res = await uploadGlossary(t.app, { token: tokens.acmeUser, fields, content, lang });
  expect(res.status, JSON.stringify(res.json)).toBe(422);
  expect(await stored()).toEqual(before);
  return res.json as { message: string; errors: Record<string, string[]> };
}

describe('glossary fields', () => {
  it('a missing file, type or customer is named per field', async () => {
    const body = await refused({}, undefined);
    expect(Object.keys(body.errors).sort()).toEqual(['customer_id', 'file', 'type']);
    expect(body.errors.file).toEqual(['Choose a CSV file.']);
    expect((await refused(type1(), '')).errors.file).toEqual(['Choose a CSV file.']);
  });

  it('type 1 needs both languages, and different ones', async () => {
    const none = await refused({ customer_id: String(kit.acme), type: '1' }, 'a,b\n');
    expect(none.errors).toEqual({
      source_language: ['Both languages are required.'],
      target_language: ['Both languages are required.'],
    });
    const same = await refused({ ...type1(), target_language: String(kit.lang.en) }, 'a,b\n', 'es');
    expect(same.errors).toEqual({ target_language: ['Las lenguas deben ser distintas.'] });
  });

  it('type 2 needs two different languages; an unknown language is refused', async () => {
    expect((await refused(type2('en'), 'en\na\n')).errors.languages).toEqual([
      'Choose at least two languages.',
    ]);
    const unknown = await refused({ ...type1(), target_language: '99999' }, 'a,b\n', 'ca');
    expect(unknown.errors).toEqual({ target_language: ['Aquesta llengua no és a la llista.'] });
    expect((await refused({ ...type1(), type: '3' }, 'a,b\n')).errors.type).toBeDefined();
  });
});

describe('glossary files', () => {
  it('a binary file (a spreadsheet, NUL bytes) is refused', async () => {
    const xlsx = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect((await refused(type1(), xlsx)).errors.file![0]).toMatch(/not a text CSV file/);
    expect((await refused(type1(), 'a,b\u0000\n')).errors.file![0]).toMatch(/not a text CSV file/);
  });

  it('text in another encoding (Latin-1) is refused with the encodings we read', async () => {
    const latin1 = Buffer.from('caf\xe9,caf\xe9 solo\n', 'latin1');
    expect((await refused(type1(), latin1, 'es')).errors.file).toEqual([
      'La codificación del texto no es compatible. Guarde el archivo en UTF-8 (con o sin BOM) o en UTF-16 con BOM.',
    ]);
  });

  it('empty terms name their row, in the request language', async () => {
    const csv = 'source,target\ncat,gato\n,perro\nhouse,\n';
    const en = await refused(type1(), csv);
    expect(en.message).toBe('Some rows are not valid, so the glossary was not saved.');
    expect(en.errors.file).toEqual(['row 3: the source term is empty', 'row 4: the target term is empty']);
    expect((await refused(type1(), csv, 'es')).errors.file).toEqual([
      'fila 3: el término de origen está vacío',
      'fila 4: el término de destino está vacío',
    ]);
    expect((await refused(type1(), csv, 'ca')).errors.file).toEqual([
      "fila 3: el terme d'origen és buit",
      'fila 4: el terme de destinació és buit',
    ]);
  });

  it('a row with the wrong number of columns is refused (type 1: 2 or 3; type 2: one per language)', async () => {
    expect((await refused(type1(), 'a,b\nc,d,e,f\ng\n')).errors.file).toEqual([
      'row 2: 4 columns, expected 2–3',
      'row 3: 1 columns, expected 2–3',
    ]);
    expect((await refused(type2('en', 'es', 'fr'), 'en,es,fr\na,b,c\nd,e\n')).errors.file).toEqual([
      'row 3: 2 columns, expected 3',
    ]);
  });

  it('an empty term of type 2 names its language', async () => {
    expect((await refused(type2('en', 'es'), 'en;es\ncat;\n', 'es')).errors.file).toEqual([
      'fila 2: el término en Español está vacío',
    ]);
  });

  it('a header naming a language that is not chosen is refused', async () => {
    expect((await refused(type2('en', 'es'), 'en,de\ncat,Katze\n')).errors.file).toEqual([
      'row 1, column 2: “de” is not one of the chosen languages (English, Spanish)',
      'row 1: no column for Spanish',
    ]);
    expect((await refused(type1(), 'English,French\ncat,chat\n')).errors.file).toEqual([
      'row 1, column 2: “French” is not one of the chosen languages (English, Spanish)',
    ]);
    expect((await refused(type2('en', 'es'), 'cat,gato\ndog,perro\n')).errors.file).toEqual([
      'row 1: the header must name the language of each column (English, Spanish)',
    ]);
  });

  it('a header and nothing else has no terms; a quoted field never closed names its row', async () => {
    expect((await refused(type1(), 'source,target\n')).errors.file).toEqual(['The file has no terms.']);
    expect((await refused(type1(), 'a,b\nc,"d\ne,f\n')).errors.file).toEqual([
      'row 2: a quote is misplaced or a quoted field is not closed',
    ]);
  });

  it('every bad row is listed, up to 50, then counted', async () => {
    const csv = `a,b\n${Array.from({ length: 60 }, () => 'x,\n').join('')}`;
    const messages = (await refused(type1(), csv)).errors.file!;
    expect(messages).toHaveLength(51);
    expect(messages[0]).toBe('row 2: the target term is empty');
    expect(messages[49]).toBe('row 51: the target term is empty');
    expect(messages[50]).toBe('… and 10 more rows with errors.');
  });

  it('more than 100,000 rows is refused; exactly 100,000 is taken', async () => {
    const rows = (n: number) => `source,target\n${'a,b\n'.repeat(n)}`;
    expect((await refused(type1(), rows(100_001))).errors.file).toEqual([
      'The file has more than 100000 rows.',
    ]);
    const ok = await uploadGlossary(t.app, {
      token: tokens.acmeAdmin,
      fields: type1(),
      content: rows(100_000),
    });
    expect(ok.status).toBe(201);
    expect(ok.json.data.term_count).toBe(100_000);
    const csv = await call(t.app, 'GET', `/api/glossaries/${ok.json.data.id}/download`, {
      token: tokens.admin,
      query: { format: 'csv' },
    });
    expect(csv.raw.body.split('\r\n')).toHaveLength(100_002);
  });

  it('a file over 10 MB is refused with a 422', async () => {
    const big = `source,target\n${'a'.repeat(10 * 1024 * 1024)},b\n`;
    expect((await refused(type1(), big, 'es')).errors.file).toEqual(['El archivo ocupa más de 10 MB.']);
  });
});
