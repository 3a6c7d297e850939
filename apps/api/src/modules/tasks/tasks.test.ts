import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { buildApp } from '../../app.ts';
import {
  customerEnabledRates,
  customers,
  departments,
  invoices,
  jobs,
  languages,
  rates,
  sourceFiles,
  tasks,
} from '../../db/schema/index.ts';

/** A change made in SQL reaches the kept task list replies within milliseconds (ADR 0022). */
const soon = { timeout: 3_000, interval: 20 };

let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let marketing: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  lang = Object.fromEntries((await t.database.db.select().from(languages)).map((l) => [l.iso_code, l.id]));
  marketing = (await t.database.db.select().from(departments).where(eq(departments.title, 'Marketing')))[0]!
    .id;
  const [acme] = await t.database.db.select().from(customers).where(eq(customers.name, 'Acme'));
  const general = await t.database.db
    .insert(rates)
    .values([
      { default_group: true, source_lang: lang.en!, target_lang: lang.es!, r1: '0.1000', r2: '30.00' },
      { default_group: true, source_lang: lang.en!, target_lang: lang.fr!, r1: '0.1200', r2: '35.00' },
    ])
    .returning();
  await t.database.db
    .insert(customerEnabledRates)
    .values(general.map((r) => ({ customer_id: acme!.id, rate_id: r.id })));
  await t.app.jobs.start();
});
afterAll(() => t.close());

const FILES = {
  'intro.txt': 'The cat sat on the mat. The dog barked loudly.\n\nThe cat sat on the mat.',
  'page.html':
    '<html><body><h1>Welcome home</h1><p>Our portal translates your documents quickly.</p></body></html>',
  // a zip header with nothing valid after it: a truncated Office file
  'broken.docx': 'PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000truncated',
};

const form = (extra: Record<string, string | string[]> = {}) => ({
  description: '  Spring campaign  ',
  department: String(marketing),
  source_language: String(lang.en),
  'target_languages[]': [String(lang.es), String(lang.fr)],
  translation_type: '1',
  review: 'false',
  custom_quote: 'false',
  comments: 'Please keep the tone',
  ...extra,
});

async function post(
  url: string,
  token: string,
  fields: Record<string, string | string[]>,
  files: Array<{ name: string; content: string; field?: string }>,
) {
  const body = await multipart(fields, files);
  return call(t.app, 'POST', url, { token, body: body.payload, headers: body.headers });
}

const counts = async () => ({
  tasks: (await t.database.db.select({ n: count() }).from(tasks))[0]?.n,
  files: (await t.database.db.select({ n: count() }).from(sourceFiles))[0]?.n,
  stored: fs.existsSync(t.app.config.filesDir)
    ? fs.readdirSync(t.app.config.filesDir, { recursive: true }).filter((p) => String(p).includes('-')).length
    : 0,
});

