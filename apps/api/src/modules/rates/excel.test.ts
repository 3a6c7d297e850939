import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { xlsWorkbook } from '@verba/analysis/test-support/ole-builders';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { ROLE_NAMES, tokensByRole, type RoleName } from '../../../test/roles.ts';
import { actionLogs, customers, languages, rates } from '../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let acme: number;
let globex: number;
const lang: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  const db = t.database.db;
  acme = (await db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!.id;
  globex = (await db.select().from(customers).where(eq(customers.name, 'Globex')))[0]!.id;
  for (const row of await db.select().from(languages)) lang[row.iso_code] = row.id;
});
afterAll(() => t.close());

function multipart(filename: string, content: Buffer, field = 'file') {
  const boundary = `----verba${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  customerId: number,
  filename: string,
  content: Buffer,
  token = tokens.admin,
  field = 'file',
) {
  const { body, headers } = multipart(filename, content, field);
  return call(t.app, 'POST', `/api/customers/${customerId}/rate`, { token, body, headers });
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('rates');
  sheet.addRow(['source', 'target', 'r1', 'r2']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** [source, target, r1, r2] of a customer's rates, or with `null` of the general ones. */
const ratesOf = async (customerId: number | null) =>
  (
    await t.database.db
      .select({ s: rates.source_lang, t: rates.target_lang, r1: rates.r1, r2: rates.r2 })
      .from(rates)
      .where(customerId === null ? eq(rates.default_group, true) : eq(rates.customer_id, customerId))
      .orderBy(asc(rates.source_lang), asc(rates.target_lang))
  ).map((r) => [r.s, r.t, r.r1, r.r2]);

const readSheet = async (buffer: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe('Excel import and export', () => {
  it('imports an .xlsx: creates new pairs, updates existing ones, logs it', async () => {
    const file = await workbook([
      ['en', 'es', 0.08, 30],
      ['EN', 'fr', '0.0912', '32.5'],
      [' de ', 'en-GB', 0.1, 40],
      [],
      ['it', 'es', { formula: '0.05*2', result: 0.1 }, 20],
    ]);
    const res = await upload(acme, 'rates.xlsx', file);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({
      created: 4,
      updated: 0,
      message: 'Rates imported: 4 created, 0 updated.',
    });
    // the action log row lands once the reply is sent (a moment later on PostgreSQL)
    await vi.waitFor(
      async () => {
        const [log] = await t.database.db
          .select()
          .from(actionLogs)
          .where(eq(actionLogs.action, 'rates.import'));
        expect(log).toMatchObject({ customer_id: acme, user_email: 'admin@verba.test' });
      },
      { timeout: 3000, interval: 20 },
    );
    expect(await ratesOf(acme)).toEqual(
      expect.arrayContaining([
        [lang.en, lang.es, '0.0800', '30.00'],
        [lang.en, lang.fr, '0.0912', '32.50'],
        [lang.de, lang['en-GB'], '0.1000', '40.00'],
        [lang.it, lang.es, '0.1000', '20.00'],
      ]),
    );
    const again = await upload(acme, 'rates.xlsx', await workbook([['en', 'es', 0.09, 31]]));
    expect(again.json.data).toMatchObject({ created: 0, updated: 1 });
    expect(await ratesOf(acme)).toContainEqual([lang.en, lang.es, '0.0900', '31.00']);
  });

  it('round trip: the export re-imports unchanged, into the same or another customer', async () => {
    const before = await ratesOf(acme);
    const exported = await call(t.app, 'GET', `/api/customers/${acme}/excel/rate`, { token: tokens.admin });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(exported.headers['content-disposition']).toContain('excel.xlsx');
    const buffer = exported.raw.rawPayload;
    const rows = await readSheet(buffer);
    expect(rows[0]).toEqual([
      'Source language (ISO code)',
      'Target language (ISO code)',
      'Price per word (r1)',
      'Price per hour (r2)',
    ]);
    expect(rows).toHaveLength(before.length + 1);
    expect(rows).toContainEqual(['en', 'fr', 0.0912, 32.5]);

    const same = await upload(acme, 'excel.xlsx', buffer);
    expect(same.json.data).toMatchObject({ created: 0, updated: before.length });
    expect(await ratesOf(acme)).toEqual(before);

    expect(await ratesOf(globex)).toEqual([]);
    const other = await upload(globex, 'excel.xlsx', buffer);
    expect(other.json.data).toMatchObject({ created: before.length, updated: 0 });
    expect(await ratesOf(globex)).toEqual(before);
  });

  it('LibreOffice opens the export, and its .xls save of it re-imports unchanged', async () => {
    const before = await ratesOf(acme);
    const exported = await call(t.app, 'GET', `/api/customers/${acme}/excel/rate`, { token: tokens.admin });
    const dir = mkdtempSync(join(tmpdir(), 'verba-libreoffice-'));
    try {
      writeFileSync(join(dir, 'excel.xlsx'), exported.raw.rawPayload);
      const convert = (format: string) =>
        execFileSync(
          'soffice',
          // A profile of its own: another test process may run LibreOffice at the same time.
          [
            `-env:UserInstallation=file://${dir}/profile`,
            '--headless',
            '--convert-to',
            format,
            '--outdir',
            dir,
            'excel.xlsx',
          ],
          { cwd: dir, timeout: 120_000, stdio: 'pipe' },
        );
      convert('csv');
      const csv = readFileSync(join(dir, 'excel.csv'), 'utf8').trim().split('\n');
      expect(csv).toHaveLength(before.length + 1);
      expect(csv).toContain('en,fr,0.0912,32.5');
      convert('xls');
      const xls = await upload(acme, 'excel.xls', readFileSync(join(dir, 'excel.xls')));
      expect(xls.json.data).toMatchObject({ created: 0, updated: before.length });
      expect(await ratesOf(acme)).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('imports an Excel 97-2003 .xls (text, numbers and RK cells) like an .xlsx', async () => {
    const file = Buffer.from(
      xlsWorkbook([
        ['source', 'target', 'r1', 'r2'],
        ['it', 'de', 0.0725, { rk: 28.5 }],
        [],
        [' IT ', 'fr', { formula: 0.08 }, { rk: 30 }],
      ]),
    );
    const res = await upload(globex, 'old-rates.xls', file);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ created: 2, updated: 0 });
    expect(await ratesOf(globex)).toEqual(
      expect.arrayContaining([
        [lang.it, lang.de, '0.0725', '28.50'],
        [lang.it, lang.fr, '0.0800', '30.00'],
      ]),
    );
    const bad = await upload(globex, 'old-rates.xls', Buffer.from(xlsWorkbook([['h'], ['it', 'it', 1, 1]])));
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ 'row 2': ['The languages must be different.'] });
  });

  it('a file with bad rows changes nothing and names each bad row', async () => {
    const before = await ratesOf(acme);
    const file = await workbook([
      ['en', 'es', 0.5, 50], // fine, but the import is all or nothing
      ['xx', 'es', 0.1, 10],
      ['en', 'en', -1, 'abc'],
      ['', 'fr', 0.12345, 1.234],
      ['pt', 'es', null, 10],
      ['en', 'es', 0.2, 20],
    ]);
    const res = await upload(acme, 'rates.xlsx', file);
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('Some rows are not valid, so nothing was imported.');
    expect(res.json.errors).toEqual({
      'row 3': ['Unknown language: xx'],
      'row 4': [
        'The languages must be different.',
        'The price per word (r1) must be zero or more.',
        'The price per hour (r2) must be a number.',
      ],
      'row 5': [
        'Both languages are required.',
        'The price per word (r1) can have at most 4 decimals.',
        'The price per hour (r2) can have at most 2 decimals.',
      ],
      'row 6': ['The price per word (r1) is required.'],
      'row 7': ['This language pair is already on row 2.'],
    });
    expect(await ratesOf(acme)).toEqual(before);
    const es = await upload(acme, 'rates.xlsx', await workbook([['zz', 'es', 1, 1]]));
    expect(es.status).toBe(422);
  });

  it('refuses what is not an .xlsx, an empty sheet and a missing file', async () => {
    const before = await ratesOf(acme);
    const text = await upload(acme, 'rates.csv', Buffer.from('en,es,0.1,10\n'));
    expect(text.status).toBe(422);
    expect(text.json.errors).toEqual({ file: ['The file must be an Excel workbook (.xlsx or .xls).'] });
    const renamed = await upload(acme, 'rates.xlsx', Buffer.from('en,es,0.1,10\n'));
    expect(renamed.json.errors).toEqual({ file: ['The file must be an Excel workbook (.xlsx or .xls).'] });
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    const brokenXls = await upload(acme, 'rates.xls', ole);
    expect(brokenXls.status).toBe(422);
    expect(brokenXls.json.errors).toEqual({ file: ['The Excel file could not be read.'] });
    const zip = await upload(acme, 'rates.xlsx', Buffer.from('504b030414000000', 'hex'));
    expect(zip.json.errors).toEqual({ file: ['The Excel file could not be read.'] });
    const empty = await upload(acme, 'rates.xlsx', await workbook([]));
    expect(empty.json.errors).toEqual({
      file: ['The file has no rates: fill in the rows below the header.'],
    });
    const wrongField = await upload(
      acme,
      'rates.xlsx',
      await workbook([['en', 'es', 1, 1]]),
      tokens.admin,
      'other',
    );
    expect(wrongField.json.errors).toEqual({ file: ['Choose an Excel file (.xlsx or .xls) to import.'] });
    const json = await call(t.app, 'POST', `/api/customers/${acme}/rate`, {
      token: tokens.admin,
      body: { file: 'x' },
    });
    expect(json.status).toBe(422);
    expect(await ratesOf(acme)).toEqual(before);
  });

  it('refuses a workbook that claims to unpack to too much, before inflating it', async () => {
    const file = await workbook([['en', 'es', 1, 1]]);
    // patch the central directory: the first member now claims 200 MB uncompressed
    const central = file.indexOf(Buffer.from('504b0102', 'hex'));
    const bomb = Buffer.from(file);
    bomb.writeUInt32LE(200 * 1024 * 1024, central + 24);
    const res = await upload(acme, 'rates.xlsx', bomb);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ file: ['The workbook unpacks to too much data for a rates file.'] });
  });

  it('refuses a file over 5 MB (the upload is buffered in memory, never past the limit)', async () => {
    const before = await ratesOf(acme);
    const big = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(acme, 'big.xlsx', big);
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('The request is too large.');
    expect(await ratesOf(acme)).toEqual(before);
  });

  it('only the admin imports; unknown customer 404', async () => {
    const file = await workbook([['en', 'es', 1, 1]]);
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin'))
      expect((await upload(acme, 'rates.xlsx', file, tokens[role])).status, role).toBe(403);
    expect((await upload(999999, 'rates.xlsx', file)).status).toBe(404);
  });

  it('the general list imports and exports the same way (admin only, all or nothing)', async () => {
    const general = () => ratesOf(null);
    const send = async (content: Buffer, token = tokens.admin) => {
      const { body, headers } = multipart('general.xlsx', content);
      return call(t.app, 'POST', '/api/rates/import', { token, body, headers });
    };
    const before = await general();
    const bad = await send(
      await workbook([
        ['nl', 'de', 0.07, 25],
        ['nl', 'nl', 0.07, 25],
      ]),
    );
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ 'row 3': ['The languages must be different.'] });
    expect(await general()).toEqual(before);

    const good = await workbook([['nl', 'de', 0.07, 25]]);
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin'))
      expect((await send(good, tokens[role])).status, role).toBe(403);
    const res = await send(good);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ created: 1, updated: 0 });
    expect(await general()).toContainEqual([lang.nl, lang.de, '0.0700', '25.00']);
    // it is a general rate, not any customer's
    const [row] = await t.database.db
      .select()
      .from(rates)
      .where(eq(rates.source_lang, lang.nl!))
      .orderBy(asc(rates.id));
    expect(row).toMatchObject({ customer_id: null, default_group: true });

    for (const role of ROLE_NAMES.filter((r) => r !== 'admin'))
      expect((await call(t.app, 'GET', '/api/rates/excel', { token: tokens[role] })).status, role).toBe(403);
    expect((await call(t.app, 'GET', '/api/rates/excel')).status).toBe(401);
    expect((await send(good, '')).status).toBe(401);
    const exported = await call(t.app, 'GET', '/api/rates/excel', { token: tokens.admin });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toContain('excel.xlsx');
    expect(await readSheet(exported.raw.rawPayload)).toContainEqual(['nl', 'de', 0.07, 25]);
  });

  it('the template is an empty sheet with the header, in the request language', async () => {
    const res = await call(t.app, 'GET', '/api/rates/template', {
      token: tokens.admin,
      query: { lang: 'ca' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const rows = await readSheet(res.raw.rawPayload);
    expect(rows).toEqual([
      [
        "Idioma d'origen (codi ISO)",
        'Idioma de destinació (codi ISO)',
        'Preu per paraula (r1)',
        'Preu per hora (r2)',
      ],
    ]);
    // importing the empty template says there are no rates
    const imported = await upload(acme, 'template.xlsx', res.raw.rawPayload);
    expect(imported.status).toBe(422);
  });
});
