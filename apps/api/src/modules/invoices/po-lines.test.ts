import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { madridDateOf } from '@verba/contracts/pricing';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { departments, invoiceLines, languages, tasks } from '../../db/schema/index.ts';
import { canonicalText, type CanonicalInvoice } from './canonical.ts';
import { brokenLink } from './service.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-po-lines-'));

function pdfText(bytes: Buffer, name: string): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  await t.app.jobs.start();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function orderWithPo(po: string | null, reference: string | null) {
  const db = t.database.db;
  const lang = Object.fromEntries((await db.select().from(languages)).map((l) => [l.iso_code, l.id]));
  const [marketing] = await db.select().from(departments).where(eq(departments.title, 'Marketing'));
  const body = await multipart(
    {
      description: 'Price list',
      department: String(marketing!.id),
      source_language: String(lang.en),
      'target_languages[]': [String(lang.es)],
      translation_type: '1',
      ...(po ? { po_number: po } : {}),
      ...(reference ? { client_reference: reference } : {}),
    },
    [{ name: 'intro.txt', content: 'The cat sat on the mat. The dog barked loudly.' }],
  );
  const res = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
    token: tokens.acmeUser,
    body: body.payload,
    headers: body.headers,
  });
  expect(res.status).toBe(201);
  await t.app.jobs.idle();
  return res.json.data as { id: number; code: string };
}

async function issue(taskIds: number[]) {
  for (const id of taskIds)
    await t.database.db.update(tasks).set({ state: 'APPROVED' }).where(eq(tasks.id, id));
  const [task] = await t.database.db.select().from(tasks).where(eq(tasks.id, taskIds[0]!));
  const draft = (
    await call(t.app, 'GET', '/api/invoices/draft', {
      token: tokens.admin,
      query: { customer_id: String(task!.customer_id) },
    })
  ).json.data;
  const rows = draft.tasks.filter((r: { id: number }) => taskIds.includes(r.id));
  const cents = rows.reduce(
    (sum: number, r: { amount: string }) => sum + Math.round(Number(r.amount) * 100),
    0,
  );
  const total = draft.default_tax === 'IVA' ? cents + Math.round((cents * 21) / 100) : cents;
  const res = await call(t.app, 'POST', '/api/invoices', {
    token: tokens.admin,
    body: {
      customer_id: task!.customer_id,
      task_ids: taskIds,
      tax: draft.default_tax,
      amount: (total / 100).toFixed(2),
      issued_at: madridDateOf(new Date()),
      ...draft.information,
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.id as number;
}

describe('the PO number and client reference on documents', () => {
  it('prints them on the quote PDF, in the language asked', async () => {
    const task = await orderWithPo('PO-7781', 'Spring catalogue');
    for (const [lang, label] of [
      ['en', 'PO number'],
      ['es', 'Número de pedido (PO)'],
      ['ca', 'Número de comanda (PO)'],
    ] as const) {
      const res = await call(t.app, 'POST', '/api/task/budget/pdf', {
        token: tokens.acmeUser,
        body: { id: task.id, lang },
      });
      expect(res.status).toBe(200);
      const text = pdfText(res.raw.rawPayload, `quote-${lang}.pdf`);
      expect(text).toContain(label);
      expect(text).toContain('PO-7781');
      expect(text).toContain('Spring catalogue');
    }
  });

  it('copies them to each invoice line as issued: the PDF prints them per line, the CSV export lists them', async () => {
    const withPo = await orderWithPo('PO-9001', 'Ref A');
    const without = await orderWithPo(null, null);
    const id = await issue([withPo.id, without.id]);
    // a later change of the task does not change the invoice
    await t.database.db.update(tasks).set({ po_number: 'CHANGED' }).where(eq(tasks.id, withPo.id));
    const lines = await t.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, id));
    expect(lines.map((l) => [l.task_code, l.po_number, l.client_reference])).toEqual([
      [withPo.code, 'PO-9001', 'Ref A'],
      [without.code, null, null],
    ]);
    const pdf = await call(t.app, 'GET', `/api/invoices/${id}/pdf`, {
      token: tokens.acmeAdmin,
      query: { language: 'en' },
    });
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.raw.rawPayload, 'invoice.pdf');
    expect(text).toContain('PO number: PO-9001');
    expect(text).toContain('Your reference: Ref A');
    expect(text).not.toContain('CHANGED');
    const es = pdfText(
      (
        await call(t.app, 'GET', `/api/invoices/${id}/pdf`, {
          token: tokens.admin,
          query: { language: 'es' },
        })
      ).raw.rawPayload,
      'invoice-es.pdf',
    );
    expect(es).toContain('Número de pedido (PO): PO-9001');
    const csv = await call(t.app, 'GET', '/api/invoices/export', { token: tokens.admin });
    expect(csv.status).toBe(200);
    const [header, ...rows] = csv.raw.body.trim().split(/\r?\n/);
    const columns = header!.split(',');
    const row = rows.find((r) => r.includes('PO-9001'))!.split(',');
    expect(row[columns.indexOf('po_numbers')]).toBe('PO-9001');
    expect(row[columns.indexOf('client_references')]).toBe('Ref A');
    // the chain still verifies with the PO numbers covered by the hash
    expect(await brokenLink(t.app)).toBeNull();
    await t.database.db
      .update(invoiceLines)
      .set({ po_number: 'PO-FORGED' })
      .where(eq(invoiceLines.invoice_id, id));
    expect(await brokenLink(t.app)).toBe(id);
    await t.database.db
      .update(invoiceLines)
      .set({ po_number: 'PO-9001' })
      .where(eq(invoiceLines.po_number, 'PO-FORGED'));
  });

  it('hashes a line without PO number or reference exactly as before lines carried them', () => {
    const base: CanonicalInvoice = {
      folio: '2026-0001',
      series: '2026',
      number: 1,
      issued_at: '2026-11-27',
      customer_id: 1,
      rectifies_folio: null,
      reason: null,
      enterprise: 'Acme',
      tin: null,
      address: null,
      address_2: null,
      town: null,
      province: null,
      postal_code: null,
      country_code: 'ES',
      phone: null,
      email: null,
      tax_option: 'IVA',
      tax_percentage: '21',
      amount_without_taxes: '10',
      tax_amount: '2.1',
      amount: '12.1',
      lines: [{ task_code: 'T-1', description: 'd', languages: 'en → es', words: 3, amount: '10' }],
      previous_hash: null,
    };
    const old = canonicalText(base);
    expect(old).toContain('[["T-1","d","en → es",3,"10.00"]]');
    const nullPo = { ...base, lines: [{ ...base.lines[0]!, po_number: null, client_reference: null }] };
    expect(canonicalText(nullPo)).toBe(old);
    const withPo = { ...base, lines: [{ ...base.lines[0]!, po_number: 'PO-1', client_reference: null }] };
    expect(canonicalText(withPo)).not.toBe(old);
  });
});
