import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { tokensByRole, type RoleName } from '../../../../test/roles.ts';
import { invoiceScenario } from '../../../../test/invoice-fixtures.ts';
import { customers, invoiceCounters, verifactuChain, verifactuRecords } from '../../../db/schema/index.ts';
import { VERIFACTU_TEST } from '../../../../test/verifactu-fixtures.ts';
import { regFactu } from './submission-xml.ts';
import { brokenRecord } from './verify.ts';
import { validateRegFactu } from './xsd.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let s: Awaited<ReturnType<typeof invoiceScenario>>;
const nif = VERIFACTU_TEST.issuer.nif;

const recordsOf = (invoiceId: number) =>
  t.database.db.select().from(verifactuRecords).where(eq(verifactuRecords.invoice_id, invoiceId));
const chain = () =>
  t.database.db
    .select()
    .from(verifactuRecords)
    .where(eq(verifactuRecords.issuer_nif, nif))
    .orderBy(asc(verifactuRecords.id));

beforeAll(async () => {
  t = await createTestApp({ verifactu: VERIFACTU_TEST });
  tokens = await tokensByRole(t.app);
  s = await invoiceScenario(t, tokens);
  await t.database.db.update(customers).set({ tin: 'FR40303265045' }).where(eq(customers.id, s.globex));
});

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-verifactu-'));

