import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { madridDateOf } from '@verba/contracts/pricing';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import {
  customerEnabledRates,
  customers,
  departments,
  languages,
  rates,
  tasks,
} from '../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let marketing: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  const db = t.database.db;
  lang = Object.fromEntries((await db.select().from(languages)).map((l) => [l.iso_code, l.id]));
  marketing = (await db.select().from(departments).where(eq(departments.title, 'Marketing')))[0]!.id;
  const [acme] = await db.select().from(customers).where(eq(customers.name, 'Acme'));
  const [general] = await db
    .insert(rates)
    .values({ default_group: true, source_lang: lang.en!, target_lang: lang.es!, r1: '0.1000', r2: '30.00' })
    .returning();
  await db.insert(customerEnabledRates).values({ customer_id: acme!.id, rate_id: general!.id });
  await t.app.jobs.start();
});
afterAll(() => t.close());

const dayFromToday = (days: number) => madridDateOf(new Date(Date.now() + days * 86_400_000));

async function send(url: string, fields: Record<string, string | string[]>, files: Record<string, string>) {
  const body = await multipart(
    fields,
    Object.entries(files).map(([name, content]) => ({ name, content })),
  );
  return call(t.app, 'POST', url, { token: tokens.acmeUser, body: body.payload, headers: body.headers });
}

const form = (extra: Record<string, string> = {}) => ({
  description: 'Amounts and deliveries',
  department: String(marketing),
  source_language: String(lang.en),
  'target_languages[]': [String(lang.es), String(lang.ca)],
  translation_type: '1',
  ...extra,
});

async function newTask(
  extra: Record<string, string> = {},
  files: Record<string, string> = { 'a.txt': 'Hello world.', 'ch03.xlsx': 'x' },
) {
  const res = await send('/api/tasks/store-as-draft', form(extra), files);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  await t.app.jobs.idle();
  return res.json.data.id as number;
}

const detail = (id: number, role: RoleName = 'admin') =>
  call(t.app, 'GET', `/api/task/${id}`, { token: tokens[role] });
const setState = (id: number, state: 'APPROVED' | 'IN_COURSE' | 'DONE' | 'CANCELLED', due?: Date) =>
  t.database.db
    .update(tasks)
    .set({ state, approved_at: new Date(), ...(due ? { due_date: due } : {}) })
    .where(eq(tasks.id, id));

async function deliver(id: number, fileId: number, languageId: number, name: string) {
  const body = await multipart({ source_file_id: String(fileId), language_id: String(languageId) }, [
    { field: 'file', name, content: `translation ${name}` },
  ]);
  return call(t.app, 'POST', `/api/tasks/${id}/uploadTranslatedFile`, {
    token: tokens.pm,
    body: body.payload,
    headers: body.headers,
  });
}
const mark = (id: number, role: RoleName, body: Record<string, unknown>) =>
  call(t.app, 'PUT', `/api/tasks/${id}/delivery-status`, { token: tokens[role], body });

describe('paid and outstanding amounts on the task detail', () => {
  it('taxes included, as strings; every role that sees the task, a client user included, sees the payments', async () => {
    const id = await newTask({}, { 'a.txt': 'Hello world. Good morning to everyone here.' });
    await setState(id, 'DONE');
    const before = (await detail(id)).json.data;
    expect(before.paid_amount).toBe('0.00');
    expect(before.outstanding_amount).toBe(before.amount_to_pay);
    const paid = await call(t.app, 'POST', '/api/pay-task-histories', {
      token: tokens.admin,
      body: { task_id: id, amount: '0.50', type: 'Bank transfer' },
    });
    expect(paid.status).toBe(201);
    for (const role of ['admin', 'pm', 'acmeAdmin', 'acmeUser'] as const) {
      const d = (await detail(id, role)).json.data;
      expect(d.paid_amount, role).toBe('0.50');
      expect(Number(d.outstanding_amount), role).toBeCloseTo(Number(d.amount_to_pay) - 0.5, 2);
      expect(
        d.payments.map((p: { amount: string }) => p.amount),
        role,
      ).toEqual(['0.50']);
    }
    // A client of another customer: as if the task did not exist.
    expect((await detail(id, 'globexAdmin')).status).toBe(404);
  });

  it('more received than owed: nothing outstanding (never negative), the balance says how much over', async () => {
    const id = await newTask({}, { 'a.txt': 'Hello.' });
    await setState(id, 'APPROVED');
    const owed = (await detail(id)).json.data.amount_to_pay as string;
    const over = (Number(owed) + 10).toFixed(2);
    await call(t.app, 'POST', '/api/pay-task-histories', {
      token: tokens.admin,
      body: { task_id: id, amount: over, type: 'Card' },
    });
    const d = (await detail(id, 'acmeUser')).json.data;
    expect(d.paid_amount).toBe(over);
    expect(d.outstanding_amount).toBe('0.00');
    expect(d.outstanding_balance).toBe('-10.00');
  });
});

