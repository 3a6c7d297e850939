import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { call, createTestApp, type TestApp } from '../../../../test/harness.ts';
import { multipart } from '../../../../test/multipart.ts';
import { tokensByRole, type RoleName } from '../../../../test/roles.ts';
import {
  customerEnabledRates,
  customers,
  departments,
  languages,
  rates,
  tasks,
  translatedFiles,
} from '../../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let marketing: number;

beforeAll(async () => {
  // Small limits, so a hostile zip is refused quickly.
  t = await createTestApp({ uploads: { maxFileBytes: 64 * 1024, maxTaskBytes: 256 * 1024, maxFiles: 50 } });
  tokens = await tokensByRole(t.app);
  const db = t.database.db;
  lang = Object.fromEntries((await db.select().from(languages)).map((l) => [l.iso_code, l.id]));
  marketing = (await db.select().from(departments).where(eq(departments.title, 'Marketing')))[0]!.id;
  const [acme] = await db.select().from(customers).where(eq(customers.name, 'Acme'));
  for (const target of ['es', 'ca']) {
    const [rate] = await db
      .insert(rates)
      .values({
        default_group: true,
        source_lang: lang.en!,
        target_lang: lang[target]!,
        r1: '0.1000',
        r2: '30.00',
      })
      .returning();
    await db.insert(customerEnabledRates).values({ customer_id: acme!.id, rate_id: rate!.id });
  }
  await t.app.jobs.start();
});
afterAll(() => t.close());

/** An approved Acme task in en -> es, ca with these source files. */
async function approvedTask(files: Record<string, string>, targets = ['es', 'ca']): Promise<number> {
  const body = await multipart(
    {
      description: 'Bulk delivery',
      department: String(marketing),
      source_language: String(lang.en),
      'target_languages[]': targets.map((l) => String(lang[l])),
      translation_type: '1',
    },
    Object.entries(files).map(([name, content]) => ({ name, content })),
  );
  const res = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
    token: tokens.acmeUser,
    body: body.payload,
    headers: body.headers,
  });
  expect(res.status).toBe(201);
  await t.app.jobs.idle();
  const id = res.json.data.id as number;
  await t.database.db
    .update(tasks)
    .set({ state: 'APPROVED', approved_at: new Date() })
    .where(eq(tasks.id, id));
  return id;
}

type Upload = { name: string; content: string | Uint8Array };
async function send(
  id: number,
  files: Upload[],
  options: { preview?: boolean; assignments?: unknown; token?: string } = {},
) {
  const fields: Record<string, string> = {};
  if (options.assignments !== undefined) fields.assignments = JSON.stringify(options.assignments);
  const body = await multipart(
    fields,
    files.map((f) => ({ field: 'files[]', ...f })),
  );
  return call(t.app, 'POST', `/api/tasks/${id}/uploadTranslatedFiles${options.preview ? '?preview=1' : ''}`, {
    token: options.token ?? tokens.pm,
    body: body.payload,
    headers: body.headers,
  });
}

const sourcesOf = async (id: number) =>
  Object.fromEntries(
    (
      (await call(t.app, 'GET', `/api/task/${id}`, { token: tokens.admin })).json.data.source_files as Array<{
        id: number;
        file_name: string;
      }>
    ).map((f) => [f.file_name, f.id]),
  );
const rowsOf = (id: number) =>
  t.database.db.select().from(translatedFiles).where(eq(translatedFiles.task_id, id));
const storedFiles = () =>
  fs.existsSync(`${t.config.filesDir}/translated`)
    ? fs.readdirSync(`${t.config.filesDir}/translated`).length
    : 0;
const summary = (
  files: Array<{
    name: string;
    source_file_id: number | null;
    language_id: number | null;
    rule: string | null;
    reason: string | null;
  }>,
) => files.map((f) => [f.name, f.source_file_id, f.language_id, f.rule ?? f.reason]);

