import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { customers, departments, languages, taskReferenceFiles, tasks } from '../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let marketing: number;
let acme: number;
let globexDepartment: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  const db = t.database.db;
  lang = Object.fromEntries((await db.select().from(languages)).map((l) => [l.iso_code, l.id]));
  marketing = (await db.select().from(departments).where(eq(departments.title, 'Marketing')))[0]!.id;
  acme = (await db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!.id;
  const globex = (await db.select().from(customers).where(eq(customers.name, 'Globex')))[0]!.id;
  const [department] = await db
    .insert(departments)
    .values({ customer_id: globex, title: 'Docs' })
    .returning();
  globexDepartment = department!.id;
  await t.app.jobs.start();
});
afterAll(() => t.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const GUIDE = 'Use the formal register. Never translate the brand.';

const fields = (extra: Record<string, string | string[]> = {}, department = marketing) => ({
  description: 'Autumn brochure',
  department: String(department),
  source_language: String(lang.en),
  'target_languages[]': [String(lang.es)],
  translation_type: '1',
  comments: 'Keep it short',
  ...extra,
});

type Upload = { name: string; content: string | Uint8Array; field?: string };
const source: Upload = { name: 'intro.txt', content: 'The cat sat on the mat.' };
const reference = (name: string, content: string | Uint8Array = GUIDE): Upload => ({
  name,
  content,
  field: 'reference_files[]',
});

async function send(url: string, role: RoleName, f: Record<string, string | string[]>, files: Upload[]) {
  const body = await multipart(f, files);
  return call(t.app, 'POST', url, { token: tokens[role], body: body.payload, headers: body.headers });
}
const order = (role: RoleName, f: Record<string, string | string[]>, files: Upload[] = [source]) =>
  send('/api/tasks/store-as-draft', role, f, files);
const detail = (id: number, role: RoleName) => call(t.app, 'GET', `/api/task/${id}`, { token: tokens[role] });
const download = (id: number, fileId: number, role?: RoleName) =>
  call(t.app, 'GET', `/api/task/${id}/reference-files/${fileId}`, role ? { token: tokens[role] } : {});

/** Every file in storage: a refused request leaves none behind. */
function storedFiles(dir = t.config.filesDir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? storedFiles(path.join(dir, e.name)) : [e.name]));
}
const rowCounts = async () => ({
  tasks: (await t.database.db.select({ n: count() }).from(tasks))[0]!.n,
  references: (await t.database.db.select({ n: count() }).from(taskReferenceFiles))[0]!.n,
  files: storedFiles().length,
});

async function draftReady(id: number) {
  await t.app.jobs.idle();
  await t.database.db.update(tasks).set({ state: 'DRAFT' }).where(eq(tasks.id, id));
}