describe('delivery progress per language and the partial or final mark', () => {
  let id: number;
  let files: Array<{ id: number; file_name: string }>;

  beforeAll(async () => {
    id = await newTask();
    files = (await detail(id)).json.data.source_files;
  });

  it('a draft cannot be marked; a refused role gets 403, a task it cannot see 404', async () => {
    const body = { language_id: lang.es, final: false, note: 'More to come' };
    expect((await mark(id, 'pm', body)).status).toBe(422);
    await setState(id, 'IN_COURSE');
    for (const role of ['acmeAdmin', 'acmeUser', 'globexAdmin'] as const)
      expect((await mark(id, role, body)).status, role).toBe(403);
    expect((await mark(999_999, 'pm', body)).status).toBe(404);
    expect((await mark(id, 'pm', { ...body, language_id: lang.fr })).json.errors.language_id).toBeDefined();
    expect((await mark(id, 'pm', { ...body, note: 'n'.repeat(501) })).status).toBe(422);
  });

  it('"1 of 2 files" per language; staff mark it partial with a note the client reads, then final', async () => {
    expect((await deliver(id, files[0]!.id, lang.es!, 'a.es.txt')).status).toBe(201);
    const first = (await detail(id, 'acmeUser')).json.data.delivery_progress;
    expect(first).toEqual([
      { language_id: lang.ca, delivered: 0, total: 2, final: false, note: null, marked_at: null },
      { language_id: lang.es, delivered: 1, total: 2, final: false, note: null, marked_at: null },
    ]);
    const partial = await mark(id, 'pm', { language_id: lang.es, final: false, note: 'Chapter 3 on Monday' });
    expect(partial.status).toBe(200);
    expect(partial.json.data).toMatchObject({ language_id: lang.es, delivered: 1, total: 2, final: false });
    const seen = (await detail(id, 'acmeUser')).json.data.delivery_progress;
    expect(seen[1]).toMatchObject({ final: false, note: 'Chapter 3 on Monday' });

    const final = await mark(id, 'admin', { language_id: lang.es, final: 'true', note: '' });
    expect(final.json.data).toMatchObject({ final: true, note: null });
    expect((await detail(id, 'acmeAdmin')).json.data.delivery_progress[1].final).toBe(true);
    expect((await detail(id, 'globexAdmin')).status).toBe(404);
  });

  it('in the zip, a translation keeps the name and extension it was delivered with', async () => {
    expect((await deliver(id, files[1]!.id, lang.es!, 'ch03.es.xlsx')).status).toBe(201);
    const zip = await call(t.app, 'GET', `/api/task/${id}/translations.zip`, { token: tokens.acmeUser });
    expect(zip.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(zip.raw.rawPayload))).sort()).toEqual([
      'es/a.es.txt',
      'es/ch03.es.xlsx',
    ]);
  });

  it('a DONE task is delivered in full: every language final', async () => {
    await setState(id, 'DONE');
    const progress = (await detail(id, 'acmeUser')).json.data.delivery_progress;
    expect(progress.map((p: { final: boolean }) => p.final)).toEqual([true, true]);
  });
});