describe('POST /tasks/{id}/uploadTranslatedFiles', () => {
  it('previews the matches by folder, suffix and name, and stores nothing', async () => {
    const id = await approvedTask({ 'guide.txt': 'Read me.', 'intro.txt': 'Hello there.' });
    const src = await sourcesOf(id);
    const before = storedFiles();
    const res = await send(
      id,
      [
        { name: 'guide_es-ES.txt', content: 'Léame.' },
        { name: 'guide-ca.txt', content: 'Llegeix-me.' },
        { name: 'intro.txt', content: 'Hola.' },
        { name: 'notes.txt', content: '?' },
      ],
      { preview: true },
    );
    expect(res.status).toBe(200);
    expect(summary(res.json.data.files)).toEqual([
      ['guide_es-ES.txt', src['guide.txt'], lang.es, 'suffix'],
      ['guide-ca.txt', src['guide.txt'], lang.ca, 'suffix'],
      ['intro.txt', null, null, 'ambiguous_language'],
      ['notes.txt', null, null, 'no_source'],
    ]);
    expect(await rowsOf(id)).toHaveLength(0);
    expect(storedFiles()).toBe(before);
  });

  it('stores the batch as confirmed, with the PM fixing one file and skipping another', async () => {
    const id = await approvedTask({ 'guide.txt': 'Read me.', 'intro.txt': 'Hello there.' });
    const src = await sourcesOf(id);
    const files = [
      { name: 'guide.es.txt', content: 'Léame.' },
      { name: 'intro.txt', content: 'Hola.' },
      { name: 'guide.ca.txt', content: 'Llegeix-me.' },
      { name: 'notes.txt', content: '?' },
    ];
    const res = await send(id, files, {
      assignments: [
        { name: 'intro.txt', source_file_id: src['intro.txt'], language_id: lang.es },
        { name: 'guide.ca.txt', source_file_id: null, language_id: null },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.json.data.delivered.map((d: { name: string }) => d.name)).toEqual([
      'guide.es.txt',
      'intro.txt',
    ]);
    expect(res.json.data.skipped).toEqual(['guide.ca.txt', 'notes.txt']);
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.file_name, r.source_file_id, r.language_id]).sort()).toEqual(
      [
        ['guide.es.txt', src['guide.txt'], lang.es],
        ['intro.txt', src['intro.txt'], lang.es],
      ].sort(),
    );
    // skipped files are not kept on disk
    expect(rows.every((r) => fs.existsSync(`${t.config.filesDir}/${r.file_path}`))).toBe(true);
    expect(storedFiles()).toBeGreaterThanOrEqual(2);

    // now only Catalan is missing: the name alone is enough, and it replaces nothing
    const second = await send(id, [{ name: 'intro.txt', content: 'Hola (ca).' }], { preview: true });
    expect(summary(second.json.data.files)).toEqual([['intro.txt', src['intro.txt'], lang.ca, 'name']]);
    expect(second.json.data.files[0].replaces).toBe(false);
    // an explicit language that is delivered already is replaced, and the old file removed
    const old = rows.find((r) => r.file_name === 'guide.es.txt')!;
    const replace = await send(id, [{ name: 'guide_ES.txt', content: 'Léame otra vez.' }]);
    expect(replace.status).toBe(201);
    expect(fs.existsSync(`${t.config.filesDir}/${old.file_path}`)).toBe(false);
    expect((await rowsOf(id)).filter((r) => r.language_id === lang.es)).toHaveLength(2);
  });

  it('one zip: members matched by folder; the download zip has unique <language>/<source> paths', async () => {
    const id = await approvedTask({ 'guide.txt': 'Read me.', 'guide.html': '<p>Read me.</p>' });
    const src = await sourcesOf(id);
    const zip = zipSync({
      'es/guide.txt': strToU8('Léame.'),
      'ca/guide.txt': strToU8('Llegeix-me.'),
      'es/guide.html': strToU8('<p>Léame.</p>'),
      '__MACOSX/._guide.txt': strToU8('x'),
      '../evil.txt': strToU8('x'),
    });
    const preview = await send(id, [{ name: 'delivery.zip', content: zip }], { preview: true });
    expect(preview.status).toBe(200);
    expect(summary(preview.json.data.files)).toEqual([
      ['es/guide.txt', src['guide.txt'], lang.es, 'folder'],
      ['ca/guide.txt', src['guide.txt'], lang.ca, 'folder'],
      ['es/guide.html', src['guide.html'], lang.es, 'folder'],
      ['../evil.txt', null, null, 'unsafe_path'],
    ]);
    const stored = await send(id, [{ name: 'delivery.zip', content: zip }], {
      // the PM sends the HTML translation as the Catalan one of guide.txt's sibling instead
      assignments: [{ name: 'es/guide.html', source_file_id: src['guide.html'], language_id: lang.ca }],
    });
    expect(stored.status).toBe(201);
    expect(stored.json.data.skipped).toEqual(['../evil.txt']);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.file_name).sort()).toEqual(['guide.html', 'guide.txt', 'guide.txt']);

    // Each translation keeps the name it was delivered with: no collision, nothing renamed.
    await send(id, [{ name: 'guide.es.txt', content: 'Léame (html).' }], {
      assignments: [{ name: 'guide.es.txt', source_file_id: src['guide.html'], language_id: lang.es }],
    });
    const download = await call(t.app, 'GET', `/api/task/${id}/translations.zip`, { token: tokens.acmeUser });
    expect(download.status).toBe(200);
    const entries = unzipSync(new Uint8Array(download.raw.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([
      'ca/guide.html',
      'ca/guide.txt',
      'es/guide.es.txt',
      'es/guide.txt',
    ]);
    expect(strFromU8(entries['ca/guide.txt']!)).toBe('Llegeix-me.');
  });

  it('refuses hostile or broken zips and invalid assignments, leaving no file behind', async () => {
    const id = await approvedTask({ 'guide.txt': 'Read me.' });
    const src = await sourcesOf(id);
    const before = storedFiles();
    const bomb = zipSync({ 'es/guide.txt': new Uint8Array(1024 * 1024) }, { level: 9 });
    const refused = await send(id, [{ name: 'bomb.zip', content: bomb }]);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('bomb.zip unpacks to too much data or too many files.');

    const broken = await send(id, [{ name: 'broken.zip', content: 'PK\u0003\u0004 not a zip' }], {
      preview: true,
    });
    expect(broken.status).toBe(422);
    expect(broken.json.message).toBe('broken.zip is damaged and cannot be unpacked.');

    const unknown = await send(
      id,
      [
        { name: 'guide.es.txt', content: 'Léame.' },
        { name: 'x.txt', content: 'x' },
      ],
      {
        assignments: [{ name: 'x.txt', source_file_id: src['guide.txt'], language_id: lang.fr }],
      },
    );
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors.assignments[0]).toBe(
      'x.txt: choose a source file and a target language of this task.',
    );

    const twice = await send(
      id,
      [
        { name: 'guide.es.txt', content: 'Léame.' },
        { name: 'guide.txt', content: 'x' },
      ],
      {
        assignments: [{ name: 'guide.txt', source_file_id: src['guide.txt'], language_id: lang.es }],
      },
    );
    expect(twice.status).toBe(422);
    expect(twice.json.errors.assignments[0]).toBe(
      'guide.txt and guide.es.txt are assigned to the same source file and language.',
    );

    const nothing = await send(id, [{ name: 'notes.txt', content: '?' }]);
    expect(nothing.status).toBe(422);
    expect(nothing.json.message).toBe('No file was assigned to a source file and a target language.');

    const spanish = await send(id, [{ name: 'notes.txt', content: '?' }], { token: tokens.acmeAdmin });
    expect(spanish.status).toBe(403);
    expect(await rowsOf(id)).toHaveLength(0);
    expect(storedFiles()).toBe(before);
  });

  it('a draft task refuses deliveries; an unknown task is 404; clients are 403', async () => {
    const id = await approvedTask({ 'guide.txt': 'Read me.' });
    await t.database.db.update(tasks).set({ state: 'DRAFT' }).where(eq(tasks.id, id));
    expect((await send(id, [{ name: 'guide.es.txt', content: 'x' }])).status).toBe(422);
    expect((await send(999_999, [{ name: 'guide.es.txt', content: 'x' }])).status).toBe(404);
    for (const role of ['acmeAdmin', 'acmeUser', 'globexAdmin'] as const)
      expect((await send(id, [{ name: 'guide.es.txt', content: 'x' }], { token: tokens[role] })).status).toBe(
        403,
      );
  });
});