describe('PO number, client reference and reference files', () => {
  it('stores them on create: the detail lists the reference files, which are never analysed or priced', async () => {
    const res = await order(
      'acmeUser',
      fields({ po_number: ' PO-4711 ', client_reference: 'Campaign Q3/77' }),
      [source, reference('style guide.pdf'), reference('logo.png', PNG), reference('old.exe', 'MZ')],
    );
    expect(res.status).toBe(201);
    const d = res.json.data;
    expect(d.po_number).toBe('PO-4711');
    expect(d.client_reference).toBe('Campaign Q3/77');
    expect(d.reference_files.map((f: { file_name: string }) => f.file_name)).toEqual([
      'style guide.pdf',
      'logo.png',
      'old.exe',
    ]);
    expect(d.reference_files[1].size).toBe(PNG.length);
    expect(d.source_files.map((f: { file_name: string }) => f.file_name)).toEqual(['intro.txt']);
    await t.app.jobs.idle();
    const analysed = (await detail(d.id, 'acmeUser')).json.data;
    expect(analysed.word_count).toBe(6);
    expect(analysed.source_files).toHaveLength(1);
  });

  it('lets everyone who sees the task download them; anyone else gets 404 (or 401 signed out)', async () => {
    const d = (await order('acmeUser', fields(), [source, reference('logo.png', PNG)])).json.data;
    const file = d.reference_files[0].id as number;
    for (const role of ['acmeUser', 'acmeAdmin', 'pm', 'admin'] as const) {
      const res = await download(d.id, file, role);
      expect(res.status, role).toBe(200);
      expect(new Uint8Array(res.raw.rawPayload)).toEqual(PNG);
      expect(res.headers['content-disposition']).toContain('logo.png');
      expect((await detail(d.id, role)).json.data.reference_files).toHaveLength(1);
    }
    expect((await download(d.id, file, 'globexAdmin')).status).toBe(404);
    expect((await detail(d.id, 'globexAdmin')).status).toBe(404);
    expect((await download(d.id, file)).status).toBe(401);
    // a file id of another task, through this task
    const other = (await order('acmeUser', fields(), [source, reference('a.txt')])).json.data;
    expect((await download(d.id, other.reference_files[0].id, 'acmeUser')).status).toBe(404);
    expect((await download(d.id, 999_999, 'admin')).status).toBe(404);
  });

  it('refuses a PO number over 50 or a reference over 100 characters, translated, storing nothing', async () => {
    const before = await rowCounts();
    const long = await order('acmeUser', fields({ po_number: 'P'.repeat(51), lang: 'es' }), [
      source,
      reference('guide.pdf'),
    ]);
    expect(long.status).toBe(422);
    expect(long.json.errors.po_number[0]).toMatch(/50/);
    const ref = await order('acmeUser', fields({ client_reference: 'R'.repeat(101), lang: 'ca' }), [
      source,
      reference('guide.pdf'),
    ]);
    expect(ref.status).toBe(422);
    expect(ref.json.errors.client_reference[0]).toMatch(/100/);
    const empty = await order('acmeUser', fields(), [source, reference('empty.txt', '')]);
    expect(empty.status).toBe(422);
    expect(empty.json.errors.reference_files).toBeDefined();
    const twice = await order('acmeUser', fields(), [source, reference('a.txt'), reference('A.TXT')]);
    expect(twice.status).toBe(422);
    expect(twice.json.errors.reference_files).toBeDefined();
    expect(await rowCounts()).toEqual(before);
  });

  it('po_required: only the provider admin sets it; then a task without a PO is refused in the caller’s language', async () => {
    const customer = (await call(t.app, 'GET', `/api/customers/${acme}`, { token: tokens.admin })).json.data;
    const body = { name: customer.name, country_id: customer.country_id, po_required: true };
    const pm = await call(t.app, 'PUT', `/api/customers/${acme}`, { token: tokens.pm, body });
    expect(pm.status).toBe(403);
    // the PM still edits the rest, sending the setting unchanged
    const pmSame = { ...body, po_required: false };
    expect(
      (await call(t.app, 'PUT', `/api/customers/${acme}`, { token: tokens.pm, body: pmSame })).status,
    ).toBe(200);
    for (const role of ['acmeAdmin', 'acmeUser', 'globexAdmin'] as const) {
      expect((await call(t.app, 'PUT', `/api/customers/${acme}`, { token: tokens[role], body })).status).toBe(
        403,
      );
    }
    const admin = await call(t.app, 'PUT', `/api/customers/${acme}`, { token: tokens.admin, body });
    expect(admin.status).toBe(200);
    expect(admin.json.data.po_required).toBe(true);
    try {
      const before = await rowCounts();
      const messages: Record<string, string> = {
        en: 'Your company needs a purchase order (PO) number on every order.',
        es: 'Su empresa necesita un número de pedido (PO) en cada encargo.',
        ca: 'La seva empresa necessita un número de comanda (PO) a cada encàrrec.',
      };
      for (const [locale, message] of Object.entries(messages)) {
        const res = await order('acmeAdmin', fields({ lang: locale }), [source, reference('guide.pdf')]);
        expect(res.status).toBe(422);
        expect(res.json.errors.po_number).toEqual([message]);
      }
      expect(await rowCounts()).toEqual(before);
      // Globex does not require one
      expect((await order('globexAdmin', fields({}, globexDepartment))).status).toBe(201);
      expect((await order('acmeAdmin', fields({ po_number: 'PO-1' }))).status).toBe(201);
    } finally {
      await call(t.app, 'PUT', `/api/customers/${acme}`, {
        token: tokens.admin,
        body: { ...body, po_required: false },
      });
    }
  });

  it('keeps the reference files on edit, adds new ones and changes the PO number and reference', async () => {
    const d = (
      await order('acmeUser', fields({ po_number: 'PO-1', client_reference: 'first' }), [
        source,
        reference('guide.pdf'),
      ])
    ).json.data;
    await draftReady(d.id);
    const keep = { source_files: JSON.stringify([d.source_files[0].id]) };
    const clash = await send(`/api/tasks/${d.id}/update`, 'acmeUser', fields(keep), [reference('GUIDE.pdf')]);
    expect(clash.status).toBe(422);
    expect(clash.json.errors.reference_files[0]).toContain('GUIDE.pdf');
    const res = await send(
      `/api/tasks/${d.id}/update`,
      'acmeUser',
      fields({ ...keep, po_number: 'PO-2', client_reference: '' }),
      [reference('glossary.xlsx')],
    );
    expect(res.status).toBe(200);
    expect(res.json.data.po_number).toBe('PO-2');
    expect(res.json.data.client_reference).toBeNull();
    expect(res.json.data.reference_files.map((f: { file_name: string }) => f.file_name)).toEqual([
      'guide.pdf',
      'glossary.xlsx',
    ]);
  });

  it('removes the reference files the editor drops on edit (rows and stored files), keeping the others', async () => {
    const d = (await order('acmeUser', fields(), [source, reference('guide.pdf'), reference('old.docx')]))
      .json.data;
    await draftReady(d.id);
    const [guide, old] = d.reference_files as Array<{ id: number; file_name: string }>;
    const other = (await order('acmeUser', fields(), [source, reference('theirs.pdf')])).json.data;
    const keep = { source_files: JSON.stringify([d.source_files[0].id]) };
    const before = await rowCounts();
    // another task's file, or a task of another customer: refused, nothing removed
    const foreign = await send(
      `/api/tasks/${d.id}/update`,
      'acmeUser',
      fields({ ...keep, remove_reference_files: JSON.stringify([other.reference_files[0].id]), lang: 'es' }),
      [],
    );
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors.remove_reference_files).toBeDefined();
    const stranger = await send(
      `/api/tasks/${d.id}/update`,
      'globexAdmin',
      fields({ ...keep, remove_reference_files: JSON.stringify([old!.id]) }),
      [],
    );
    expect(stranger.status).toBe(404);
    expect(await rowCounts()).toEqual(before);
    // removing old.docx and sending a new version of it under the same name is one edit
    const res = await send(
      `/api/tasks/${d.id}/update`,
      'acmeUser',
      fields({ ...keep, remove_reference_files: JSON.stringify([old!.id]) }),
      [reference('old.docx', 'second version')],
    );
    expect(res.status).toBe(200);
    const files = res.json.data.reference_files as Array<{ id: number; file_name: string }>;
    expect(files.map((f) => f.file_name)).toEqual(['guide.pdf', 'old.docx']);
    expect(files[0]!.id).toBe(guide!.id);
    expect(files[1]!.id).not.toBe(old!.id);
    expect((await download(d.id, old!.id, 'acmeUser')).status).toBe(404);
    expect((await download(d.id, files[1]!.id, 'acmeUser')).raw.body).toBe('second version');
    // one row and one stored file less, one more of each: the removed file is gone from storage
    expect(await rowCounts()).toEqual(before);
  });

  it('finds tasks by PO number and client reference in the list, which shows both', async () => {
    await order('acmeAdmin', fields({ po_number: 'ACME-PO-2026-0042', client_reference: 'Kestrel launch' }));
    for (const search of ['ACME-PO-2026-0042', 'kestrel', 'Kestrel launch', '0042']) {
      const res = await call(t.app, 'GET', '/api/tasks', { token: tokens.acmeAdmin, query: { search } });
      expect(res.status, search).toBe(200);
      const rows = res.json.data.data as Array<{ po_number: string | null; client_reference: string | null }>;
      expect(
        rows.map((r) => r.po_number),
        search,
      ).toEqual(['ACME-PO-2026-0042']);
      expect(rows[0]!.client_reference).toBe('Kestrel launch');
    }
    const other = await call(t.app, 'GET', '/api/tasks', {
      token: tokens.globexAdmin,
      query: { search: 'ACME-PO-2026-0042' },
    });
    expect(other.json.data.data).toEqual([]);
  });
});

