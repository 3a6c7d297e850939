import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SaxesParser } from 'saxes';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { routesWithoutReplySchema } from '../../../test/replies.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { glossaryKit, uploadGlossary, utf16, type GlossaryKit } from '../../../test/glossary-upload.ts';
import { seedDemoGlossaries } from '../../db/seed/demo-glossaries.ts';
import { systemActor, type Deps } from '../../lib/service.ts';
import { createGlossary } from './service.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let kit: GlossaryKit;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  kit = await glossaryKit(t.app, tokens.admin);
});
afterAll(() => t.close());

const type1 = (customer = kit.acme) => ({
  customer_id: String(customer),
  type: '1',
  source_language: String(kit.lang.en),
  target_language: String(kit.lang.es),
});
const type2 = (...codes: string[]) => ({
  customer_id: String(kit.acme),
  type: '2',
  'languages[]': codes.map((c) => String(kit.lang[c])),
});

const download = (token: string, id: number, format: string) =>
  call(t.app, 'GET', `/api/glossaries/${id}/download`, { token, query: { format } });

const storedFiles = () => {
  const dir = path.join(t.config.filesDir, 'glossaries');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

/** The TBX parsed back: every termEntry as { note, langSets: [[lang, term]] }, and the root's attributes. */
function parseTbx(xml: string) {
  const parser = new SaxesParser({ xmlns: false });
  const entries: Array<{ note?: string; terms: Array<[string, string]> }> = [];
  let root: Record<string, string> | undefined;
  let lang = '';
  let text = '';
  parser.on('opentag', (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    if (tag.name === 'martif') root = attrs;
    if (tag.name === 'termEntry') entries.push({ terms: [] });
    if (tag.name === 'langSet') lang = attrs['xml:lang'] ?? '';
    text = '';
  });
  parser.on('text', (value) => (text += value));
  parser.on('closetag', (tag) => {
    const entry = entries[entries.length - 1];
    if (tag.name === 'term') entry!.terms.push([lang, text]);
    if (tag.name === 'note' && entry) entry.note = text;
  });
  parser.write(xml).close();
  return { root, entries };
}

describe('uploading glossaries', () => {
  it('type 1, comma, header, UTF-8: 201 with the languages, terms and uploader', async () => {
    const res = await uploadGlossary(t.app, {
      token: tokens.acmeUser,
      fields: type1(),
      content: 'source,target,note\ncat,gato,animal\ndog,perro,\nhouse,casa,\n',
      name: 'pets.csv',
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      customer_name: 'Acme',
      type: '1',
      name: 'pets.csv',
      term_count: 3,
      languages: [
        { iso_code: 'en', name: 'English' },
        { iso_code: 'es', name: 'Spanish' },
      ],
      uploaded_by: { name: expect.any(String) },
      can_delete: true,
    });
  });

  it.each([
    [
      'semicolon, UTF-8 with BOM',
      '\ufeffcat;gato\n"on; the\nmat";"en la\nalfombra";"a note; with ""quotes"""\n',
      'utf8',
    ],
    ['tab, UTF-16 LE with BOM', 'cat\tgato\n"on\tthe mat"\ten la alfombra\ta note\n', 'le'],
    ['tab, UTF-16 BE with BOM', 'cat\tgato\n"on\tthe mat"\ten la alfombra\ta note\n', 'be'],
    ['comma, CRLF, no header', 'cat,gato\r\n"on, the mat","en la alfombra",a note\r\n', 'utf8'],
  ] as const)(
    'type 1, %s: the quoted fields keep delimiters and line breaks',
    async (_name, text, encoding) => {
      const content = encoding === 'utf8' ? text : utf16(text, encoding);
      const res = await uploadGlossary(t.app, { token: tokens.acmeAdmin, fields: type1(), content });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json.data.term_count).toBe(2);
      const csv = await download(tokens.admin, res.json.data.id, 'csv');
      expect(csv.status).toBe(200);
      const lines = csv.raw.body.replace(/^\ufeff/, '');
      expect(lines.startsWith('en,es,note\r\ncat,gato,\r\n')).toBe(true);
      expect(lines).toMatch(/^"?on[,;\t\n ]+the[\n ]mat"?,"?en la[\n ]alfombra"?,"?a note/m);
    },
  );

  it('type 2: a header of ISO codes and names in en/es/ca, in any order; terms kept in that order', async () => {
    const res = await uploadGlossary(t.app, {
      token: tokens.acmeUser,
      fields: type2('en', 'es', 'fr'),
      content: 'Francés;EN;Spanish\nchat;cat;gato\nmaison;house;casa\n',
      name: 'trilingual.csv',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data.languages.map((l: { iso_code: string }) => l.iso_code)).toEqual(['fr', 'en', 'es']);
    const tbx = await download(tokens.pm, res.json.data.id, 'tbx');
    expect(tbx.headers['content-type']).toContain('application/x-tbx+xml');
    const parsed = parseTbx(tbx.raw.body);
    expect(parsed.root).toMatchObject({ type: 'TBX-Basic', 'xml:lang': 'fr' });
    expect(parsed.entries).toEqual([
      {
        terms: [
          ['fr', 'chat'],
          ['en', 'cat'],
          ['es', 'gato'],
        ],
      },
      {
        terms: [
          ['fr', 'maison'],
          ['en', 'house'],
          ['es', 'casa'],
        ],
      },
    ]);
  });

  it('exports: the original bytes as sent, a normalised CSV and a TBX with notes and escaped text', async () => {
    const original = utf16('Source\tTarget\tNote\nR&D <team>\tI+D "equipo"\tuse «this»\n');
    const up = await uploadGlossary(t.app, {
      token: tokens.acmeAdmin,
      fields: type1(),
      content: original,
      name: 'rd.csv',
    });
    expect(up.status, JSON.stringify(up.json)).toBe(201);
    const id = up.json.data.id;
    const raw = await download(tokens.acmeUser, id, 'original');
    expect(raw.status).toBe(200);
    expect(Buffer.from(raw.raw.rawPayload).equals(Buffer.from(original))).toBe(true);
    expect(raw.headers['content-disposition']).toContain('rd.csv');
    const csv = await download(tokens.acmeAdmin, id, 'csv');
    expect(csv.raw.body).toBe('\ufeffen,es,note\r\nR&D <team>,"I+D ""equipo""",use «this»\r\n');
    expect(csv.headers['content-disposition']).toContain('rd-normalised.csv');
    const tbx = await download(tokens.admin, id, 'tbx');
    expect(tbx.raw.body).toContain('R&amp;D &lt;team&gt;');
    expect(parseTbx(tbx.raw.body).entries).toEqual([
      {
        note: 'use «this»',
        terms: [
          ['en', 'R&D <team>'],
          ['es', 'I+D "equipo"'],
        ],
      },
    ]);
    const bad = await download(tokens.admin, id, 'pdf');
    expect(bad.status).toBe(422);
  });

  it('staff cannot upload (403): the spec gives upload to client roles', async () => {
    for (const role of ['admin', 'pm'] as const) {
      const res = await uploadGlossary(t.app, { token: tokens[role], fields: type1(), content: 'a,b\n' });
      expect(res.status).toBe(403);
    }
  });
});

describe('lists, tenants and deletion', () => {
  let acmeGlossary: number;
  let globexGlossary: number;
  beforeAll(async () => {
    const acme = await uploadGlossary(t.app, { token: tokens.acmeUser, fields: type1(), content: 'a,b\n' });
    acmeGlossary = acme.json.data.id;
    const globex = await uploadGlossary(t.app, {
      token: tokens.globexAdmin,
      fields: { ...type2('de', 'fr'), customer_id: String(kit.globex) },
      content: 'de,fr\nKatze,chat\n',
    });
    expect(globex.status, JSON.stringify(globex.json)).toBe(201);
    globexGlossary = globex.json.data.id;
  });

  it("a client sees its customer's glossaries only; staff see all, filtered by customer and language", async () => {
    const globex = await call(t.app, 'GET', '/api/glossaries', { token: tokens.globexAdmin });
    expect(globex.json.data.data.map((g: { id: number }) => g.id)).toEqual([globexGlossary]);
    const acme = await call(t.app, 'GET', '/api/glossaries', {
      token: tokens.acmeUser,
      query: { per_page: '100' },
    });
    expect(acme.json.data.data.every((g: { customer_name: string }) => g.customer_name === 'Acme')).toBe(
      true,
    );
    expect(acme.json.data.data.map((g: { id: number }) => g.id)).toContain(acmeGlossary);
    const peek = await call(t.app, 'GET', '/api/glossaries', {
      token: tokens.acmeAdmin,
      query: { customer_id: String(kit.globex) },
    });
    expect(peek.status).toBe(404);

    const all = await call(t.app, 'GET', '/api/glossaries', { token: tokens.pm, query: { per_page: '2' } });
    expect(all.json.data).toMatchObject({ current_page: 1, per_page: 2, data: expect.any(Array) });
    expect(all.json.data.total).toBeGreaterThan(2);
    const german = await call(t.app, 'GET', '/api/glossaries', {
      token: tokens.admin,
      query: { language: String(kit.lang.de) },
    });
    expect(german.json.data.data.map((g: { id: number }) => g.id)).toEqual([globexGlossary]);
    const byCustomer = await call(t.app, 'GET', '/api/glossaries', {
      token: tokens.admin,
      query: { customer_id: String(kit.globex) },
    });
    expect(byCustomer.json.data.total).toBe(1);
  });

  it("another customer's glossary is 404 for download, delete and upload", async () => {
    for (const format of ['original', 'csv', 'tbx'])
      expect((await download(tokens.acmeAdmin, globexGlossary, format)).status).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/glossaries/${acmeGlossary}`, { token: tokens.globexAdmin })).status,
    ).toBe(404);
    const upload = await uploadGlossary(t.app, {
      token: tokens.acmeAdmin,
      fields: type1(kit.globex),
      content: 'a,b\n',
    });
    expect(upload.status).toBe(404);
    expect((await download(tokens.admin, 999_999, 'csv')).status).toBe(404);
  });

  it('a client user deletes only its own; the client admin any of its customer; the PM none; the admin any', async () => {
    const byAdmin = await uploadGlossary(t.app, {
      token: tokens.acmeAdmin,
      fields: type1(),
      content: 'x,y\n',
    });
    const ownOfUser = await uploadGlossary(t.app, {
      token: tokens.acmeUser,
      fields: type1(),
      content: 'x,y\n',
    });
    const list = await call(t.app, 'GET', '/api/glossaries', {
      token: tokens.acmeUser,
      query: { per_page: '100' },
    });
    const mine = (id: number) => list.json.data.data.find((g: { id: number }) => g.id === id);
    expect(mine(byAdmin.json.data.id).can_delete).toBe(false);
    expect(mine(ownOfUser.json.data.id).can_delete).toBe(true);

    const del = (role: RoleName, id: number) =>
      call(t.app, 'DELETE', `/api/glossaries/${id}`, { token: tokens[role] });
    expect((await del('acmeUser', byAdmin.json.data.id)).status).toBe(403);
    expect((await del('pm', byAdmin.json.data.id)).status).toBe(403);
    const files = storedFiles();
    expect((await del('acmeUser', ownOfUser.json.data.id)).status).toBe(200);
    expect(storedFiles()).toBe(files - 1);
    expect((await del('acmeAdmin', byAdmin.json.data.id)).status).toBe(200);
    expect((await del('admin', globexGlossary)).status).toBe(200);
    expect((await download(tokens.admin, globexGlossary, 'csv')).status).toBe(404);
  });

  it('every JSON route declares its reply schema (the download is a file)', () => {
    expect(routesWithoutReplySchema(t.app, 'glossaries')).toEqual({
      checked: 4,
      missing: ['GET /api/glossaries/{id}/download'],
    });
  });
});

describe('one write', () => {
  it('a database failure after the file was stored removes the file: no orphan', async () => {
    const me = (await call(t.app, 'GET', '/api/auth/me', { token: tokens.acmeUser })).json.data;
    const db = new Proxy(t.app.db, {
      get: (target, prop) =>
        prop === 'transaction'
          ? () => Promise.reject(new Error('the database went away'))
          : Reflect.get(target, prop),
    });
    const deps: Deps = { ...t.app, db } as Deps;
    const before = storedFiles();
    const actor = systemActor({ ...me, type: 'CLIENT_USER', customer_id: kit.acme, session_id: 0 });
    const upload = {
      fields: {
        customer_id: String(kit.acme),
        type: '1',
        source_language: String(kit.lang.en),
        target_language: String(kit.lang.es),
      },
      file: { filename: 'x.csv', buffer: Buffer.from('a,b\n'), tooLarge: false },
    };
    await expect(createGlossary(deps, actor, upload)).rejects.toThrow('the database went away');
    expect(storedFiles()).toBe(before);
  });
});

describe('demo data', () => {
  it('seeds one glossary for Acme, whose original file downloads', async () => {
    await seedDemoGlossaries(t.database.db, t.app.storage);
    const list = await call(t.app, 'GET', '/api/glossaries', {
      token: tokens.admin,
      query: { per_page: '100' },
    });
    const demo = list.json.data.data.find((g: { name: string }) => g.name === 'acme-product-terms.csv');
    expect(demo).toMatchObject({ customer_name: 'Acme', type: '1' });
    const raw = await download(tokens.acmeAdmin, demo.id, 'original');
    expect(raw.status).toBe(200);
    expect(raw.raw.body).toContain('Acme');
  });
});
