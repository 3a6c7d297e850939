import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { tokensByRole, type RoleName } from '../../../../test/roles.ts';
import { invoiceScenario } from '../../../../test/invoice-fixtures.ts';
import { verifactuChain, verifactuRecords } from '../../../db/schema/index.ts';
import { VERIFACTU_TEST } from '../../../../test/verifactu-fixtures.ts';
import { startSimulatedAeat, type SimulatedAeat } from './simulated-aeat.ts';
import { regFactu } from './submission-xml.ts';
import { submitBatch } from './submit.ts';

let t: TestApp;
let sim: SimulatedAeat;
let tokens: Record<RoleName, string>;
let s: Awaited<ReturnType<typeof invoiceScenario>>;
const signal = new AbortController().signal;

beforeAll(async () => {
  sim = await startSimulatedAeat();
  sim.behave('accept', 0);
  t = await createTestApp({ verifactu: { ...VERIFACTU_TEST, submit: true, endpoint: sim.url } });
  tokens = await tokensByRole(t.app);
  s = await invoiceScenario(t, tokens);
  await t.app.jobs.start();
});

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

async function issueOne(): Promise<number> {
  const task = await s.makeTask(s.acme, 'APPROVED', '10.00');
  const res = await s.issue(await s.body(s.acme, [task.id], '12.10'));
  expect(res.status).toBe(201);
  return res.json.data.id;
}

const recordOf = async (invoiceId: number) =>
  (await t.database.db.select().from(verifactuRecords).where(eq(verifactuRecords.invoice_id, invoiceId)))[0]!;

describe('VeriFactu submission queue against the simulated AEAT', () => {
  it('sends the records of issued invoices and stores their acceptance', async () => {
    const before = sim.requests.length;
    const ids = [await issueOne(), await issueOne()];
    await t.app.jobs.idle();
    const rows = await t.database.db
      .select()
      .from(verifactuRecords)
      .where(inArray(verifactuRecords.invoice_id, ids));
    expect(rows.map((r) => r.state)).toEqual(['accepted', 'accepted']);
    expect(rows[0]!.aeat_response).toMatchObject({
      status: 'Correcto',
      code: null,
      csv: expect.stringMatching(/^SIM/),
    });
    expect(rows[0]!.sent_at).not.toBeNull();
    expect(sim.requests.length).toBeGreaterThan(before);
    expect(sim.requests.at(-1)).toContain('<sfLR:RegFactuSistemaFacturacion');
  });

  it('stores a rejection with the AEAT’s error code and text', async () => {
    sim.behave('reject', 0);
    const id = await issueOne();
    await t.app.jobs.idle();
    sim.behave('accept', 0);
    const row = await recordOf(id);
    expect(row.state).toBe('rejected');
    expect(row.aeat_response).toMatchObject({
      status: 'Incorrecto',
      code: '1100',
      text: expect.stringContaining('Valor o tipo incorrecto'),
    });
  });

  it('stores acceptance with errors', async () => {
    sim.behave('accept_with_errors', 0);
    const id = await issueOne();
    await t.app.jobs.idle();
    sim.behave('accept', 0);
    expect(await recordOf(id)).toMatchObject({
      state: 'accepted_with_errors',
      aeat_response: expect.objectContaining({ status: 'AceptadoConErrores', code: '2000' }),
    });
  });

  it('waits the TiempoEsperaEnvio the AEAT answered before sending the next batch', async () => {
    sim.behave('accept', 60);
    const first = await issueOne();
    await t.app.jobs.idle();
    expect((await recordOf(first)).state).toBe('accepted');
    const [head] = await t.database.db.select().from(verifactuChain);
    expect(head!.next_send_at!.getTime()).toBeGreaterThan(Date.now() + 55_000);

    const second = await issueOne();
    await t.app.jobs.idle();
    const sent = sim.requests.length;
    await submitBatch(t.app, signal);
    expect(sim.requests.length).toBe(sent);
    expect((await recordOf(second)).state).toBe('pending');

    sim.behave('accept', 0);
    await submitBatch(t.app, signal, () => new Date(Date.now() + 61_000));
    expect((await recordOf(second)).state).toBe('accepted');
    await t.database.db.update(verifactuChain).set({ next_send_at: null });
  });

  it('sends again what a stopped process left unanswered; a record the AEAT already holds counts as registered', async () => {
    sim.behave('http_error', 0);
    const lost = await issueOne();
    await t.app.jobs.idle();
    expect((await recordOf(lost)).state).toBe('sent');

    sim.behave('accept', 0);
    await submitBatch(t.app, signal);
    expect((await recordOf(lost)).state).toBe('accepted');

    // Accepted by the AEAT, but the answer never stored: sent again, answered as a duplicate (3000).
    await t.database.db
      .update(verifactuRecords)
      .set({ state: 'sent' })
      .where(eq(verifactuRecords.invoice_id, lost));
    await submitBatch(t.app, signal);
    expect(await recordOf(lost)).toMatchObject({
      state: 'accepted',
      aeat_response: expect.objectContaining({ code: '3000' }),
    });
  });

  it('rejects every record of a request the AEAT refuses as not valid against its schema', async () => {
    const id = await issueOne();
    await t.app.jobs.idle();
    const row = await recordOf(id);
    await t.database.db.update(verifactuChain).set({ next_send_at: null });
    await t.database.db
      .update(verifactuRecords)
      .set({ state: 'pending', xml: row.xml.replace('<sf:TipoHuella>01', '<sf:TipoHuella>02') })
      .where(eq(verifactuRecords.id, row.id));
    await submitBatch(t.app, signal);
    expect(await recordOf(id)).toMatchObject({
      state: 'rejected',
      aeat_response: expect.objectContaining({ status: 'Fault', code: '4102' }),
    });
    await t.database.db.update(verifactuChain).set({ next_send_at: null });
  });

  it('sends at most 1,000 records in a request', () => {
    expect(() => regFactu(VERIFACTU_TEST.issuer, Array(1001).fill('<x/>'))).toThrow(/1001/);
  });

  it('shows the record’s state, Huella and the AEAT’s answer on the invoice, and filters the list by state', async () => {
    // Whatever an earlier test's answer asked to wait for, these batches go now.
    const later = () => new Date(Date.now() + 3_600_000);
    await t.app.jobs.idle();
    sim.behave('reject', 0);
    const rejected = await issueOne();
    await t.app.jobs.idle();
    await submitBatch(t.app, signal, later);
    sim.behave('accept', 0);
    const accepted = await issueOne();
    await t.app.jobs.idle();
    await submitBatch(t.app, signal, later);
    const record = await recordOf(rejected);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${rejected}`,
      headers: { authorization: `Bearer ${tokens.acmeAdmin}` },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.verifactu).toEqual({
      record_type: 'alta',
      tipo_factura: 'F1',
      huella: record.huella,
      previous_huella: record.previous_huella,
      generated_at: record.generated_at,
      state: 'rejected',
      aeat_response: expect.objectContaining({ status: 'Incorrecto', code: '1100' }),
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/invoices?verifactu_state=rejected&per_page=100',
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    const ids = list.json().data.data.map((row: { id: number }) => row.id);
    expect(ids).toContain(rejected);
    expect(ids).not.toContain(accepted);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/invoices?verifactu_state=lost',
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(bad.statusCode).toBe(422);
  });
});