describe('order again', () => {
  it('copies the reference files server-side: the new task owns its copies', async () => {
    const first = (
      await order('acmeUser', fields({ po_number: 'PO-OLD' }), [source, reference('logo.png', PNG)])
    ).json.data;
    const again = await order('acmeAdmin', {
      ...fields({ po_number: 'PO-NEW' }),
      'copy_reference_files[]': [String(first.reference_files[0].id)],
    });
    expect(again.status).toBe(201);
    const copy = again.json.data;
    expect(copy.po_number).toBe('PO-NEW');
    expect(copy.reference_files).toHaveLength(1);
    expect(copy.reference_files[0].file_name).toBe('logo.png');
    expect(copy.reference_files[0].id).not.toBe(first.reference_files[0].id);
    const [a, b] = await t.database.db
      .select()
      .from(taskReferenceFiles)
      .where(eq(taskReferenceFiles.file_name, 'logo.png'))
      .orderBy(taskReferenceFiles.id)
      .then((rows) => rows.filter((r) => r.task_id === first.id || r.task_id === copy.id));
    expect(a!.file_path).not.toBe(b!.file_path);
    // deleting the first task leaves the copy whole
    expect((await call(t.app, 'DELETE', `/api/task/${first.id}`, { token: tokens.admin })).status).toBe(200);
    const res = await download(copy.id, copy.reference_files[0].id, 'acmeUser');
    expect(res.status).toBe(200);
    expect(new Uint8Array(res.raw.rawPayload)).toEqual(PNG);
  });

  it('refuses to copy a file the caller cannot see, storing nothing', async () => {
    const acmeTask = (await order('acmeAdmin', fields(), [source, reference('secret.txt')])).json.data;
    const before = await rowCounts();
    const res = await order('globexAdmin', {
      ...fields({ lang: 'es' }, globexDepartment),
      'copy_reference_files[]': [String(acmeTask.reference_files[0].id)],
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.copy_reference_files).toBeDefined();
    const missing = await order('acmeAdmin', { ...fields(), 'copy_reference_files[]': ['999999'] });
    expect(missing.status).toBe(422);
    expect(await rowCounts()).toEqual(before);
  });

  it('a client user may copy only from tasks it sees', async () => {
    // a task of another department of Acme, requested by the admin: the user does not see it
    const db = t.database.db;
    const [hidden] = await db
      .insert(departments)
      .values({ customer_id: acme, title: 'Legal (hidden)' })
      .returning();
    const theirs = (await order('acmeAdmin', fields({}, hidden!.id), [source, reference('legal.txt')])).json
      .data;
    expect((await detail(theirs.id, 'acmeUser')).status).toBe(404);
    expect((await download(theirs.id, theirs.reference_files[0].id, 'acmeUser')).status).toBe(404);
    const res = await order('acmeUser', {
      ...fields(),
      'copy_reference_files[]': [String(theirs.reference_files[0].id)],
    });
    expect(res.status).toBe(422);
  });
});
