import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { invoiceScenario } from '../../../test/invoice-fixtures.ts';
import { mailOutbox } from '../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let s: Awaited<ReturnType<typeof invoiceScenario>>;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-invoices-'));

function pdfText(bytes: Buffer, name: string): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const tagOf = async (taskId: number, token: string) =>
  (await call(t.app, 'GET', `/api/task/${taskId}`, { token })).json.data.invoice;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  s = await invoiceScenario(t, tokens);
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('invoices', () => {
  it('offers the customer’s approved-or-later tasks not invoiced yet, and its information, tax from its country', async () => {
    const approved = await s.makeTask(s.acme, 'APPROVED', '100.00', '10.00');
    const done = await s.makeTask(s.acme, 'DONE', '50.00');
    const drafted = await s.makeTask(s.acme, 'DRAFT', '70.00');
    const other = await s.makeTask(s.globex, 'DEFERRED', '30.00');
    const d = await s.draft(s.acme);
    const ids = d.tasks.map((task: { id: number }) => task.id);
    expect(ids).toEqual(expect.arrayContaining([approved.id, done.id]));
    expect(ids).not.toContain(drafted.id);
    expect(ids).not.toContain(other.id);
    expect(d.tasks.find((task: { id: number }) => task.id === approved.id)).toMatchObject({
      amount: '110.00',
      languages: 'en → es, fr',
      words: approved.word_count,
    });
    expect(d.default_tax).toBe('IVA');
    expect(d.iva_percentage).toBe('21.00');
    expect(d.information).toMatchObject({ enterprise: 'Acme', tin: 'B12345678', email: 'admin@acme.test' });
    expect((await s.draft(s.globex)).default_tax).toBe('NONE');
  });

  it('refuses with field errors: no customer, no task, a wrong amount, another customer’s, unapproved or invoiced task', async () => {
    const task = await s.makeTask(s.acme, 'APPROVED', '200.00');
    const drafted = await s.makeTask(s.acme, 'DRAFT', '10.00');
    const foreign = await s.makeTask(s.globex, 'DEFERRED', '10.00');
    const good = await s.body(s.acme, [task.id], '242.00');

    const none = await s.issue({ ...good, customer_id: undefined, task_ids: [] });
    expect(none.status).toBe(422);
    expect(Object.keys(none.json.errors)).toEqual(expect.arrayContaining(['customer_id', 'task_ids']));

    const es = await call(t.app, 'POST', '/api/invoices', {
      token: tokens.admin,
      body: { ...good, amount: '200.00', lang: 'es' },
    });
    expect(es.status).toBe(422);
    expect(es.json.errors.amount[0]).toContain('242,00');
    expect(es.json.errors.amount[0]).toMatch(/importe/i);

    const mixed = await s.issue({ ...good, task_ids: [task.id, drafted.id, foreign.id], amount: '266.20' });
    expect(mixed.status).toBe(422);
    expect(mixed.json.errors.task_ids.join(' ')).toContain(drafted.code);
    expect(mixed.json.errors.task_ids.join(' ')).toContain(foreign.code);

    expect((await s.issue(good, tokens.pm)).status).toBe(403);
    expect((await s.issue(good, tokens.acmeAdmin)).status).toBe(403);
    expect((await s.issue({ ...good, issued_at: '2999-01-01' })).json.errors.issued_at).toBeDefined();

    const ok = await s.issue(good);
    expect(ok.status).toBe(201);
    const again = await s.issue(good);
    expect(again.status).toBe(422);
    expect(again.json.errors.task_ids[0]).toContain('already invoiced');
  });

  it('issues an ON_DEMAND invoice paid, a DEFERRED one pending; marking it paid turns the tags paid', async () => {
    const a1 = await s.makeTask(s.acme, 'APPROVED', '100.00');
    const a2 = await s.makeTask(s.acme, 'IN_COURSE', '23.45', '1.55');
    const res = await s.issue(await s.body(s.acme, [a1.id, a2.id], '151.25'));
    expect(res.status).toBe(201);
    const invoice = res.json.data;
    expect(invoice.folio).toMatch(new RegExp(`^${s.year}-\\d{6}$`));
    expect(invoice).toMatchObject({
      amount_without_taxes: '125.00',
      tax_amount: '26.25',
      amount: '151.25',
      payment_status: 'paid',
      tax_option: 'IVA',
      customer: { id: s.acme, name: 'Acme' },
    });
    expect(invoice.lines.map((l: { task_code: string }) => l.task_code)).toEqual([a1.code, a2.code]);
    expect(invoice.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await tagOf(a1.id, tokens.acmeAdmin)).toEqual({ folio: invoice.folio, tag: 'paid' });

    const g = await s.makeTask(s.globex, 'DEFERRED', '80.00');
    const pending = await s.issue(await s.body(s.globex, [g.id], '80.00', 'NONE'));
    expect(pending.status).toBe(201);
    expect(pending.json.data).toMatchObject({
      payment_status: 'pending',
      tax_amount: '0.00',
      amount: '80.00',
    });
    const id = pending.json.data.id;
    expect(await tagOf(g.id, tokens.globexAdmin)).toEqual({ folio: pending.json.data.folio, tag: 'pending' });

    const paidBody = { paid_at: s.today, method: 'Bank transfer' };
    expect(
      (await call(t.app, 'PUT', `/api/invoices/${id}/paid`, { token: tokens.pm, body: paidBody })).status,
    ).toBe(403);
    const paid = await call(t.app, 'PUT', `/api/invoices/${id}/paid`, {
      token: tokens.admin,
      body: paidBody,
    });
    expect(paid.status).toBe(200);
    expect(paid.json.data).toMatchObject({
      payment_status: 'paid',
      paid_at: s.today,
      payment_method: 'Bank transfer',
    });
    expect(await tagOf(g.id, tokens.globexAdmin)).toEqual({ folio: pending.json.data.folio, tag: 'paid' });
    const listed = (await call(t.app, 'GET', '/api/tasks', { token: tokens.globexAdmin })).json.data.data;
    expect(listed.find((r: { id: number }) => r.id === g.id)).toMatchObject({ invoice_tag: 'paid' });
    expect(
      (await call(t.app, 'PUT', `/api/invoices/${id}/paid`, { token: tokens.admin, body: paidBody })).status,
    ).toBe(422);
  });

  it('shows a client admin its own customer’s invoices only; another customer’s answers 404', async () => {
    const list = await call(t.app, 'GET', '/api/invoices', { token: tokens.acmeAdmin });
    expect(list.status).toBe(200);
    expect(list.json.data.total).toBeGreaterThan(0);
    expect(list.json.data.data.every((r: { customer: { id: number } }) => r.customer.id === s.acme)).toBe(
      true,
    );
    const globexInvoice = (await call(t.app, 'GET', '/api/invoices', { token: tokens.globexAdmin })).json.data
      .data[0];
    expect(
      (await call(t.app, 'GET', `/api/invoices/${globexInvoice.id}`, { token: tokens.acmeAdmin })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/invoices/${globexInvoice.id}/pdf`, { token: tokens.acmeAdmin })).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/invoices', { token: tokens.acmeUser })).status).toBe(403);
    const staff = await call(t.app, 'GET', '/api/invoices', {
      token: tokens.pm,
      query: { customer_id: String(s.globex), status: 'paid', from: s.today, to: s.today },
    });
    expect(staff.json.data.data.map((r: { id: number }) => r.id)).toContain(globexInvoice.id);
    expect(staff.json.data.data.every((r: { customer: { id: number } }) => r.customer.id === s.globex)).toBe(
      true,
    );
  });

  it('prints the PDF in the customer’s language or the one asked, read back with pdftotext', async () => {
    const task = await s.makeTask(s.acme, 'DONE', '1234.50');
    const res = await s.issue(await s.body(s.acme, [task.id], '1493.75'));
    const id = res.json.data.id;
    const folio = res.json.data.folio;
    const get = (language?: string) =>
      call(t.app, 'GET', `/api/invoices/${id}/pdf`, {
        token: tokens.acmeAdmin,
        ...(language ? { query: { language } } : {}),
      });
    const en = await get();
    expect(en.status).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    const text = pdfText(en.raw.rawPayload, 'en.pdf');
    for (const expected of [
      `Invoice ${folio}`,
      task.code,
      'Catàleg l·l',
      'en » es, fr',
      '1,2',
      '€1,234.50',
      'IVA (21%)',
      '€259.25',
      '€1,493.75',
      'Paid on',
      'B12345678',
      'Acme',
    ])
      expect(text).toContain(expected);
    // Paid: the amount received with its date, never a "€0.00" line.
    expect(text).toMatch(/Paid on \d{2}\/\d{2}\/\d{4}\s+€1,493\.75/);
    expect(text).not.toMatch(/Paid on[^\n]*€0\.00/);
    const es = pdfText((await get('es')).raw.rawPayload, 'es.pdf');
    for (const expected of [`Factura ${folio}`, 'Base imponible', '1.234,50 €', '1.493,75 €', 'Pagada el'])
      expect(es).toContain(expected);
    expect(es).toMatch(/Pagada el \d{2}\/\d{2}\/\d{4}\s+1\.493,75 €/);
    const ca = pdfText((await get('ca')).raw.rawPayload, 'ca.pdf');
    for (const expected of ['Base imposable', 'Data d’emissió'.replace('’', "'"), 'Paraules'])
      expect(ca).toContain(expected);

    const g = await s.makeTask(s.globex, 'DONE', '10.00');
    const pending = (await s.issue(await s.body(s.globex, [g.id], '10.00', 'NONE'))).json.data;
    const pendingText = pdfText(
      (await call(t.app, 'GET', `/api/invoices/${pending.id}/pdf`, { token: tokens.globexAdmin })).raw
        .rawPayload,
      'pending.pdf',
    );
    expect(pendingText).toContain('Payment terms');
    expect(pendingText).toContain('No taxes apply');
  });

  it('mails the PDF to the customer’s client admins', async () => {
    const task = await s.makeTask(s.acme, 'APPROVED', '5.00');
    const invoice = (await s.issue(await s.body(s.acme, [task.id], '6.05'))).json.data;
    expect((await call(t.app, 'POST', `/api/invoices/${invoice.id}/send`, { token: tokens.pm })).status).toBe(
      403,
    );
    const sent = await call(t.app, 'POST', `/api/invoices/${invoice.id}/send`, { token: tokens.admin });
    expect(sent.status).toBe(200);
    expect(sent.json.data.to).toEqual(['admin@acme.test']);
    const [mail] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ to: 'admin@acme.test' });
    expect(mail!.subject).toContain(invoice.folio);
    expect(mail!.attachments).toContain(`invoice-${invoice.folio}.pdf`);
  });

  it('corrects an invoice with an R-series one of negative lines; its tasks can be invoiced again', async () => {
    const task = await s.makeTask(s.acme, 'APPROVED', '40.00');
    const original = (await s.issue(await s.body(s.acme, [task.id], '48.40'))).json.data;
    const url = `/api/invoices/${original.id}/rectify`;
    expect(
      (await call(t.app, 'POST', url, { token: tokens.pm, body: { reason: 'Wrong address' } })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', url, { token: tokens.admin, body: {} })).json.errors.reason,
    ).toBeDefined();
    const res = await call(t.app, 'POST', url, { token: tokens.admin, body: { reason: 'Wrong address' } });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      series: `R${s.year}`,
      amount_without_taxes: '-40.00',
      tax_amount: '-8.40',
      amount: '-48.40',
      rectifies: { id: original.id, folio: original.folio },
      reason: 'Wrong address',
    });
    expect(res.json.data.folio).toMatch(new RegExp(`^R${s.year}-\\d{6}$`));
    expect(res.json.data.lines[0]).toMatchObject({ task_code: task.code, amount: '-40.00' });
    const now = (await call(t.app, 'GET', `/api/invoices/${original.id}`, { token: tokens.admin })).json.data;
    expect(now).toMatchObject({ amount: '48.40', rectified_by: { folio: res.json.data.folio } });
    expect(now.abilities.can_rectify).toBe(false);
    expect((await call(t.app, 'POST', url, { token: tokens.admin, body: { reason: 'Again' } })).status).toBe(
      422,
    );
    expect(
      (
        await call(t.app, 'POST', `/api/invoices/${res.json.data.id}/rectify`, {
          token: tokens.admin,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(422);
    expect((await s.draft(s.acme)).tasks.map((x: { id: number }) => x.id)).toContain(task.id);
    const pdf = pdfText(
      (await call(t.app, 'GET', `/api/invoices/${res.json.data.id}/pdf`, { token: tokens.acmeAdmin })).raw
        .rawPayload,
      'r.pdf',
    );
    expect(pdf).toContain('Corrective invoice');
    expect(pdf).toContain(res.json.data.folio);
    expect(pdf).toContain(original.folio);
    expect(pdf).toContain('-€48.40');
  });

  it('exports the accountant’s CSV for a period (staff only)', async () => {
    const csv = await call(t.app, 'GET', '/api/invoices/export', {
      token: tokens.pm,
      query: { from: s.today, to: s.today },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.raw.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'folio,date_of_issue,customer,enterprise,tin,country,amount_without_taxes,tax_option,tax_percentage,tax,amount,payment_status,paid_at,payment_method,rectifies,rectified_by,voided_at,po_numbers,client_references',
    );
    const total = (
      await call(t.app, 'GET', '/api/invoices', { token: tokens.admin, query: { per_page: '100' } })
    ).json.data.total;
    expect(lines).toHaveLength(total + 1);
    expect(lines.some((l: string) => l.startsWith(`R${s.year}-`) && l.includes(',-48.40,'))).toBe(true);
    expect((await call(t.app, 'GET', '/api/invoices/export', { token: tokens.acmeAdmin })).status).toBe(403);
    const old = await call(t.app, 'GET', '/api/invoices/export', {
      token: tokens.admin,
      query: { from: '2000-01-01', to: '2000-12-31' },
    });
    expect(
      old.raw.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});