describe('creating a task with files', () => {
  let taskId: number;

  it('a client user orders a task; it is analysed in the background and priced', async () => {
    const res = await post(
      '/api/tasks/store-as-draft',
      tokens.acmeUser,
      form(),
      Object.entries(FILES).map(([name, content]) => ({ name, content })),
    );
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ description: 'Spring campaign', state: 'CALCULATING', code: '1' });
    taskId = res.json.data.id;
    await t.app.jobs.idle();
    const detail = await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens.acmeUser });
    expect(detail.json.data.state).toBe('DRAFT');
    const files = detail.json.data.source_files;
    expect(files.map((f: { file_name: string }) => f.file_name)).toEqual([
      'intro.txt',
      'page.html',
      'broken.docx',
    ]);
    const intro = files[0].word_count.find(
      (w: { target_language_id: number }) => w.target_language_id === lang.es,
    );
    // "The cat sat on the mat." (6) + "The dog barked loudly." (4) + the first sentence again (6, a repetition)
    expect(intro).toMatchObject({ total_words: 16, repetitions: 6, no_match: 10 });
    expect(files[2].error).toMatch(/^analysis\.errors\./);
    expect(files[2].word_count[0].total_words).toBe(0);
    expect(detail.json.data.analysis_error).toContain('broken.docx');
    expect(Number(detail.json.data.base_price)).toBeGreaterThan(0);
    expect(detail.json.data.tax_name).toBe('IVA');
    // The history says why the system moved the task, as a reason the screens translate.
    expect(
      detail.json.data.changes.map((c: { to_state: string; reason: string | null; note: string | null }) => [
        c.to_state,
        c.reason,
        c.note,
      ]),
    ).toEqual([
      ['CALCULATING', 'created', null],
      ['DRAFT', 'analysed_with_errors', null],
    ]);

    const price = await call(t.app, 'GET', `/api/tasks/getPrice/${taskId}`, { token: tokens.acmeUser });
    expect(price.json.data).toHaveLength(2);
    const es = price.json.data.find((p: { targetLanguageId: number }) => p.targetLanguageId === lang.es);
    expect(es.noMatch.pricePerWord).toBe('0.1000');
    expect(es.repetitions.pricePerWord).toBe('0.0300');

    // Every service level's total for these files and languages, from the quote's pricing: the task's own level
    // (human, 1) costs what its quote says; flash is never slower than human.
    const levels = (
      await call(t.app, 'GET', `/api/tasks/${taskId}/service-levels`, { token: tokens.acmeUser })
    ).json.data as Array<{ translation_type_id: number; taxed_price: string; due_date: string | null }>;
    expect(levels.map((l) => l.translation_type_id)).toEqual([1, 2, 3, 4]);
    expect(levels[0]!.taxed_price).toBe(detail.json.data.taxed_price);
    for (const level of levels)
      expect(Number(level.taxed_price), String(level.translation_type_id)).toBeGreaterThan(0);
    expect(new Date(levels[3]!.due_date!).getTime()).toBeLessThanOrEqual(
      new Date(levels[0]!.due_date!).getTime(),
    );
    // Nothing was stored: the task's own quote is unchanged.
    expect(
      (await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens.acmeUser })).json.data.taxed_price,
    ).toBe(detail.json.data.taxed_price);
  });

  it('refuses staff and a client user without the department; another customer gets 404', async () => {
    expect(
      (await post('/api/tasks/store-as-draft', tokens.pm, form(), [{ name: 'a.txt', content: 'x' }])).status,
    ).toBe(403);
    expect(
      (await post('/api/tasks/store-as-draft', tokens.admin, form(), [{ name: 'a.txt', content: 'x' }]))
        .status,
    ).toBe(403);
    const globex = await post('/api/tasks/store-as-draft', tokens.globexAdmin, form(), [
      { name: 'a.txt', content: 'x' },
    ]);
    expect(globex.status).toBe(422);
    expect(globex.json.errors.department).toHaveLength(1);
    for (const url of [
      `/api/task/${taskId}`,
      `/api/tasks/getPrice/${taskId}`,
      `/api/tasks/${taskId}/service-levels`,
    ]) {
      expect((await call(t.app, 'GET', url, { token: tokens.globexAdmin })).status).toBe(404);
    }
    const fileId = (await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens.acmeAdmin })).json.data
      .source_files[0].id;
    expect(
      (
        await call(t.app, 'GET', `/api/task/${taskId}/downloadSourceFile/${fileId}`, {
          token: tokens.globexAdmin,
        })
      ).status,
    ).toBe(404);
    const download = await call(t.app, 'GET', `/api/task/${taskId}/downloadSourceFile/${fileId}`, {
      token: tokens.acmeAdmin,
    });
    expect(download.status).toBe(200);
    expect(download.raw.body).toBe(FILES['intro.txt']);
    expect(download.headers['content-disposition']).toContain('intro.txt');
  });

  it('lists tasks per role: staff see the customer, clients their own', async () => {
    const staff = await call(t.app, 'GET', '/api/tasks', { token: tokens.pm });
    expect(staff.json.data.data[0]).toMatchObject({
      id: taskId,
      customer: { name: 'Acme' },
      department: { title: 'Marketing' },
      requested_by: { name: 'Ulises' },
    });
    const client = await call(t.app, 'GET', '/api/tasks', {
      token: tokens.acmeAdmin,
      query: { state: 'APPROVED_AND_DRAFT' },
    });
    expect(client.json.data.data.map((r: { id: number }) => r.id)).toEqual([taskId]);
    expect((await call(t.app, 'GET', '/api/tasks', { token: tokens.globexAdmin })).json.data.total).toBe(0);
    const bad = await call(t.app, 'GET', '/api/tasks', {
      token: tokens.pm,
      query: { state: 'LOST', sort: 'password' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['sort', 'state']);
  });

  it('an invoiced task shows its folio and the paid/pending tag of spec §4, in the list and the detail', async () => {
    const db = t.database.db;
    const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
    const [invoice] = await db
      .insert(invoices)
      .values({
        folio: `F-${taskId}`,
        series: 'F',
        number: taskId,
        customer_id: task!.customer_id!,
        amount: '12.10',
        amount_without_taxes: '10.00',
        tax_option: 'IVA',
        issued_at: '2026-01-15',
        enterprise: 'Acme',
        country_id: (await db.select().from(customers).where(eq(customers.id, task!.customer_id!)))[0]!
          .country_id,
        hash: `test-${taskId}`,
      })
      .returning();
    await db.update(tasks).set({ invoice_id: invoice!.id }).where(eq(tasks.id, taskId));
    const listed = async () =>
      (await call(t.app, 'GET', '/api/tasks', { token: tokens.acmeAdmin })).json.data.data.find(
        (r: { id: number }) => r.id === taskId,
      );
    const detail = async () =>
      (await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens.acmeAdmin })).json.data.invoice;
    try {
      // Acme pays on demand and the task is a DRAFT: paid by the rule's letter
      await vi.waitFor(
        async () =>
          expect(await listed()).toMatchObject({ invoice_folio: `F-${taskId}`, invoice_tag: 'paid' }),
        soon,
      );
      // Changed in SQL, as a script would: a kept reply is forgotten once the database announces it
      // (ADR 0022, ADR 0024): soon, not at once, on PostgreSQL.
      await vi.waitFor(
        async () => expect(await detail()).toEqual({ folio: `F-${taskId}`, tag: 'paid' }),
        soon,
      );
      await db
        .update(customers)
        .set({ payment_scheme: 'DEFERRED' })
        .where(eq(customers.id, task!.customer_id!));
      await vi.waitFor(async () => expect((await listed()).invoice_tag).toBe('pending'), soon);
      await vi.waitFor(
        async () => expect(await detail()).toEqual({ folio: `F-${taskId}`, tag: 'pending' }),
        soon,
      );
      // An invoice marked paid makes its tasks' tag paid.
      await db.update(invoices).set({ payment_status: 'paid' }).where(eq(invoices.id, invoice!.id));
      await vi.waitFor(async () => expect((await listed()).invoice_tag).toBe('paid'), soon);
      await vi.waitFor(
        async () => expect(await detail()).toEqual({ folio: `F-${taskId}`, tag: 'paid' }),
        soon,
      );
    } finally {
      await db
        .update(customers)
        .set({ payment_scheme: 'ON_DEMAND' })
        .where(eq(customers.id, task!.customer_id!));
      await db.update(tasks).set({ invoice_id: null }).where(eq(tasks.id, taskId));
      await db.delete(invoices).where(eq(invoices.id, invoice!.id));
    }
    await vi.waitFor(async () => expect((await listed()).invoice_tag).toBeNull(), soon);
  });

  it('editing drops a file and the price changes', async () => {
    const before = (await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens.acmeUser })).json.data;
    const keep = before.source_files
      .filter((f: { file_name: string }) => f.file_name !== 'page.html')
      .map((f: { id: number }) => f.id);
    const res = await post(
      `/api/tasks/${taskId}/update`,
      tokens.acmeUser,
      form({ 'source_files[]': keep.map(String), description: 'Spring campaign v2' }),
      [],
    );
    expect(res.status).toBe(200);
    await t.app.jobs.idle();
    const after = (await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens.acmeUser })).json.data;
    expect(after.description).toBe('Spring campaign v2');
    expect(after.source_files).toHaveLength(2);
    expect(Number(after.base_price)).toBeLessThan(Number(before.base_price));
  });

  it('cancels and reactivates; an illegal move is refused', async () => {
    const cancel = await call(t.app, 'POST', `/api/tasks/${taskId}/updateStateAsCancelled`, {
      token: tokens.acmeUser,
    });
    expect(cancel.json.data.state).toBe('CANCELLED');
    expect(
      (await call(t.app, 'GET', '/api/tasks', { token: tokens.acmeUser, query: { showCancelled: 'true' } }))
        .json.data.total,
    ).toBe(1);
    const again = await call(t.app, 'POST', `/api/tasks/${taskId}/updateStateAsCancelled`, {
      token: tokens.acmeUser,
    });
    expect(again.status).toBe(422);
    expect(again.json.message).toBe('A task in CANCELLED cannot move to CANCELLED.');
    expect(
      (await call(t.app, 'POST', `/api/tasks/${taskId}/updateStateAsCancelled`, { token: tokens.pm })).status,
    ).toBe(403);
    const reactivate = await call(t.app, 'POST', `/api/tasks/${taskId}/updateStateAsDraft`, {
      token: tokens.pm,
    });
    expect(reactivate.json.data.state).toBe('DRAFT');
  });
});

