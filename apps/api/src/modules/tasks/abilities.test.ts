import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { taskDetail, type TaskState } from '@verba/contracts';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { tokensByRole, ROLE_NAMES, type RoleName } from '../../../test/roles.ts';
import { customers, departments, languages, sourceFiles, tasks, users } from '../../db/schema/index.ts';
import { systemActor } from '../../lib/service.ts';
import { detail as taskDetailOf } from './detail.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let taskId: number;
let acmeId: number;
let spanish: number;

const db = () => t.database.db;
const detail = async (role: RoleName) => {
  const res = await call(t.app, 'GET', `/api/task/${taskId}`, { token: tokens[role] });
  expect(res.status).toBe(200);
  return res.json.data;
};
const abilities = async (role: RoleName) => (await detail(role)).abilities;
const setState = (state: TaskState) => db().update(tasks).set({ state }).where(eq(tasks.id, taskId));
const yes = (...keys: string[]) => ({
  can_edit: keys.includes('edit'),
  can_cancel: keys.includes('cancel'),
  can_reactivate: keys.includes('reactivate'),
  can_pay: keys.includes('pay'),
  can_send_to_production: keys.includes('send'),
  can_download_quote: keys.includes('quote'),
  can_change_status: keys.includes('status'),
  can_edit_concepts: keys.includes('concepts'),
  can_upload_translations: keys.includes('deliver'),
  can_download_translations: keys.includes('zip'),
  can_recalculate: keys.includes('recalculate'),
  can_delete: keys.includes('delete'),
  can_order_again: keys.includes('again'),
});

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  const lang = Object.fromEntries((await db().select().from(languages)).map((l) => [l.iso_code, l.id]));
  const [marketing] = await db().select().from(departments).where(eq(departments.title, 'Marketing'));
  const [acme] = await db().select().from(customers).where(eq(customers.name, 'Acme'));
  acmeId = acme!.id;
  spanish = lang.es!;
  await t.app.jobs.start();
  const body = await multipart(
    {
      description: 'Abilities',
      department: String(marketing!.id),
      source_language: String(lang.en),
      'target_languages[]': [String(lang.es)],
      translation_type: '1',
    },
    [{ name: 'intro.txt', content: 'The cat sat on the mat.' }],
  );
  const res = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
    token: tokens.acmeUser,
    body: body.payload,
    headers: body.headers,
  });
  expect(res.status).toBe(201);
  taskId = res.json.data.id;
  await t.app.jobs.idle();
});
afterAll(() => t.close());

describe('the task detail carries what the caller may do (policy + transition table)', () => {
  it('is exactly the contract schema: nothing the service returns is dropped, and it parses back', async () => {
    const reply = await detail('admin');
    expect(taskDetail.parse(reply)).toEqual(reply);
    const [admin] = await db().select().from(users).where(eq(users.email, 'admin@verba.test'));
    const actor = systemActor({
      ...admin!,
      type: 'VERBA_ADMIN',
      customer_id: null,
      session_id: 0,
      language: 'en',
    });
    expect(JSON.parse(JSON.stringify(await taskDetailOf(t.app, actor, taskId)))).toEqual(reply);
  });

  it('a priced draft of an on-demand customer: the client edits, cancels, pays; staff watch', async () => {
    expect(await abilities('acmeUser')).toEqual(yes('edit', 'cancel', 'pay', 'quote', 'again'));
    expect(await abilities('acmeAdmin')).toEqual(yes('edit', 'cancel', 'pay', 'quote', 'again'));
    expect(await abilities('pm')).toEqual(yes('quote', 'recalculate', 'concepts'));
    expect(await abilities('admin')).toEqual(yes('quote', 'recalculate', 'delete', 'concepts'));
  });

  it('a draft of a deferred-scheme customer goes to production instead (client or staff)', async () => {
    await db().update(customers).set({ payment_scheme: 'DEFERRED' }).where(eq(customers.id, acmeId));
    try {
      expect(await abilities('acmeUser')).toEqual(yes('edit', 'cancel', 'send', 'quote', 'again'));
      expect(await abilities('pm')).toEqual(yes('send', 'quote', 'recalculate', 'concepts'));
    } finally {
      await db().update(customers).set({ payment_scheme: 'ON_DEMAND' }).where(eq(customers.id, acmeId));
    }
  });

  it('an approved task: staff change its status and deliver; the client only orders it again', async () => {
    await setState('APPROVED');
    expect(await abilities('acmeUser')).toEqual(yes('again'));
    expect(await abilities('pm')).toEqual(yes('status', 'deliver', 'concepts'));
    expect(await abilities('admin')).toEqual(yes('status', 'deliver', 'delete', 'concepts'));
  });

  it('a cancelled task is reactivated by the client or staff', async () => {
    await setState('CANCELLED');
    expect(await abilities('acmeUser')).toEqual(yes('reactivate', 'again'));
    expect(await abilities('acmeAdmin')).toEqual(yes('reactivate', 'again'));
    expect(await abilities('pm')).toEqual(yes('reactivate'));
    expect(await abilities('admin')).toEqual(yes('reactivate', 'delete'));
  });

  it('other concepts are offered exactly when the API takes them: not on a cancelled task', async () => {
    await setState('CANCELLED');
    const concept = { task_id: taskId, concept: 'Layout', quantity: '1', price: '10' };
    for (const role of ['pm', 'admin'] as const) {
      expect((await abilities(role)).can_edit_concepts).toBe(false);
      const refused = await call(t.app, 'POST', '/api/other-concepts', {
        token: tokens[role],
        body: concept,
      });
      expect(refused.status).toBe(422);
      expect(refused.json.message).toBeTruthy();
    }
    for (const role of ['acmeUser', 'acmeAdmin'] as const) {
      expect((await abilities(role)).can_edit_concepts).toBe(false);
      const refused = await call(t.app, 'POST', '/api/other-concepts', {
        token: tokens[role],
        body: concept,
      });
      expect(refused.status).toBe(403);
    }
    await setState('DRAFT');
    expect((await abilities('pm')).can_edit_concepts).toBe(true);
  });

  it('once a translation is delivered, everyone who sees the task may download the zip', async () => {
    await setState('APPROVED');
    const [source] = await db().select().from(sourceFiles).where(eq(sourceFiles.task_id, taskId));
    const body = await multipart({ source_file_id: String(source!.id), language_id: String(spanish) }, [
      { field: 'file', name: 'es-intro.txt', content: 'El gato se sentó en la alfombra.' },
    ]);
    const delivered = await call(t.app, 'POST', `/api/tasks/${taskId}/uploadTranslatedFile`, {
      token: tokens.pm,
      body: body.payload,
      headers: body.headers,
    });
    expect(delivered.status).toBe(201);
    expect(await abilities('acmeUser')).toEqual(yes('zip', 'again'));
    expect(await abilities('pm')).toEqual(yes('status', 'deliver', 'zip', 'concepts'));
    const zip = await call(t.app, 'GET', `/api/task/${taskId}/translations.zip`, { token: tokens.acmeUser });
    expect(zip.status).toBe(200);
  });

  it('every role gets the whole set of abilities', async () => {
    await setState('DRAFT');
    for (const role of ROLE_NAMES.filter((r) => r !== 'globexAdmin'))
      expect(Object.keys(await abilities(role)).sort()).toEqual(Object.keys(yes()).sort());
  });
});
