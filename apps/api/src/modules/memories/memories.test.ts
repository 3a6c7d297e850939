import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTmx } from '@verba/analysis';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { tmImports, tmUnits } from '../../db/schema/index.ts';
import { sweepUnfinishedFeeds } from './service.ts';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let acme: number;
let globex: number;
const lang: Record<string, number> = {};

const tmx = (units: Array<[string, string]>, target = 'es') =>
  `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body>${units
    .map(
      ([s, g]) =>
        `<tu><tuv xml:lang="en-US"><seg>${s}</seg></tuv><tuv xml:lang="${target}"><seg>${g}</seg></tuv></tu>`,
    )
    .join('')}</body></tmx>`;

const UNITS: Array<[string, string]> = [
  ['The cat sat on the mat.', 'El gato se sentó en la alfombra.'],
  ['Save the file before you close it.', 'Guarde el archivo antes de cerrarlo.'],
  ['Prices &amp; taxes <ph x="1">{1}</ph> included.', 'Precios e impuestos <ph x="1">{1}</ph> incluidos.'],
];

async function upload(customer: number, body: string, token = tokens.admin, fields?: Record<string, string>) {
  const form = await multipart(
    fields ?? { source_language: String(lang.en), target_language: String(lang.es) },
    [{ field: 'file', name: 'acme.tmx', content: body }],
  );
  return call(t.app, 'POST', `/api/customers/${customer}/memories`, {
    token,
    body: form.payload,
    headers: form.headers,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, email] of Object.entries(DEMO)) if (k !== 'inactive') tokens[k] = await login(t.app, email);
  const list = (
    await call(t.app, 'GET', '/api/customers', { token: tokens.admin, query: { per_page: '100' } })
  ).json.data.data as Array<{ id: number; name: string }>;
  acme = list.find((c) => c.name === 'Acme')!.id;
  globex = list.find((c) => c.name === 'Globex')!.id;
  const langs = (await call(t.app, 'GET', '/api/languages', { token: tokens.admin })).json.data as Array<{
    id: number;
    iso_code: string;
  }>;
  for (const l of langs) lang[l.iso_code] = l.id;
});
afterAll(() => t.close());