describe('bad uploads leave nothing behind', () => {
  it.each([
    ['a file type we do not accept', [{ name: 'virus.exe', content: 'MZ' }], 422, /not accepted/],
    [
      'two files with the same name',
      [
        { name: 'a.txt', content: 'one' },
        { name: 'A.TXT', content: 'two' },
      ],
      422,
      /Cannot provide the same name/,
    ],
    [
      'an empty file',
      [
        { name: 'a.txt', content: 'fine' },
        { name: 'empty.txt', content: '' },
      ],
      422,
      /empty/,
    ],
    ['no file at all', [], 422, /required/],
  ])('%s', async (_what, files, status, message) => {
    const before = await counts();
    const res = await post('/api/tasks/store-as-draft', tokens.acmeUser, form(), files);
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.json)).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  it('missing fields: every field gets its message', async () => {
    const before = await counts();
    const res = await post('/api/tasks/store-as-draft', tokens.acmeUser, { description: ' ', lang: 'es' }, [
      { name: 'a.txt', content: 'Hola' },
    ]);
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual([
      'department',
      'description',
      'source_language',
      'target_languages',
      'translation_type',
    ]);
    expect(res.json.errors.description).toEqual(['Este campo es obligatorio.']);
    expect(await counts()).toEqual(before);
  });
});

