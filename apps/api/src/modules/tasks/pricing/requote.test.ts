import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../../test/harness.ts';
import { orderDraft, ownGeneralRate, pricingIds } from '../../../../test/pricing-fixtures.ts';
import { tokensByRole, type RoleName } from '../../../../test/roles.ts';
import { taskStateChanges, tasks } from '../../../db/schema/index.ts';

/**
 * DRAFT and TEMPORAL quotes follow the rates, minimums, grid and translation types in
 * the background, with a note in the history; staff may recalculate one at once; approved tasks
 * keep their price. The rate is this file's own pair (de→it), so demo rates never interfere.
 */
let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let acmeId: number;
let marketing: number;
let rateId: number;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  ({ lang, acmeId, marketing } = await pricingIds(t));
  rateId = await ownGeneralRate(t, { source: lang.de!, target: lang.it! }, [acmeId]);
  await t.app.jobs.start();
});
afterAll(() => t.close());

const draft = () =>
  orderDraft(t, {
    token: tokens.acmeUser,
    department: marketing,
    source: lang.de!,
    targets: [lang.it!],
    description: 'Katalog',
    file: { name: 'katalog.txt', content: 'Ein Katalog mit vielen Wörtern. '.repeat(40) },
  });

const taskRow = async (id: number) => (await db().select().from(tasks).where(eq(tasks.id, id)))[0]!;
const requotes = async (taskId: number) =>
  db()
    .select({ note: taskStateChanges.note, user: taskStateChanges.user_id })
    .from(taskStateChanges)
    .where(and(eq(taskStateChanges.task_id, taskId), eq(taskStateChanges.reason, 'requoted')))
    .orderBy(asc(taskStateChanges.id));

const setR1 = async (r1: string) => {
  const res = await call(t.app, 'PUT', `/api/rate/${rateId}`, {
    token: tokens.admin,
    body: { source_lang: lang.de, target_lang: lang.it, r1, r2: '30.00' },
  });
  expect(res.status).toBe(200);
  await t.app.jobs.idle();
};

describe('quotes follow the rates in the background', () => {
  it('a rate change re-prices a DRAFT, notes it in the history; an APPROVED task keeps its price', async () => {
    await setR1('0.1000');
    const open = await draft();
    const approved = await draft();
    await db().update(tasks).set({ state: 'APPROVED' }).where(eq(tasks.id, approved));
    const before = await taskRow(open);
    const approvedBefore = await taskRow(approved);

    await setR1('0.2000');
    const after = await taskRow(open);
    expect(Number(after.amount_to_pay)).toBeGreaterThan(Number(before.amount_to_pay));
    expect(after.price_version).toBeGreaterThan(before.price_version);
    const [note] = await requotes(open);
    expect(note!.note).toBe(`${before.amount_to_pay} → ${after.amount_to_pay} EUR (rate de>it changed)`);
    expect(note!.user).toBeNull();
    const detail = (await call(t.app, 'GET', `/api/task/${open}`, { token: tokens.acmeUser })).json.data;
    expect(detail.changes.at(-1)).toMatchObject({
      from_state: 'DRAFT',
      to_state: 'DRAFT',
      reason: 'requoted',
    });

    expect((await taskRow(approved)).amount_to_pay).toBe(approvedBefore.amount_to_pay);
    expect(await requotes(approved)).toHaveLength(0);
  });

  it('an unchanged price writes nothing', async () => {
    const open = await draft();
    const version = (await taskRow(open)).price_version;
    await setR1('0.2000');
    expect((await taskRow(open)).price_version).toBe(version);
    expect(await requotes(open)).toHaveLength(0);
  });

  it("a translation type's percent and the customer's minimums re-price too", async () => {
    const open = await draft();
    const first = (await taskRow(open)).amount_to_pay;
    const types = (await call(t.app, 'GET', '/api/translation-types', { token: tokens.admin })).json.data;
    const type = types.find((row: { id: number }) => row.id === 1);
    const saved = await call(t.app, 'PUT', '/api/translation-types/1', {
      token: tokens.admin,
      body: {
        percent: 150,
        name_en: type.name,
        name_es: type.name,
        name_ca: type.name,
        description_en: type.description || 'x',
        description_es: type.description || 'x',
        description_ca: type.description || 'x',
      },
    });
    expect(saved.status).toBe(200);
    await t.app.jobs.idle();
    const second = (await taskRow(open)).amount_to_pay;
    expect(Number(second)).toBeGreaterThan(Number(first));

    const minimum = await call(t.app, 'PUT', `/api/customers/${acmeId}/minimum-rates`, {
      token: tokens.admin,
      body: {
        customer_minimum_rates: true,
        minimum_rates: [{ translation_type_id: 1, hour: '0.00', amount: '999.00' }],
      },
    });
    expect(minimum.status).toBe(200);
    await t.app.jobs.idle();
    const third = await taskRow(open);
    expect(Number(third.base_price)).toBe(999);
    expect((await requotes(open)).map((r) => r.note)).toEqual([
      expect.stringContaining('translation type 1 set to 150.00 %'),
      expect.stringContaining('minimum rates changed'),
    ]);
  });
});

describe('staff recalculate a quote', () => {
  it('staff re-price a draft at once; clients may not; an approved task keeps its price (422)', async () => {
    const open = await draft();
    const as = (role: RoleName, id = open) =>
      call(t.app, 'POST', `/api/tasks/${id}/recalculate`, { token: tokens[role] });
    expect((await as('acmeAdmin')).status).toBe(403);
    expect((await as('acmeUser')).status).toBe(403);
    const res = await as('pm');
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: open, amount_to_pay: (await taskRow(open)).amount_to_pay });
    const notes = await requotes(open);
    expect(notes.at(-1)!.note).toContain('recalculated by staff');
    expect(notes.at(-1)!.user).not.toBeNull();

    await db().update(tasks).set({ state: 'APPROVED' }).where(eq(tasks.id, open));
    const refused = await call(t.app, 'POST', `/api/tasks/${open}/recalculate`, {
      token: tokens.admin,
      headers: { 'accept-language': 'es' },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/mantiene su precio/);
  });
});
