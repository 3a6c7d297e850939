import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DEMO, createTestApp, type TestApp } from '../../../test/harness.ts';
import { actionLogs, customers, languages, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemActor, type Actor } from '../../lib/service.ts';
import { addHoliday, listHolidays, removeHoliday } from './service/holidays.ts';
import { getMinimumRates, saveGlobalGrid, saveMinimumRates } from './service/pricing-config.ts';
import { createRate, listGeneralRates, setRateEnabled } from './service/rates.ts';
import { ratesTemplate } from './service/rates-excel.ts';

/** The services take plain inputs (ADR 0007): a job or the CLI calls them without a request. */

let t: TestApp;
let admin: Actor;
let acmeAdmin: Actor;
let acme: number;
let globex: number;
const lang: Record<string, number> = {};

async function actorFor(email: string): Promise<Actor> {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!u) throw new Error(`no user ${email}`);
  return systemActor({
    id: u.id,
    type: u.type,
    email: u.email,
    name: u.name,
    lastname: u.lastname,
    language: u.language,
    customer_id: u.customer_id,
    session_id: 0,
  });
}

const logRows = async () => (await t.database.db.select({ n: count() }).from(actionLogs))[0]?.n ?? 0;

/** The status a service refuses with (AppError), or 'ok'. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (err: unknown) => (err instanceof AppError ? err.status : err),
  );

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await actorFor(DEMO.admin);
  acmeAdmin = await actorFor(DEMO.acmeAdmin);
  acme = (await db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!.id;
  globex = (await db.select().from(customers).where(eq(customers.name, 'Globex')))[0]!.id;
  for (const row of await db.select().from(languages)) lang[row.iso_code] = row.id;
});
afterAll(() => t.close());

describe('rate services', () => {
  it('create a rate and hand back the log entry, writing no log row themselves', async () => {
    const before = await logRows();
    const result = await createRate(t.app, admin, {
      source_lang: lang.en!,
      target_lang: lang.it!,
      r1: '0.0900',
      r2: '31.00',
      customer_id: acme,
    });
    expect(result.data).toMatchObject({ r1: '0.0900', customer_id: acme, from: 'customer' });
    expect(result.log).toEqual({
      key: 'rates.created_customer',
      params: { customer: 'Acme', source: 'en', target: 'it', r1: '0.0900', r2: '31.00' },
      customerId: acme,
    });
    expect(await logRows()).toBe(before);
  });

  it('apply the rules to the actor: the general list is the staff one', async () => {
    expect(await refusal(listGeneralRates(t.app, acmeAdmin, { page: 1, per_page: 10 }))).toBe(403);
    const page = await listGeneralRates(t.app, admin, { page: 1, per_page: 10 });
    expect(page).toMatchObject({ current_page: 1, per_page: 10 });
  });

  it('enable a general rate only for a customer that exists', async () => {
    const general = await createRate(t.app, admin, {
      source_lang: lang.en!,
      target_lang: lang.nl!,
      r1: '0.1000',
      r2: '30.00',
      default_group: true,
    });
    const enabled = await setRateEnabled(t.app, globex, general.data.id, true);
    expect(enabled.data).toEqual({ customer_id: globex, rate_id: general.data.id, enabled: true });
    expect(enabled.log).toMatchObject({
      key: 'rates.enabled',
      params: { id: general.data.id, name: 'Globex' },
    });
    expect(await refusal(setRateEnabled(t.app, 999999, general.data.id, true))).toBe(404);
  });

  it('write the Excel template in the actor language', async () => {
    expect((await ratesTemplate(admin)).byteLength).toBeGreaterThan(0);
  });
});

describe('pricing configuration services', () => {
  it('save minimum rates and read them back for the actor', async () => {
    const saved = await saveMinimumRates(t.app, admin, acme, {
      customer_minimum_rates: true,
      minimum_rates: [{ translation_type_id: 1, hour: '2.00', amount: '40.00' }],
    });
    expect(saved.data.customer_minimum_rates).toBe(true);
    expect(saved.log?.customerId).toBe(acme);
    const read = await getMinimumRates(t.app, acmeAdmin, acme);
    expect(read.minimum_rates.find((m) => m.translation_type_id === 1)).toMatchObject({
      hour: '2.00',
      amount: '40.00',
    });
    // another customer's are as if they did not exist
    expect(await refusal(getMinimumRates(t.app, acmeAdmin, globex))).toBe(404);
  });

  it('save the global grid', async () => {
    const grid = {
      repetitions: '30.00',
      percent101: '30.00',
      percent100: '30.00',
      percent95: '60.00',
      percent85: '60.00',
      percent75: '100.00',
      percent50: '100.00',
      no_match: '100.00',
    };
    const result = await saveGlobalGrid(t.app, grid);
    expect(result.data).toEqual({ customer_id: null, custom: false, grid });
    expect(result.log).toEqual({ key: 'grid.updated', customerId: null });
  });
});

describe('holiday services', () => {
  it('add, list and remove a holiday', async () => {
    const values = {
      date: '2027-12-30',
      region: 'ES',
      name_en: 'Closed',
      name_es: 'Cerrado',
      name_ca: 'Tancat',
    };
    const added = await addHoliday(t.app, { ...values, lang: 'en' });
    expect(added.data).toEqual(values);
    expect(await listHolidays(t.app, { year: 2027, region: 'es' })).toContainEqual(values);
    expect(await refusal(addHoliday(t.app, values))).toBe(422);
    const removed = await removeHoliday(t.app, '2027-12-30', 'es');
    expect(removed).toEqual({
      data: { deleted: true },
      log: {
        key: 'holidays.deleted',
        params: { date: '2027-12-30', region: 'ES', name: 'Closed' },
        customerId: null,
      },
    });
    expect(await refusal(removeHoliday(t.app, '2027-12-30', 'ES'))).toBe(404);
  });
});