describe('upload limits', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ uploads: { maxFileBytes: 1024, maxTaskBytes: 4096, maxFiles: 10 } });
  });
  afterAll(() => small.close());

  it('a file over the limit is refused with 413 and leaves nothing behind', async () => {
    const token = (await tokensByRole(small.app)).acmeUser;
    // the demo data may hold tasks of its own (a guest quote): nothing is added to them
    const [before] = await small.database.db.select({ n: count() }).from(tasks);
    const body = await multipart(form(), [{ name: 'big.txt', content: 'x'.repeat(5000) }]);
    const res = await call(small.app, 'POST', '/api/tasks/store-as-draft', {
      token,
      body: body.payload,
      headers: body.headers,
    });
    expect(res.status).toBe(413);
    expect((await small.database.db.select({ n: count() }).from(tasks))[0]?.n).toBe(before?.n);
    expect(
      fs.readdirSync(small.app.config.filesDir, { recursive: true }).filter((p) => String(p).includes('-')),
    ).toEqual([]);
  });
});

describe('analysis jobs survive a restart', () => {
  it('a job interrupted by a restart is picked up again by the next process and counted once', async () => {
    const res = await post(
      '/api/tasks/store-as-draft',
      tokens.acmeAdmin,
      form({ 'target_languages[]': [String(lang.es)] }),
      [{ name: 'x.txt', content: 'One sentence here. Another sentence there.' }],
    );
    const id = res.json.data.id;
    await t.app.jobs.idle();
    // The process stops while the task is being analysed...
    await t.app.jobs.stop();
    const version = new Date();
    await t.database.db
      .update(tasks)
      .set({ state: 'CALCULATING', updated_at: version })
      .where(eq(tasks.id, id));
    const restarted = await buildApp(t.config, t.database);
    if (t.config.databaseUrl) {
      // pg-boss keeps the job queued (or retries it once it expires): the new process takes it.
      await restarted.jobs.enqueue('task.analyse', { taskId: id, version: version.toISOString() });
    } else {
      await t.database.db.insert(jobs).values({
        name: 'task.analyse',
        payload: JSON.stringify({ taskId: id, version: version.toISOString() }),
        state: 'running',
        attempts: 1,
      });
    }
    // ...and a new process starts on the same database.
    try {
      await restarted.ready();
      await restarted.jobs.start();
      await restarted.jobs.idle();
      const detail = (await call(restarted, 'GET', `/api/task/${id}`, { token: tokens.acmeAdmin })).json.data;
      expect(detail.state).toBe('DRAFT');
      expect(detail.source_files[0].word_count).toHaveLength(1);
      expect(detail.source_files[0].word_count[0].total_words).toBe(6);
      expect(detail.changes.filter((c: { to_state: string }) => c.to_state === 'DRAFT')).toHaveLength(2);
    } finally {
      await restarted.close();
    }
  });
});