describe('requested date', () => {
  it('optional on create, stored and shown; validated with translated errors', async () => {
    const none = await newTask();
    expect((await detail(none)).json.data.requested_date).toBeNull();
    const wanted = dayFromToday(20);
    const id = await newTask({ requested_date: wanted });
    expect((await detail(id, 'pm')).json.data.requested_date).toBe(wanted);

    const cases: Array<[string, string, string]> = [
      ['31/12/2030', 'en', 'Enter a valid date (YYYY-MM-DD).'],
      ['2030-02-30', 'es', 'Introduzca una fecha válida (AAAA-MM-DD).'],
      [dayFromToday(-2), 'ca', 'La data no pot ser anterior a avui.'],
      [dayFromToday(800), 'en', 'The date cannot be more than two years from today.'],
    ];
    for (const [value, locale, message] of cases) {
      const res = await send('/api/tasks/store-as-draft', form({ requested_date: value, lang: locale }), {
        'a.txt': 'Hello.',
      });
      expect(res.status, value).toBe(422);
      expect(res.json.errors.requested_date, value).toEqual([message]);
    }
  });

  it('on update: a new date is stored, an absent one kept, an empty one cleared', async () => {
    const id = await newTask({ requested_date: dayFromToday(10) });
    await t.database.db.update(tasks).set({ state: 'DRAFT' }).where(eq(tasks.id, id));
    const kept = (await detail(id)).json.data.source_files.map((f: { id: number }) => f.id);
    const update = async (extra: Record<string, string>) => {
      const res = await send(
        `/api/tasks/${id}/update`,
        form({ source_files: JSON.stringify(kept), ...extra }),
        {},
      );
      await t.app.jobs.idle();
      await t.database.db.update(tasks).set({ state: 'DRAFT' }).where(eq(tasks.id, id));
      return res;
    };
    expect((await update({ requested_date: dayFromToday(15) })).status).toBe(200);
    expect((await detail(id)).json.data.requested_date).toBe(dayFromToday(15));
    expect((await update({})).status).toBe(200);
    expect((await detail(id)).json.data.requested_date).toBe(dayFromToday(15));
    expect((await update({ requested_date: 'nope' })).status).toBe(422);
    expect((await update({ requested_date: '' })).status).toBe(200);
    expect((await detail(id)).json.data.requested_date).toBeNull();
  });
});

describe('GET /tasks?overdue=true', () => {
  it('past the due date and not DONE or CANCELLED, within what the caller may see; rows carry the due date', async () => {
    const past = new Date(Date.now() - 3 * 86_400_000);
    const future = new Date(Date.now() + 3 * 86_400_000);
    const late = await newTask();
    const done = await newTask();
    const cancelled = await newTask();
    const onTime = await newTask();
    await setState(late, 'IN_COURSE', past);
    await setState(done, 'DONE', past);
    await setState(cancelled, 'CANCELLED', past);
    await setState(onTime, 'APPROVED', future);
    const ids = async (role: RoleName, query = 'overdue=true&per_page=100') => {
      const res = await call(t.app, 'GET', `/api/tasks?${query}`, { token: tokens[role] });
      expect(res.status).toBe(200);
      return res.json.data.data as Array<{ id: number; due_date: string | null }>;
    };
    for (const role of ['admin', 'pm', 'acmeAdmin', 'acmeUser'] as const) {
      const rows = await ids(role);
      const mine = rows.map((r) => r.id).filter((i) => [late, done, cancelled, onTime].includes(i));
      expect(mine, role).toEqual([late]);
      expect(rows.find((r) => r.id === late)!.due_date).toBe(past.toISOString());
    }
    expect((await ids('globexAdmin')).map((r) => r.id)).not.toContain(late);
    // with a search too, and the usual list still lists the task on time
    expect((await ids('admin', 'overdue=true&search=Amounts')).map((r) => r.id)).toContain(late);
    expect((await ids('admin', 'overdue=true&search=Amounts')).map((r) => r.id)).not.toContain(onTime);
    expect((await ids('admin', 'per_page=100')).map((r) => r.id)).toContain(onTime);
    const refused = await call(t.app, 'GET', '/api/tasks?overdue=maybe', { token: tokens.admin });
    expect(refused.status).toBe(422);
  });
});