describe('translation memories', () => {
  it('staff import a TMX per pair and see units, last import and its source', async () => {
    const res = await upload(acme, tmx(UNITS), tokens.pm);
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({ source_lang: 'en', target_lang: 'es', units: 3, file_name: 'acme.tmx' });
    const listed = await call(t.app, 'GET', `/api/customers/${acme}/memories`, { token: tokens.admin });
    expect(listed.status).toBe(200);
    const pair = listed.json.data.find((p: { target_lang: string }) => p.target_lang === 'es');
    expect(pair).toMatchObject({ source_lang: 'en', source_name: 'English', units: 3 });
    expect(pair.last_import).toMatchObject({
      file_name: 'acme.tmx',
      origin: 'TMX',
      units: 3,
      by: 'Pau Manager',
    });
  });

  it('exports the pair as TMX 1.4 that reads back to the same units', async () => {
    const res = await call(t.app, 'GET', `/api/customers/${acme}/memories/en/es/export`, {
      token: tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('Acme-en-es.tmx');
    const body = res.raw.body;
    expect(body).toContain('<tmx version="1.4">');
    const back = [];
    for await (const unit of readTmx(Readable.from([body]), { sourceLanguage: 'en', targetLanguage: 'es' }))
      back.push(unit);
    expect(back.map((u) => u.source)).toEqual([
      'The cat sat on the mat.',
      'Save the file before you close it.',
      // the source is stored as documents are read, without its inline code; the target keeps it
      'Prices & taxes included.',
    ]);
    expect(back[0]!.target).toBe('El gato se sentó en la alfombra.');
    expect(back[2]!.target).toBe('Precios e impuestos \ue104 incluidos.');
  });

  it('a bad TMX is a translated 422 and stores nothing', async () => {
    const before = (await call(t.app, 'GET', `/api/customers/${acme}/memories`, { token: tokens.admin })).json
      .data;
    // the first units are good; the file breaks after them
    const broken = tmx(UNITS).replace('</body></tmx>', '<tu><tuv xml:lang="en"><seg>Broken');
    const bad = await upload(acme, broken, tokens.admin);
    expect(bad.status).toBe(422);
    expect(bad.json.errors.file).toEqual(['The file is not a valid TMX file. Nothing was imported.']);
    const notXml = await call(t.app, 'POST', `/api/customers/${acme}/memories?lang=es`, {
      token: tokens.admin,
      ...(await multipartOf('plain text, not XML')),
    });
    expect(notXml.status).toBe(422);
    expect(notXml.json.errors.file).toEqual(['El archivo no es un TMX válido. No se ha importado nada.']);
    const otherPair = await upload(acme, tmx(UNITS, 'fr'));
    expect(otherPair.status).toBe(422);
    expect(otherPair.json.errors.file[0]).toContain('from en into es');
    const same = await upload(acme, tmx(UNITS), tokens.admin, {
      source_language: String(lang.en),
      target_language: String(lang.en),
    });
    expect(same.status).toBe(422);
    expect(Object.keys(same.json.errors)).toEqual(['target_language']);
    const missing = await upload(acme, '', tokens.admin, { source_language: 'x' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json.errors).sort()).toEqual(['file', 'source_language', 'target_language']);
    const after = (await call(t.app, 'GET', `/api/customers/${acme}/memories`, { token: tokens.admin })).json
      .data;
    expect(after).toEqual(before);
  });

  it("another customer's memory is its own: 404 for a missing customer or pair, counts for the client admin", async () => {
    expect(
      (await call(t.app, 'GET', `/api/customers/${globex}/memories`, { token: tokens.admin })).json.data,
    ).toEqual([]);
    expect(
      (await call(t.app, 'GET', `/api/customers/${globex}/memories/en/es/export`, { token: tokens.admin }))
        .status,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/customers/${globex}/memories/en/es`, { token: tokens.admin }))
        .status,
    ).toBe(404);
    expect((await call(t.app, 'GET', `/api/customers/999999/memories`, { token: tokens.admin })).status).toBe(
      404,
    );
    expect((await upload(999999, tmx(UNITS))).status).toBe(404);
    // clients: the admin sees its own counts only, never the staff routes
    const counts = await call(t.app, 'GET', '/api/company/memories', { token: tokens.acmeAdmin });
    expect(counts.status).toBe(200);
    expect(counts.json.data).toEqual([
      { source_lang: 'en', target_lang: 'es', source_name: 'English', target_name: 'Spanish', units: 3 },
    ]);
    expect(
      (await call(t.app, 'GET', '/api/company/memories', { token: tokens.globexAdmin })).json.data,
    ).toEqual([]);
    expect((await call(t.app, 'GET', '/api/company/memories', { token: tokens.acmeUser })).status).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/customers/${acme}/memories`, { token: tokens.acmeAdmin })).status,
    ).toBe(403);
    expect((await upload(acme, tmx(UNITS), tokens.acmeAdmin)).status).toBe(403);
  });

  it('a TMX of several insert batches keeps file order; one broken after them stores nothing', async () => {
    const many: Array<[string, string]> = Array.from({ length: 12_345 }, (_, i) => [
      `Sentence number ${i} of the long memory.`,
      `Frase número ${i} de la memoria larga.`,
    ]);
    const before = (await call(t.app, 'GET', `/api/customers/${acme}/memories`, { token: tokens.admin })).json
      .data;
    const broken = tmx(many).replace('</body></tmx>', '<tu><tuv xml:lang="en"><seg>Broken');
    const bad = await upload(acme, broken);
    expect(bad.status).toBe(422);
    expect(
      (await call(t.app, 'GET', `/api/customers/${acme}/memories`, { token: tokens.admin })).json.data,
    ).toEqual(before);
    const [leftover] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tmUnits)
      .where(eq(tmUnits.customer_id, acme));
    expect(leftover!.n).toBe(3);

    const res = await upload(globex, tmx(many));
    expect(res.status).toBe(201);
    expect(res.json.data.units).toBe(12_345);
    const exported = await call(t.app, 'GET', `/api/customers/${globex}/memories/en/es/export`, {
      token: tokens.admin,
    });
    const back: string[] = [];
    for await (const unit of readTmx(Readable.from([exported.raw.body]), {
      sourceLanguage: 'en',
      targetLanguage: 'es',
    }))
      back.push(`${unit.source}|${unit.target}`);
    expect(back).toEqual(many.map(([s, g]) => `${s}|${g}`));
    // the units carry their context (in-context matches), chained in file order
    const units = await t.database.db
      .select({ prev: tmUnits.prev_hash, next: tmUnits.next_hash, hash: tmUnits.source_hash })
      .from(tmUnits)
      .where(eq(tmUnits.customer_id, globex))
      .orderBy(tmUnits.id)
      .limit(6000);
    expect(units[5000]!.prev).toBe(units[4999]!.hash);
    expect(units[4999]!.next).toBe(units[5000]!.hash);
    expect(
      (await call(t.app, 'DELETE', `/api/customers/${globex}/memories/en/es`, { token: tokens.admin }))
        .status,
    ).toBe(200);
  });

  it('an embedded-database import a crash cut short is removed at the next start', async () => {
    const db = t.database.db;
    const [feed] = await db
      .insert(tmImports)
      .values({
        customer_id: globex,
        source_lang: 'en',
        target_lang: 'fr',
        origin: 'TMX',
        file_name: 'cut.tmx',
      })
      .returning();
    await db.insert(tmUnits).values({
      customer_id: globex,
      source_lang: 'en',
      target_lang: 'fr',
      source_text: 'Half',
      target_text: 'Moitié',
      source_hash: 'h',
      import_id: feed!.id,
    });
    const removed = await sweepUnfinishedFeeds(db);
    const left = await db.select().from(tmUnits).where(eq(tmUnits.customer_id, globex));
    if (t.database.kind === 'pglite') {
      expect(removed).toBe(1);
      expect(left).toEqual([]);
    } else {
      // PostgreSQL imports are one transaction: a crash leaves nothing, and nothing is swept
      expect(removed).toBe(0);
      expect(left).toHaveLength(1);
      await db.delete(tmUnits).where(eq(tmUnits.import_id, feed!.id));
    }
    await db.delete(tmImports).where(eq(tmImports.id, feed!.id));
  });

  it('deletes a pair: units and imports', async () => {
    const res = await call(t.app, 'DELETE', `/api/customers/${acme}/memories/en/es`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ deleted: true, units: 3 });
    expect(
      (await call(t.app, 'GET', `/api/customers/${acme}/memories`, { token: tokens.admin })).json.data,
    ).toEqual([]);
    expect(
      (await call(t.app, 'GET', '/api/company/memories', { token: tokens.acmeAdmin })).json.data,
    ).toEqual([]);
  });
});

async function multipartOf(content: string) {
  const form = await multipart({ source_language: String(lang.en), target_language: String(lang.es) }, [
    { field: 'file', name: 'x.tmx', content },
  ]);
  return { body: form.payload, headers: form.headers };
}
