import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, type TestApp } from '../../../test/harness.ts';
import { customers, users } from '../schema/index.ts';
import { seedDemoContent } from './demo-content.ts';
import { DEMO_GUEST_TOKEN } from './demo-guest.ts';

type Bands = Record<
  'total_words' | 'percent101' | 'percent100' | 'percent95' | 'percent85' | 'percent75' | 'percent50',
  number
>;

let t: TestApp;
let admin: string;

const byName = (rows: Array<{ description: string }>, description: string) =>
  rows.find((r) => r.description === description) as unknown as { id: number; state: string };

/** The task list shows cancelled tasks only when asked (`showCancelled`), and then only them. */
async function allTasks(): Promise<Array<{ id: number; description: string; state: string }>> {
  const page = async (showCancelled: string) =>
    (await call(t.app, 'GET', '/api/tasks', { token: admin, query: { per_page: '100', showCancelled } })).json
      .data.data;
  return [...(await page('false')), ...(await page('true'))];
}

beforeAll(async () => {
  // The harness seeds the demo accounts only; the server also gives the app, which adds the content.
  t = await createTestApp();
  const db = t.database.db;
  const [acme] = await db.select().from(customers).where(eq(customers.name, 'Acme'));
  const [globex] = await db.select().from(customers).where(eq(customers.name, 'Globex'));
  const [boss] = await db.select().from(users).where(eq(users.email, DEMO.admin));
  await seedDemoContent(t.app, {
    acme: acme!.id,
    globex: globex!.id,
    admin: boss!.id,
    password: DEMO_PASSWORD,
  });
  admin = await login(t.app, DEMO.admin);
}, 120_000);
afterAll(() => t.close());

describe('the demo as shipped', () => {
  it('has tasks in every state, analysed and priced', async () => {
    const list = await allTasks();
    expect(Object.fromEntries(list.map((r) => [r.description, r.state]))).toEqual({
      'Cloud Backup user guide': 'DRAFT',
      'Release notes 4.2 (French)': 'CANCELLED',
      'Release notes 4.2 (German and Italian)': 'APPROVED',
      'Release notes 4.2 (Spanish)': 'DONE',
      'Services agreement summary': 'DEFERRED',
      // the guest quote request of the demo
      'Quote request: Initech Ltd (Gina Guest)': 'TEMPORAL',
      'Cloud Backup user guide (German)': 'IN_COURSE',
      'Press release: Cloud Backup 5 launch': 'IN_COURSE',
    });
    // Every task, the guest's quote request included, has its sample file analysed and a price.
    for (const row of list) {
      const detail = (
        await call(t.app, 'GET', `/api/task/${byName(list, row.description).id}`, { token: admin })
      ).json.data;
      expect(Number(detail.taxed_price), row.description).toBeGreaterThan(0);
      expect(detail.source_files[0].word_count[0].total_words, row.description).toBeGreaterThan(100);
      expect(detail.state_changes?.length ?? detail.history?.length ?? 1, row.description).toBeGreaterThan(0);
    }
  });

  it('has the guest quote request at its fixed link, as task 1, with its file, words per language and price', async () => {
    const list = await allTasks();
    const guest = byName(list, 'Quote request: Initech Ltd (Gina Guest)');
    expect(guest.id).toBe(1);
    const view = (await call(t.app, 'GET', `/api/task/temporal/${DEMO_GUEST_TOKEN}`)).json.data;
    expect(view).toMatchObject({
      state: 'TEMPORAL',
      code: '1',
      comments: 'Release notes for our customers in France.',
      target_languages: [expect.objectContaining({ iso_code: 'fr' })],
      price_to_be_confirmed: false,
      can_pay: true,
      tax_name: null,
    });
    expect(view.files).toEqual([
      {
        file_name: 'release-notes.txt',
        error_key: null,
        words: [{ language_id: view.target_languages[0].id, total_words: expect.any(Number) }],
      },
    ]);
    expect(view.files[0].words[0].total_words).toBeGreaterThan(100);
    expect(Number(view.taxed_price)).toBeGreaterThanOrEqual(30); // the general minimum, at least
    expect(view.due_date).not.toBeNull();
  });

  it("quotes the user guide against Acme's memory: in-context, exact and fuzzy matches", async () => {
    const list = await allTasks();
    const draft = (
      await call(t.app, 'GET', `/api/task/${byName(list, 'Cloud Backup user guide').id}`, { token: admin })
    ).json.data;
    const counts = draft.source_files[0].word_count as Array<Bands>;
    const es = counts.find((c) => c.total_words && c.percent100 + c.percent101 > 0)!;
    expect(es.percent101).toBeGreaterThan(0);
    expect(es.percent100).toBeGreaterThan(0);
    expect(es.percent95 + es.percent85 + es.percent75 + es.percent50).toBeGreaterThan(0);
    // Catalan has no memory: nothing matches
    const ca = counts.find((c) => c !== es)!;
    expect(ca.percent100 + ca.percent101 + ca.percent95 + ca.percent85 + ca.percent75).toBe(0);
  });

  it('the card payments, the delivery, the bonus and the memory are there', async () => {
    const list = await allTasks();
    const approved = (
      await call(t.app, 'GET', `/api/task/${byName(list, 'Release notes 4.2 (German and Italian)').id}`, {
        token: admin,
      })
    ).json.data;
    expect(approved.payments.length).toBeGreaterThan(0);
    const done = (
      await call(t.app, 'GET', `/api/task/${byName(list, 'Release notes 4.2 (Spanish)').id}`, {
        token: admin,
      })
    ).json.data;
    expect(JSON.stringify(done)).toContain('release-notes.es.txt');
    const acmeAdmin = await login(t.app, DEMO.acmeAdmin);
    const memories = await call(t.app, 'GET', '/api/company/memories', { token: acmeAdmin });
    expect(memories.json.data).toEqual([expect.objectContaining({ source_lang: 'en', target_lang: 'es' })]);
    expect(memories.json.data[0].units).toBeGreaterThan(20);
    const globex = (
      await call(t.app, 'GET', '/api/customers', { token: admin, query: { per_page: '100' } })
    ).json.data.data.find((c: { name: string }) => c.name === 'Globex');
    const bonuses = await call(t.app, 'GET', '/api/bonuses', {
      token: admin,
      query: { customer_id: String(globex.id) },
    });
    expect(bonuses.json.data.balance).toBe('50.00');
    const logs = await call(t.app, 'GET', '/api/action-logs', { token: admin, query: { per_page: '100' } });
    expect(logs.json.data.total).toBeGreaterThan(10);
  });

  it('has one overdue task, of Acme, in course and listed by the overdue filter for its user', async () => {
    const acmeUser = await login(t.app, DEMO.acmeUser);
    const overdue = (
      await call(t.app, 'GET', '/api/tasks', { token: acmeUser, query: { overdue: 'true', per_page: '100' } })
    ).json.data;
    expect(overdue.data.map((r: { description: string }) => r.description)).toEqual([
      'Press release: Cloud Backup 5 launch',
    ]);
    const detail = (await call(t.app, 'GET', `/api/task/${overdue.data[0].id}`, { token: admin })).json.data;
    expect(detail.state).toBe('IN_COURSE');
    expect(new Date(detail.due_date).getTime()).toBeLessThan(Date.now());
    // Staff see it too; no other demo task is late.
    const staff = (await call(t.app, 'GET', '/api/tasks', { token: admin, query: { overdue: 'true' } })).json
      .data;
    expect(staff.total).toBe(1);
  });
});
