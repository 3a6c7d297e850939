import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../issue.ts';
import { asc, eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../../test/harness.ts';
import { ROLE_NAMES, tokensByRole, type RoleName } from '../../../../test/roles.ts';
import { invoiceScenario } from '../../../../test/invoice-fixtures.ts';
import { VERIFACTU_TEST } from '../../../../test/verifactu-fixtures.ts';
import { tasks, verifactuChain, verifactuRecords } from '../../../db/schema/index.ts';
import { startSimulatedAeat, type SimulatedAeat } from './simulated-aeat.ts';
import { regFactu } from './submission-xml.ts';
import { brokenRecord } from './verify.ts';
import { validateRegFactu } from './xsd.ts';

let t: TestApp;
let sim: SimulatedAeat;
let tokens: Record<RoleName, string>;
let s: Awaited<ReturnType<typeof invoiceScenario>>;
const nif = VERIFACTU_TEST.issuer.nif;
const config = () => ({ ...VERIFACTU_TEST, submit: true, endpoint: sim.url });

beforeAll(async () => {
  sim = await startSimulatedAeat();
  sim.behave('accept', 0);
  t = await createTestApp({ verifactu: config() });
  tokens = await tokensByRole(t.app);
  s = await invoiceScenario(t, tokens);
  await t.app.jobs.start();
});

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const recordsOf = (invoiceId: number) =>
  t.database.db
    .select()
    .from(verifactuRecords)
    .where(eq(verifactuRecords.invoice_id, invoiceId))
    .orderBy(asc(verifactuRecords.id));
const chain = () =>
  t.database.db
    .select()
    .from(verifactuRecords)
    .where(eq(verifactuRecords.issuer_nif, nif))
    .orderBy(asc(verifactuRecords.id));
const head = async () => (await t.database.db.select().from(verifactuChain))[0];

async function issueOne(customer = s.acme): Promise<{ id: number; folio: string; taskId: number }> {
  const task = await s.makeTask(customer, 'APPROVED', '10.00');
  const res = await s.issue(await s.body(customer, [task.id], '12.10'));
  expect(res.status).toBe(201);
  return { ...res.json.data, taskId: task.id };
}

const voidIt = (
  id: number,
  token: string | undefined,
  body: unknown = { reason: 'Issued to the wrong customer' },
) => call(t.app, 'POST', `/api/invoices/${id}/void`, { token, body });
const retry = (id: number, token: string | undefined, lang?: string) =>
  call(t.app, 'POST', `/api/invoices/${id}/verifactu/retry`, { token, query: lang ? { lang } : undefined });

describe('Voiding an invoice issued in error', () => {
  // A client role lacks invoices:issue altogether, so its own customer's invoice and another's are
  // refused alike (403) by the route's permission, before the invoice is looked up: nothing leaks.
  it('is for the provider admin only: every other role is refused', async () => {
    const invoice = await issueOne();
    const expected: Record<RoleName, number> = {
      admin: 200,
      pm: 403,
      acmeAdmin: 403,
      acmeUser: 403,
      globexAdmin: 403,
    };
    const seen: Record<string, number> = {};
    // The refused first, so the admin's void does not change what they are answered.
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin'))
      seen[role] = (await voidIt(invoice.id, tokens[role])).status;
    seen.admin = (await voidIt(invoice.id, tokens.admin)).status;
    expect(seen).toEqual(expected);
    expect((await voidIt(invoice.id, undefined)).status).toBe(401);
    expect((await recordsOf(invoice.id)).map((r) => r.record_type)).toEqual(['alta', 'anulacion']);
  });

  it('makes a RegistroAnulacion chained at the head, valid against the XSD, and frees the invoice’s tasks', async () => {
    const invoice = await issueOne();
    const res = await voidIt(invoice.id, tokens.admin);
    expect(res.status).toBe(200);
    const [alta, anulacion] = await recordsOf(invoice.id);
    expect(anulacion).toMatchObject({
      record_type: 'anulacion',
      tipo_factura: null,
      num_serie: invoice.folio,
    });
    expect(anulacion!.previous_huella).toBe(alta!.huella);
    expect((await head())!.last_huella).toBe(anulacion!.huella);
    expect(anulacion!.xml).toContain(
      `<sf:IDFactura><sf:IDEmisorFacturaAnulada>${nif}</sf:IDEmisorFacturaAnulada><sf:NumSerieFacturaAnulada>${invoice.folio}</sf:NumSerieFacturaAnulada>`,
    );
    expect(anulacion!.xml).not.toContain('SinRegistroPrevio');
    expect(await validateRegFactu(regFactu(VERIFACTU_TEST.issuer, [anulacion!.xml]))).toBeNull();
    expect(await brokenRecord(t.database.db, nif)).toBeNull();
    expect(res.json.data.verifactu).toMatchObject({
      record_type: 'anulacion',
      tipo_factura: null,
      huella: anulacion!.huella,
      previous_huella: alta!.huella,
    });
    expect(res.json.data.abilities).toMatchObject({
      can_void: false,
      can_rectify: false,
      can_mark_paid: false,
      can_retry_verifactu: false,
    });
    // The folio stays in the series: the invoice is still there, under its number, shown voided.
    expect(res.json.data).toMatchObject({ folio: invoice.folio, voided: true });
    const other = await issueOne();
    const list = await call(t.app, 'GET', '/api/invoices', {
      token: tokens.admin,
      query: { per_page: '100' },
    });
    const rows = list.json.data.data as Array<{ id: number; voided: boolean }>;
    expect(rows.find((r) => r.id === invoice.id)!.voided).toBe(true);
    expect(rows.find((r) => r.id === other.id)!.voided).toBe(false);
    const [task] = await t.database.db.select().from(tasks).where(eq(tasks.id, invoice.taskId));
    expect(task!.invoice_id).toBeNull();
  });

  it('takes the invoice out of those pending payment and of those paid (it shows no payment state)', async () => {
    const issue = async () => {
      const task = await s.makeTask(s.globex, 'DEFERRED', '10.00');
      const res = await s.issue(await s.body(s.globex, [task.id], '12.10'));
      expect(res.status).toBe(201);
      expect(res.json.data.payment_status).toBe('pending');
      return res.json.data as { id: number };
    };
    /** The ids the list filtered by payment status shows; its total must count the same rows. */
    const listed = async (status: 'pending' | 'paid', token = tokens.admin) => {
      const res = await call(t.app, 'GET', '/api/invoices', {
        token,
        query: { per_page: '100', status },
      });
      const ids = (res.json.data.data as Array<{ id: number }>).map((r) => r.id);
      expect(res.json.data.total).toBe(ids.length);
      return ids;
    };
    const [voided, owed] = [await issue(), await issue()];
    expect((await voidIt(voided.id, tokens.admin)).status).toBe(200);
    // The provider's admin and the customer's own admin alike (one list query for every role).
    for (const token of [tokens.admin, tokens.globexAdmin]) {
      const ids = await listed('pending', token);
      expect(ids).toContain(owed.id);
      expect(ids).not.toContain(voided.id);
    }

    const [paidThenVoided, paid] = [await issue(), await issue()];
    for (const { id } of [paidThenVoided, paid]) {
      const res = await call(t.app, 'PUT', `/api/invoices/${id}/paid`, {
        token: tokens.admin,
        body: { paid_at: today(), method: 'transfer' },
      });
      expect(res.status).toBe(200);
    }
    expect((await voidIt(paidThenVoided.id, tokens.admin)).status).toBe(200);
    for (const token of [tokens.admin, tokens.globexAdmin]) {
      const paidIds = await listed('paid', token);
      expect(paidIds).toContain(paid.id);
      expect(paidIds).not.toContain(paidThenVoided.id);
    }

    // The accountant's CSV keeps every folio and says which ones were voided, and on which day.
    const csv = await call(t.app, 'GET', '/api/invoices/export', { token: tokens.admin });
    const rows = (csv.raw.body as string)
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const column = rows[0]!.indexOf('voided_at');
    const rowOf = async (id: number) => {
      const { folio } = (await call(t.app, 'GET', `/api/invoices/${id}`, { token: tokens.admin })).json.data;
      return rows.find((r) => r[0] === folio)!;
    };
    for (const { id } of [voided, paidThenVoided])
      expect((await rowOf(id))[column]).toMatch(/^\d{4}-\d\d-\d\d$/);
    for (const { id } of [owed, paid]) expect((await rowOf(id))[column]).toBe('');
  });

  it('is sent by the submission queue and accepted by the simulated AEAT', async () => {
    const invoice = await issueOne();
    await t.app.jobs.idle();
    expect((await recordsOf(invoice.id))[0]!.state).toBe('accepted');
    await voidIt(invoice.id, tokens.admin);
    await t.app.jobs.idle();
    const [, anulacion] = await recordsOf(invoice.id);
    expect(anulacion!.state).toBe('accepted');
    expect(sim.requests.at(-1)).toContain('<sf:RegistroAnulacion>');
  });

  it('refuses, translated, what cannot be voided: again, a corrective invoice, a corrected one, one without a record', async () => {
    const voided = await issueOne();
    expect((await voidIt(voided.id, tokens.admin)).status).toBe(200);
    const again = await voidIt(voided.id, tokens.admin, { reason: 'x', lang: 'es' });
    expect(again.status).toBe(422);
    expect(again.json.message).toBe('Esta factura está anulada.');
    const rectify = await call(t.app, 'POST', `/api/invoices/${voided.id}/rectify`, {
      token: tokens.admin,
      body: { reason: 'x', lang: 'ca' },
    });
    expect(rectify.status).toBe(422);
    expect(rectify.json.message).toBe('Aquesta factura està anul·lada.');

    const original = await issueOne();
    const corrective = await call(t.app, 'POST', `/api/invoices/${original.id}/rectify`, {
      token: tokens.admin,
      body: { reason: 'Wrong price' },
    });
    expect(corrective.status).toBe(201);
    const onCorrected = await voidIt(original.id, tokens.admin, { reason: 'x', lang: 'en' });
    expect(onCorrected.status).toBe(422);
    expect(onCorrected.json.message).toMatch(/already has a corrective invoice/);
    const onCorrective = await voidIt(corrective.json.data.id, tokens.admin, { reason: 'x', lang: 'es' });
    expect(onCorrective.status).toBe(422);
    expect(onCorrective.json.message).toBe('Una factura rectificativa no se puede anular.');

    t.app.config.verifactu = { ...config(), mode: 'off' };
    const before = await issueOne();
    t.app.config.verifactu = config();
    const unregistered = await voidIt(before.id, tokens.admin, { reason: 'x', lang: 'ca' });
    expect(unregistered.status).toBe(422);
    expect(unregistered.json.message).toMatch(/registrada a l'AEAT/);
    const noReason = await voidIt(original.id, tokens.admin, {});
    expect(noReason.status).toBe(422);
    expect(noReason.json.errors.reason).toBeDefined();
  });

  it('leaves no record, no chain link and its tasks invoiced when it fails mid-way', async () => {
    const invoice = await issueOne();
    // The submission of the issue moves the head's next_send_at: let it finish first.
    await t.app.jobs.idle();
    const before = { head: await head(), count: (await chain()).length };
    const enqueue = t.app.jobs.enqueue;
    t.app.jobs.enqueue = () => Promise.reject(new Error('queue down'));
    try {
      expect((await voidIt(invoice.id, tokens.admin)).status).toBe(500);
    } finally {
      t.app.jobs.enqueue = enqueue;
    }
    expect((await chain()).length).toBe(before.count);
    expect(await head()).toEqual(before.head);
    const [task] = await t.database.db.select().from(tasks).where(eq(tasks.id, invoice.taskId));
    expect(task!.invoice_id).toBe(invoice.id);
    expect((await voidIt(invoice.id, tokens.admin)).status).toBe(200);
  });
});

describe("Another customer's invoice", () => {
  // Wherever a client reads invoices, another customer's invoice (voided or not) is answered as
  // one that does not exist: the same translated 404, so not even its existence leaks.
  it('answers 404, as an id that does not exist, to both client roles of another customer', async () => {
    const task = await s.makeTask(s.globex, 'DEFERRED', '10.00');
    const issued = await s.issue(await s.body(s.globex, [task.id], '12.10'));
    expect(issued.status).toBe(201);
    const voided = issued.json.data.id as number;
    expect((await voidIt(voided, tokens.admin)).status).toBe(200);
    const plain = (await issueOne(s.globex)).id;
    const missing = 2_000_000;
    const read = (path: string, token: string, lang: string) =>
      call(t.app, 'GET', `/api/invoices/${path}`, { token, headers: { 'accept-language': lang } });

    for (const lang of ['en', 'es', 'ca']) {
      const nowhere = await read(String(missing), tokens.acmeAdmin, lang);
      expect(nowhere.status).toBe(404);
      for (const id of [voided, plain])
        for (const path of [`${id}`, `${id}/pdf`]) {
          const res = await read(path, tokens.acmeAdmin, lang);
          expect(res.status, `${path} ${lang}`).toBe(404);
          expect(res.json).toEqual(nowhere.json);
          // A client user reads no invoice at all (invoices:view is the client admin's).
          expect((await read(path, tokens.acmeUser, lang)).status).toBe(403);
        }
    }
    const messages = await Promise.all(
      ['en', 'es', 'ca'].map(async (lang) => (await read(`${voided}`, tokens.acmeAdmin, lang)).json.message),
    );
    expect(new Set(messages).size).toBe(3);
    // The owner reads both; the list never names them to another customer, whatever it asks.
    expect((await read(`${voided}`, tokens.globexAdmin, 'en')).status).toBe(200);
    const list = await call(t.app, 'GET', '/api/invoices', {
      token: tokens.acmeAdmin,
      query: { customer_id: String(s.globex), per_page: '100' },
    });
    expect(list.status).toBe(200);
    const ids = (list.json.data.data as Array<{ id: number; customer: { id: number } }>).map((r) => r.id);
    expect(ids).not.toContain(voided);
    expect(ids).not.toContain(plain);
    // Acting on it is staff-only: refused by the permission before any lookup.
    for (const token of [tokens.acmeAdmin, tokens.acmeUser]) {
      expect((await voidIt(plain, token)).status).toBe(403);
      expect((await retry(voided, token)).status).toBe(403);
    }
  });
});

describe('Subsanación of a rejected record', () => {
  it('replaces a rejected RegistroAlta by a new one (Subsanacion S, RechazoPrevio S) that the AEAT accepts; the old one is untouched', async () => {
    sim.behave('reject', 0);
    const invoice = await issueOne();
    await t.app.jobs.idle();
    sim.behave('accept', 0);
    const [rejected] = await recordsOf(invoice.id);
    expect(rejected!.state).toBe('rejected');
    const detail = await call(t.app, 'GET', `/api/invoices/${invoice.id}`, { token: tokens.admin });
    expect(detail.json.data.abilities.can_retry_verifactu).toBe(true);

    // Corrected: the issuer's name as the AEAT knows it.
    t.app.config.verifactu = {
      ...config(),
      issuer: { ...VERIFACTU_TEST.issuer, name: 'Verba Traducciones, S.L.' },
    };
    const res = await retry(invoice.id, tokens.admin);
    t.app.config.verifactu = config();
    expect(res.status).toBe(200);
    const [old, fresh] = await recordsOf(invoice.id);
    expect(old).toEqual({ ...rejected, state: 'rejected' });
    expect(fresh).toMatchObject({ record_type: 'alta', tipo_factura: 'F1', num_serie: invoice.folio });
    expect(fresh!.xml).toContain(
      '<sf:NombreRazonEmisor>Verba Traducciones, S.L.</sf:NombreRazonEmisor><sf:Subsanacion>S</sf:Subsanacion><sf:RechazoPrevio>S</sf:RechazoPrevio><sf:TipoFactura>F1</sf:TipoFactura>',
    );
    expect(fresh!.previous_huella).toBe((await chain()).at(-2)!.huella);
    expect(await validateRegFactu(regFactu(VERIFACTU_TEST.issuer, [fresh!.xml]))).toBeNull();
    expect(await brokenRecord(t.database.db, nif)).toBeNull();

    await t.app.jobs.idle();
    const [, sent] = await recordsOf(invoice.id);
    expect(sent!.state).toBe('accepted');
    const after = await call(t.app, 'GET', `/api/invoices/${invoice.id}`, { token: tokens.acmeAdmin });
    expect(after.json.data.verifactu).toMatchObject({ state: 'accepted', huella: sent!.huella });
    expect(after.json.data.abilities.can_retry_verifactu).toBe(false);
    const twice = await retry(invoice.id, tokens.admin, 'es');
    expect(twice.status).toBe(422);
    expect(twice.json.message).toMatch(/rechazado/);
  });

  it('is for the provider admin only; a rejected anulación is made again with RechazoPrevio S', async () => {
    sim.behave('reject', 0);
    const invoice = await issueOne();
    await t.app.jobs.idle();
    expect((await voidIt(invoice.id, tokens.admin)).status).toBe(200);
    await t.app.jobs.idle();
    sim.behave('accept', 0);
    const [, anulacion] = await recordsOf(invoice.id);
    // Its RegistroAlta never reached the AEAT's books.
    expect(anulacion!.xml).toContain('<sf:SinRegistroPrevio>S</sf:SinRegistroPrevio>');
    expect(anulacion!.state).toBe('rejected');

    const seen: Record<string, number> = {};
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin'))
      seen[role] = (await retry(invoice.id, tokens[role])).status;
    expect(seen).toEqual({ pm: 403, acmeAdmin: 403, acmeUser: 403, globexAdmin: 403 });
    expect((await retry(invoice.id, undefined)).status).toBe(401);
    expect((await retry(invoice.id, tokens.admin)).status).toBe(200);
    const [, , again] = await recordsOf(invoice.id);
    expect(again!.record_type).toBe('anulacion');
    expect(again!.xml).toContain(
      '<sf:SinRegistroPrevio>S</sf:SinRegistroPrevio><sf:RechazoPrevio>S</sf:RechazoPrevio>',
    );
    expect(await validateRegFactu(regFactu(VERIFACTU_TEST.issuer, [again!.xml]))).toBeNull();
    await t.app.jobs.idle();
    expect((await recordsOf(invoice.id))[2]!.state).toBe('accepted');
  });
});

describe('Subsanación of a record accepted with errors', () => {
  it('replaces a RegistroAlta the AEAT accepted with errors (Subsanacion S, RechazoPrevio N); an anulación accepted with errors stands', async () => {
    sim.behave('accept_with_errors', 0);
    const invoice = await issueOne();
    await t.app.jobs.idle();
    sim.behave('accept', 0);
    const [withErrors] = await recordsOf(invoice.id);
    expect(withErrors!.state).toBe('accepted_with_errors');
    const detail = await call(t.app, 'GET', `/api/invoices/${invoice.id}`, { token: tokens.admin });
    expect(detail.json.data.abilities.can_retry_verifactu).toBe(true);
    const client = await call(t.app, 'GET', `/api/invoices/${invoice.id}`, { token: tokens.acmeAdmin });
    expect(client.json.data.abilities.can_retry_verifactu).toBe(false);

    const seen: Record<string, number> = {};
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin'))
      seen[role] = (await retry(invoice.id, tokens[role])).status;
    expect(seen).toEqual({ pm: 403, acmeAdmin: 403, acmeUser: 403, globexAdmin: 403 });
    const res = await retry(invoice.id, tokens.admin);
    expect(res.status).toBe(200);
    const [old, fresh] = await recordsOf(invoice.id);
    expect(old).toEqual(withErrors);
    expect(fresh).toMatchObject({ record_type: 'alta', tipo_factura: 'F1' });
    // Its submission is queued, and taken at once: it may be on its way already.
    expect(['pending', 'sent', 'accepted']).toContain(fresh!.state);
    expect(fresh!.xml).toContain(
      '<sf:Subsanacion>S</sf:Subsanacion><sf:RechazoPrevio>N</sf:RechazoPrevio><sf:TipoFactura>F1</sf:TipoFactura>',
    );
    expect(fresh!.previous_huella).toBe((await chain()).at(-2)!.huella);
    expect(await validateRegFactu(regFactu(VERIFACTU_TEST.issuer, [fresh!.xml]))).toBeNull();
    expect(await brokenRecord(t.database.db, nif)).toBeNull();
    await t.app.jobs.idle();
    expect((await recordsOf(invoice.id))[1]!.state).toBe('accepted');
    expect((await retry(invoice.id, tokens.admin)).status).toBe(422);

    // An anulación accepted with errors: the AEAT has no subsanación for it.
    sim.behave('accept_with_errors', 0);
    expect((await voidIt(invoice.id, tokens.admin)).status).toBe(200);
    await t.app.jobs.idle();
    sim.behave('accept', 0);
    expect((await recordsOf(invoice.id))[2]).toMatchObject({
      record_type: 'anulacion',
      state: 'accepted_with_errors',
    });
    const refused = await retry(invoice.id, tokens.admin, 'ca');
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/acceptat amb errors/);
    expect(await recordsOf(invoice.id)).toHaveLength(3);
  });
});