afterAll(async () => {
  await t?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** The invoice's PDF, its first page's QR codes as zbarimg reads them, its images' sizes in mm, its text. */
async function readPdf(invoiceId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/invoices/${invoiceId}/pdf`,
    headers: { authorization: `Bearer ${tokens.admin}` },
  });
  expect(res.statusCode).toBe(200);
  const file = path.join(scratch, `${invoiceId}.pdf`);
  fs.writeFileSync(file, res.rawPayload);
  execFileSync('pdftoppm', [
    '-r',
    '200',
    '-f',
    '1',
    '-l',
    '1',
    '-png',
    file,
    path.join(scratch, `p${invoiceId}`),
  ]);
  const page = fs.readdirSync(scratch).find((f) => f.startsWith(`p${invoiceId}`) && f.endsWith('.png'))!;
  let codes: string[];
  try {
    codes = execFileSync(
      'zbarimg',
      ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', path.join(scratch, page)],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
      .split('\n')
      .filter(Boolean);
  } catch {
    codes = []; // zbarimg exits 4 when it finds no code
  }
  const images = execFileSync('pdfimages', ['-list', '-f', '1', '-l', '1', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((c) => c[2] === 'image')
    .map((c) => ({ mm: (Number(c[3]) / Number(c[12])) * 25.4 }));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { codes, images, text };
}

describe('VeriFactu registration records', () => {
  it('makes an F1 RegistroAlta with IVA 21 % for a Spanish customer: the first record of the chain, valid against the AEAT XSD', async () => {
    const task = await s.makeTask(s.acme, 'APPROVED', '100.00');
    const res = await s.issue(await s.body(s.acme, [task.id], '121.00'));
    expect(res.status).toBe(201);
    const [record] = await recordsOf(res.json.data.id);
    expect(record).toMatchObject({ record_type: 'alta', tipo_factura: 'F1', num_serie: res.json.data.folio });
    expect(record!.previous_huella).toBeNull();
    expect(record!.huella).toMatch(/^[0-9A-F]{64}$/);
    expect(record!.generated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(record!.xml).toContain('<sf:PrimerRegistro>S</sf:PrimerRegistro>');
    expect(record!.xml).toContain('<sf:NIF>B12345678</sf:NIF>');
    expect(record!.xml).toContain(
      '<sf:CalificacionOperacion>S1</sf:CalificacionOperacion><sf:TipoImpositivo>21.00</sf:TipoImpositivo>' +
        '<sf:BaseImponibleOimporteNoSujeto>100.00</sf:BaseImponibleOimporteNoSujeto><sf:CuotaRepercutida>21.00</sf:CuotaRepercutida>',
    );
    expect(record!.xml).toContain(
      '<sf:CuotaTotal>21.00</sf:CuotaTotal><sf:ImporteTotal>121.00</sf:ImporteTotal>',
    );
    expect(record!.xml).toContain(
      '<sf:Version>0.1.0</sf:Version><sf:NumeroInstalacion>TEST-1</sf:NumeroInstalacion>',
    );
    expect(await validateRegFactu(regFactu(VERIFACTU_TEST.issuer, [record!.xml]))).toBeNull();
  });

  it('records an invoice without IVA for a foreign customer as not subject (N2) with IDOtro, chained to the one before', async () => {
    const [before] = await chain().then((rows) => rows.slice(-1));
    const task = await s.makeTask(s.globex, 'APPROVED', '80.00');
    const res = await s.issue(await s.body(s.globex, [task.id], '80.00', 'NONE'));
    expect(res.status).toBe(201);
    const [record] = await recordsOf(res.json.data.id);
    expect(record!.previous_huella).toBe(before!.huella);
    expect(record!.xml).toContain(
      `<sf:RegistroAnterior><sf:IDEmisorFactura>${nif}</sf:IDEmisorFactura><sf:NumSerieFactura>${before!.num_serie}</sf:NumSerieFactura>`,
    );
    expect(record!.xml).toMatch(
      /<sf:IDOtro><sf:CodigoPais>\w\w<\/sf:CodigoPais><sf:IDType>0[24]<\/sf:IDType><sf:ID>FR40303265045<\/sf:ID><\/sf:IDOtro>/,
    );
    expect(record!.xml).toContain(
      '<sf:CalificacionOperacion>N2</sf:CalificacionOperacion><sf:BaseImponibleOimporteNoSujeto>80.00</sf:BaseImponibleOimporteNoSujeto></sf:DetalleDesglose>',
    );
    expect(record!.xml).toContain(
      '<sf:CuotaTotal>0.00</sf:CuotaTotal><sf:ImporteTotal>80.00</sf:ImporteTotal>',
    );
    expect(await validateRegFactu(regFactu(VERIFACTU_TEST.issuer, [record!.xml]))).toBeNull();
  });

  it('records a corrective invoice as R1 by differences naming the corrected invoice, with negative amounts', async () => {
    const task = await s.makeTask(s.acme, 'APPROVED', '50.00');
    const original = await s.issue(await s.body(s.acme, [task.id], '60.50'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${original.json.data.id}/rectify`,
      headers: { authorization: `Bearer ${tokens.admin}` },
      payload: { reason: 'Wrong customer' },
    });
    expect(res.statusCode).toBe(201);
    const corrective = res.json().data;
    const [record] = await recordsOf(corrective.id);
    expect(record!.tipo_factura).toBe('R1');
    const [day, month, year] = [s.today.slice(8), s.today.slice(5, 7), s.today.slice(0, 4)];
    expect(record!.xml).toContain(
      `<sf:TipoFactura>R1</sf:TipoFactura><sf:TipoRectificativa>I</sf:TipoRectificativa><sf:FacturasRectificadas><sf:IDFacturaRectificada>` +
        `<sf:IDEmisorFactura>${nif}</sf:IDEmisorFactura><sf:NumSerieFactura>${original.json.data.folio}</sf:NumSerieFactura>` +
        `<sf:FechaExpedicionFactura>${day}-${month}-${year}</sf:FechaExpedicionFactura></sf:IDFacturaRectificada></sf:FacturasRectificadas>`,
    );
    expect(record!.xml).toContain(
      '<sf:CuotaTotal>-10.50</sf:CuotaTotal><sf:ImporteTotal>-60.50</sf:ImporteTotal>',
    );
    expect(await validateRegFactu(regFactu(VERIFACTU_TEST.issuer, [record!.xml]))).toBeNull();
  });

  it('refuses an invoice without the customer’s tax ID with a translated field error, leaving no folio, record or link', async () => {
    const [head] = await t.database.db.select().from(verifactuChain);
    const [counter] = await t.database.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.series, s.year));
    const count = (await chain()).length;
    const task = await s.makeTask(s.acme, 'APPROVED', '10.00');
    const body = { ...(await s.body(s.acme, [task.id], '12.10')), tin: null, lang: 'es' };
    const res = await s.issue(body);
    expect(res.status).toBe(422);
    expect(res.json.errors.tin[0]).toMatch(/NIF del cliente/);
    const wrongAmount = await s.issue({ ...body, tin: 'B12345678', amount: '1.00' });
    expect(wrongAmount.status).toBe(422);
    expect((await chain()).length).toBe(count);
    expect((await t.database.db.select().from(verifactuChain))[0]).toEqual(head);
    const [after] = await t.database.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.series, s.year));
    expect(after).toEqual(counter);
  });

  it('keeps one unbroken chain when 20 invoices are issued at once, every Huella recomputed', async () => {
    const tasks = await Promise.all(Array.from({ length: 20 }, () => s.makeTask(s.acme, 'DONE', '10.00')));
    const bodies = await Promise.all(tasks.map((task) => s.body(s.acme, [task.id], '12.10')));
    const results = await Promise.all(bodies.map((b) => s.issue(b)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const rows = await chain();
    expect(rows.filter((r) => results.some((res) => res.json.data.id === r.invoice_id))).toHaveLength(20);
    expect(new Set(rows.map((r) => r.previous_huella)).size).toBe(rows.length);
    expect(await brokenRecord(t.database.db, nif)).toBeNull();
    const [head] = await t.database.db.select().from(verifactuChain);
    expect(head!.last_huella).toBe(rows.at(-1)!.huella);
  });

  it('notices a record whose content was changed', async () => {
    const rows = await chain();
    const victim = rows[1]!;
    await t.database.db
      .update(verifactuRecords)
      .set({ xml: victim.xml.replace(/<sf:ImporteTotal>[^<]*</, '<sf:ImporteTotal>1.00<') })
      .where(eq(verifactuRecords.id, victim.id));
    expect(await brokenRecord(t.database.db, nif)).toBe(victim.id);
    await t.database.db
      .update(verifactuRecords)
      .set({ xml: victim.xml })
      .where(eq(verifactuRecords.id, victim.id));
    expect(await brokenRecord(t.database.db, nif)).toBeNull();
  });

  it('prints the QR code of the AEAT validation URL and the VERI*FACTU legend at the top of the PDF', async () => {
    const [first] = await chain();
    const invoiceId = first!.invoice_id;
    const pdf = await readPdf(invoiceId);
    const [day, month, year] = [s.today.slice(8), s.today.slice(5, 7), s.today.slice(0, 4)];
    expect(pdf.codes).toEqual([
      `https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=${nif}&numserie=${first!.num_serie}&fecha=${day}-${month}-${year}&importe=121.00`,
    ]);
    // The code is 35 mm wide without its quiet zone of 4 modules on each side.
    expect(pdf.images).toHaveLength(1);
    const modules = QRCode.create(pdf.codes[0]!, { errorCorrectionLevel: 'M' }).modules.size;
    expect(pdf.images[0]!.mm).toBeCloseTo((35 * (modules + 8)) / modules, 0);
    expect(pdf.text.split('\n').slice(0, 3).join(' ')).toContain('VERI*FACTU');
    expect(pdf.text).toMatch(/verifiable at the AEAT e-office/);
  });

  it('prints no QR code on an invoice issued while the mode was off, and makes it no record', async () => {
    t.app.config.verifactu = { ...VERIFACTU_TEST, mode: 'off' };
    const task = await s.makeTask(s.acme, 'APPROVED', '10.00');
    const res = await s.issue(await s.body(s.acme, [task.id], '12.10'));
    t.app.config.verifactu = VERIFACTU_TEST;
    expect(res.status).toBe(201);
    expect(await recordsOf(res.json.data.id)).toEqual([]);
    const pdf = await readPdf(res.json.data.id);
    expect(pdf.codes).toEqual([]);
    expect(pdf.text).not.toContain('VERI*FACTU');
  });
});