describe('large lists', () => {
  it('counts exactly up to 1,000 matches, then says "1,000+"', async () => {
    const [globex] = await t.database.db.select().from(customers).where(eq(customers.name, 'Globex'));
    await t.database.db.execute(
      sql`insert into tasks (code, customer_id, source_language_id, translation_type_id, description, state)
          select 'G' || g, ${globex!.id}, ${lang.en}, 4, 'Bulk ' || g, 'DONE' from generate_series(1, 1005) g`,
    );
    const res = await call(t.app, 'GET', '/api/tasks', {
      token: tokens.globexAdmin,
      query: { per_page: '50' },
    });
    expect(res.json.data).toMatchObject({ total: 1_000, total_is_capped: true, per_page: 50 });
    expect(res.json.data.data).toHaveLength(50);
    const few = await call(t.app, 'GET', '/api/tasks', {
      token: tokens.globexAdmin,
      query: { search: 'Bulk 999' },
    });
    expect(few.json.data).toMatchObject({ total: 1, total_is_capped: false });
  });

  it('a page past the end keeps the total; search wildcards are literal; each lister sees only its own', async () => {
    const past = await call(t.app, 'GET', '/api/tasks', {
      token: tokens.globexAdmin,
      query: { search: 'Bulk 99', per_page: '10', page: '5' },
    });
    // Bulk 99, 990–999: 11 matches, so page 5 of 10 is empty but the total is still known.
    expect(past.json.data).toMatchObject({ total: 11, total_is_capped: false, current_page: 5, data: [] });
    const literal = await call(t.app, 'GET', '/api/tasks', {
      token: tokens.globexAdmin,
      query: { search: 'Bulk_99%' },
    });
    expect(literal.json.data).toMatchObject({ total: 0, data: [] });
    const sorted = await call(t.app, 'GET', '/api/tasks', {
      token: tokens.globexAdmin,
      query: { search: 'Bulk 99', sort: 'description', order: 'asc', per_page: '3' },
    });
    expect(sorted.json.data.data.map((task: { description: string }) => task.description)).toEqual([
      'Bulk 99',
      'Bulk 990',
      'Bulk 991',
    ]);
    // The same prepared shape for another customer's admin returns only that customer's tasks.
    const acme = await call(t.app, 'GET', '/api/tasks', {
      token: tokens.acmeAdmin,
      query: { search: 'Bulk 99', per_page: '10', page: '5' },
    });
    expect(acme.json.data).toMatchObject({ total: 0, data: [] });
  });
});
