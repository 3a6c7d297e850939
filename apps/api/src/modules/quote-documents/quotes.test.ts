import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Locale } from '@verba/contracts';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import {
  actionLogs,
  customerEnabledRates,
  customers,
  departments,
  languages,
  mailOutbox,
  minimumRates,
  rates,
  tasks,
} from '../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let acmeTask: { id: number; code: string; due_date: string };
let globexTask: { id: number; code: string; due_date: string };
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-quotes-'));

/** 1500 different sentences of 9 words: 13,500 words, no repetitions, so totals pass 1,000 €. */
function bigText(): string {
  const words =
    'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa'
      .split(' ')
      .map((w) => w[0]!.toUpperCase() + w.slice(1));
  const sentences: string[] = [];
  for (let n = 0; n < 1500; n++) {
    const picked = [];
    for (let i = 0, v = n * 7919 + 13; i < 8; i++, v = Math.floor(v / 16) + ((n * 31 + i * 17) % 97)) {
      picked.push(words[(v + i * 5 + n) % 16]!);
    }
    picked.push(`Q${n.toString(36)}x`);
    sentences.push(`${picked.join(' ')}.`);
  }
  return sentences.join(' ');
}

async function order(token: string, department: number, targets: string[], name: string, content: string) {
  const body = await multipart(
    {
      description: `Catàleg de tardor l·l ${name}`,
      department: String(department),
      source_language: String(lang.en),
      'target_languages[]': targets.map((code) => String(lang[code])),
      translation_type: '1',
      review: 'false',
      custom_quote: 'false',
    },
    [{ name, content }],
  );
  const res = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
    token,
    body: body.payload,
    headers: body.headers,
  });
  expect(res.status).toBe(201);
  return res.json.data.id as number;
}

const detail = async (id: number, token = tokens.admin) =>
  (await call(t.app, 'GET', `/api/task/${id}`, { token })).json.data;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  const db = t.database.db;
  lang = Object.fromEntries((await db.select().from(languages)).map((l) => [l.iso_code, l.id]));
  const [acme] = await db.select().from(customers).where(eq(customers.name, 'Acme'));
  const [globex] = await db.select().from(customers).where(eq(customers.name, 'Globex'));
  const [marketing] = await db.select().from(departments).where(eq(departments.title, 'Marketing'));
  const [legal] = await db
    .insert(departments)
    .values({ customer_id: globex!.id, title: 'Legal' })
    .returning();
  const general = await db
    .insert(rates)
    .values([
      { default_group: true, source_lang: lang.en!, target_lang: lang.es!, r1: '0.1000', r2: '30.00' },
      { default_group: true, source_lang: lang.en!, target_lang: lang.fr!, r1: '0.1200', r2: '35.00' },
    ])
    .returning();
  await db
    .insert(customerEnabledRates)
    .values(
      [acme!.id, globex!.id].flatMap((customer_id) => general.map((r) => ({ customer_id, rate_id: r.id }))),
    );
  // Globex has a minimum charge of 25 € for human translation: its small task is charged that.
  await db.update(customers).set({ minimum_rates: true }).where(eq(customers.id, globex!.id));
  await db
    .insert(minimumRates)
    .values({ customer_id: globex!.id, translation_type_id: 1, hour: '0.50', amount: '25.00' });
  await t.app.jobs.start();

  const acmeId = await order(tokens.acmeUser, marketing!.id, ['es', 'fr'], 'big.txt', bigText());
  const globexId = await order(
    tokens.globexAdmin,
    legal!.id,
    ['es'],
    'short.txt',
    'The cat sat on the mat. The dog barked loudly.\n\nThe cat sat on the mat.',
  );
  await t.app.jobs.idle();
  acmeTask = await detail(acmeId);
  globexTask = await detail(globexId);
  expect(acmeTask).toMatchObject({ state: 'DRAFT', tax_name: 'IVA', taxed_price: '3414.02' });
  expect(globexTask).toMatchObject({ state: 'DRAFT', tax_name: null, amount_to_pay: '25.00' });
});
afterAll(async () => {
  await t.close();
  if (process.env.KEEP_QUOTE_PDFS) console.log(`quote PDFs kept in ${scratch}`);
  else fs.rmSync(scratch, { recursive: true, force: true });
});

async function pdf(token: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  return call(t.app, 'POST', '/api/task/budget/pdf', { token, body, headers });
}

/** The PDF's text as `pdftotext -layout` reads it back. */
function pdfText(content: Buffer, name: string): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, content);
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Madrid calendar dates, formatted independently of the module (en month first, es/ca day first). */
const madridDate = (instant: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(instant));

/** The action log row is written after the reply: wait for it (PostgreSQL is slower to show it). */
const logged = (action: string, match: Record<string, unknown>) =>
  vi.waitFor(
    async () => {
      const [log] = await t.database.db
        .select()
        .from(actionLogs)
        .where(eq(actionLogs.action, action))
        .orderBy(desc(actionLogs.id))
        .limit(1);
      expect(log).toMatchObject(match);
    },
    { timeout: 3000, interval: 20 },
  );

const ws = (parts: readonly string[]) =>
  new RegExp(parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'));

const EXPECTED = {
  en: {
    title: 'Quote',
    country: 'Spain (mainland and Balearic Islands)',
    languages: ['English', 'Spanish', 'French'],
    type: 'Human',
    noMatchEs: ['No match', '13,500', '100%', '€0.1000', '€1,350.00'],
    repetitionsFr: ['Repetitions', '0', '30%', '€0.0360', '€0.00'],
    noMatchFr: ['No match', '13,500', '100%', '€0.1200', '€1,620.00'],
    base: ['Base price', '€2,970.00'],
    discount: ['Discount (5%)', '-€148.50'],
    tax: ['IVA (21%)', '€592.52'],
    total: ['Total', '€3,414.02'],
    toPay: ['Amount to pay', '€3,414.02'],
    delivery: 'Estimated delivery date if approved today',
    page: 'Page 1 of',
  },
  es: {
    title: 'Presupuesto',
    country: 'España (península y Baleares)',
    languages: ['Inglés', 'Español', 'Francés'],
    type: 'Humana',
    noMatchEs: ['Sin coincidencia', '13.500', '100 %', '0,1000 €', '1.350,00 €'],
    repetitionsFr: ['Repeticiones', '0', '30 %', '0,0360 €', '0,00 €'],
    noMatchFr: ['Sin coincidencia', '13.500', '100 %', '0,1200 €', '1.620,00 €'],
    base: ['Precio base', '2.970,00 €'],
    discount: ['Descuento (5 %)', '-148,50 €'],
    tax: ['IVA (21 %)', '592,52 €'],
    total: ['Total', '3.414,02 €'],
    toPay: ['Importe a pagar', '3.414,02 €'],
    delivery: 'Fecha de entrega estimada si se aprueba hoy',
    page: 'Página 1 de',
  },
  ca: {
    title: 'Pressupost',
    country: 'Espanya (península i Balears)',
    languages: ['Anglès', 'Espanyol', 'Francès'],
    type: 'Humana',
    noMatchEs: ['Sense coincidència', '13.500', '100 %', '0,1000 €', '1.350,00 €'],
    repetitionsFr: ['Repeticions', '0', '30 %', '0,0360 €', '0,00 €'],
    noMatchFr: ['Sense coincidència', '13.500', '100 %', '0,1200 €', '1.620,00 €'],
    base: ['Preu base', '2.970,00 €'],
    discount: ['Descompte (5 %)', '-148,50 €'],
    tax: ['IVA (21 %)', '592,52 €'],
    total: ['Total', '3.414,02 €'],
    toPay: ['Import a pagar', '3.414,02 €'],
    delivery: "Data de lliurament estimada si s'aprova avui",
    page: 'Pàgina 1 de',
  },
} as const;

describe('the quote PDF', () => {
  it.each(['en', 'es', 'ca'] as const)('in %s shows the whole quote of an analysed task', async (locale) => {
    const res = await pdf(tokens.acmeUser, { id: acmeTask.id, lang: locale });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="quote-${acmeTask.code}.pdf"; filename*=UTF-8''quote-${acmeTask.code}.pdf`,
    );
    const content = res.raw.rawPayload;
    expect(content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(content, `acme-${locale}.pdf`);
    const e = EXPECTED[locale];
    expect(text).toContain(`${e.title} ${acmeTask.code}`);
    expect(text).toContain('Verba');
    expect(text).toContain(madridDate(new Date(), locale));
    // customer block
    for (const part of ['Acme', 'B12345678', 'Carrer de Balmes 100', '08008 Barcelona', e.country])
      expect(text).toContain(part);
    expect(text).toContain('Ulises Acme');
    // project
    expect(text).toContain(`Catàleg de tardor l·l big.txt`);
    for (const name of e.languages) expect(text).toContain(name);
    expect(text).toMatch(ws([e.type]));
    expect(text).toContain('Marketing');
    // band lines of both target languages, then the totals
    expect(text).toMatch(ws(e.noMatchEs));
    expect(text).toMatch(ws(e.repetitionsFr));
    expect(text).toMatch(ws(e.noMatchFr));
    expect(text).toMatch(ws(e.base));
    expect(text).toMatch(ws(e.discount));
    expect(text).toMatch(ws(e.tax));
    expect(text).toMatch(ws(e.total));
    expect(text).toMatch(ws(e.toPay));
    expect(text).toContain(`${e.delivery}: ${madridDate(acmeTask.due_date, locale)}`);
    expect(text).toContain(e.page);
  });

  it('shows no taxes and the minimum charge for a Globex task (staff, Spanish)', async () => {
    const res = await pdf(tokens.pm, { id: globexTask.id, lang: 'es' });
    expect(res.status).toBe(200);
    const text = pdfText(res.raw.rawPayload, 'globex-es.pdf');
    expect(text).toContain(`Presupuesto ${globexTask.code}`);
    for (const part of [
      'Globex',
      '12-3456789',
      '500 Brickell Ave',
      '33131 Miami',
      'Florida',
      'Estados Unidos',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('IVA');
    expect(text).toMatch(ws(['Sin impuestos', '0,00 €']));
    // 10 new words and 6 repeated: 1,18 €, below the 25 € minimum
    expect(text).toMatch(ws(['Sin coincidencia', '10', '100 %', '0,1000 €', '1,00 €']));
    expect(text).toMatch(ws(['Repeticiones', '6', '30 %', '0,0300 €', '0,18 €']));
    expect(text).toMatch(
      /Se aplica el importe mínimo: las líneas suman 1,18 €, por debajo del mínimo de\s+25,00 €/,
    );
    expect(text).toMatch(ws(['Importe a pagar', '25,00 €']));
    expect(text).not.toMatch(/Descuento/);
    expect(text).toContain(madridDate(globexTask.due_date, 'es'));
  });

  it('takes multipart fields too, and the language of the request by default', async () => {
    const body = await multipart({ id: String(acmeTask.id), lang: 'ca' });
    const res = await call(t.app, 'POST', '/api/task/budget/pdf', {
      token: tokens.acmeAdmin,
      body: body.payload,
      headers: body.headers,
    });
    expect(res.status).toBe(200);
    expect(pdfText(res.raw.rawPayload, 'multipart.pdf')).toContain(`Pressupost ${acmeTask.code}`);
    const byHeader = await pdf(
      tokens.acmeAdmin,
      { id: acmeTask.id },
      { 'accept-language': 'es-ES,es;q=0.9' },
    );
    expect(pdfText(byHeader.raw.rawPayload, 'header.pdf')).toContain(`Presupuesto ${acmeTask.code}`);
    const badMultipart = await multipart({ id: 'x', lang: 'es' });
    const bad = await call(t.app, 'POST', '/api/task/budget/pdf', {
      token: tokens.acmeAdmin,
      body: badMultipart.payload,
      headers: badMultipart.headers,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(['id']);
  });

  it('is for clients of the customer and staff; another customer gets 404, nobody 401', async () => {
    for (const role of ['acmeAdmin', 'acmeUser', 'pm', 'admin'] as const) {
      const res = await pdf(tokens[role], { id: acmeTask.id, lang: 'en' });
      expect(res.status, role).toBe(200);
    }
    const other = await pdf(tokens.globexAdmin, { id: acmeTask.id, lang: 'en' });
    expect(other.status).toBe(404);
    expect(other.json.message).toBe('Element not found');
    expect((await pdf(tokens.acmeUser, { id: globexTask.id, lang: 'en' })).status).toBe(404);
    expect((await pdf(tokens.admin, { id: 999_999, lang: 'en' })).status).toBe(404);
    expect((await pdf(undefined, { id: acmeTask.id, lang: 'en' })).status).toBe(401);
    for (const body of [
      { id: 'abc', lang: 'en' },
      { id: 0 },
      { lang: 'en' },
      { id: acmeTask.id, lang: 'fr' },
    ]) {
      const res = await pdf(tokens.acmeAdmin, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.errors).toBeDefined();
    }
    await logged('quotes.pdf', { description: expect.stringContaining(`task ${acmeTask.code}`) });
  });

  it('is refused while the files are being analysed', async () => {
    await t.database.db.update(tasks).set({ state: 'CALCULATING' }).where(eq(tasks.id, globexTask.id));
    try {
      const res = await pdf(tokens.globexAdmin, { id: globexTask.id, lang: 'en' });
      expect(res.status).toBe(422);
      expect(res.json.message).toMatch(/still being analysed/);
    } finally {
      await t.database.db.update(tasks).set({ state: 'DRAFT' }).where(eq(tasks.id, globexTask.id));
    }
  });
});

describe('sending the quote by mail', () => {
  const lastMail = async (to: string) =>
    (
      await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
        .orderBy(desc(mailOutbox.id))
        .limit(1)
    )[0];

  it("goes to the requester with the PDF attached, in the requester's language", async () => {
    const res = await call(t.app, 'POST', `/api/tasks/${acmeTask.id}/send/budget`, {
      token: tokens.acmeAdmin,
      body: {},
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { sent: true, to: 'user@acme.test' } });
    const mail = await lastMail('user@acme.test');
    expect(mail?.subject).toBe(`Presupuesto ${acmeTask.code} de Verba`);
    expect(JSON.parse(mail?.attachments ?? '[]')).toEqual([`quote-${acmeTask.code}.pdf`]);
    expect(mail?.text).toContain('Hola, Ulises');
    expect(mail?.text).toContain('Importe a pagar: 3.414,02 €');
    expect(mail?.text).toContain(`http://portal.test/tasks/${acmeTask.id}/quote`);
    expect(mail?.status).toBe('outbox');
  });

  it('staff send it to the requester too, in the language they choose', async () => {
    const res = await call(t.app, 'POST', `/api/tasks/${acmeTask.id}/send/budget`, {
      token: tokens.pm,
      body: { lang: 'ca' },
    });
    expect(res.json.data).toEqual({ sent: true, to: 'user@acme.test' });
    const mail = await lastMail('user@acme.test');
    expect(mail?.subject).toBe(`Pressupost ${acmeTask.code} de Verba`);
    expect(mail?.text).toContain('Import a pagar: 3.414,02 €');
    await logged('quotes.send', { user_email: 'pm@verba.test', customer_name: 'Acme' });
  });

  it('takes no body at all; refuses other customers, anonymous callers and a bad language', async () => {
    const url = `/api/tasks/${acmeTask.id}/send/budget`;
    // without a body at all: the requester's language
    const bare = await call(t.app, 'POST', url, { token: tokens.admin });
    expect(bare.json.data).toEqual({ sent: true, to: 'user@acme.test' });
    expect((await lastMail('user@acme.test'))?.subject).toBe(`Presupuesto ${acmeTask.code} de Verba`);
    expect((await call(t.app, 'POST', url, { token: tokens.globexAdmin, body: {} })).status).toBe(404);
    expect((await call(t.app, 'POST', url, { body: {} })).status).toBe(401);
    const bad = await call(t.app, 'POST', url, { token: tokens.acmeAdmin, body: { lang: 'de' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(['lang']);
    expect(
      (await call(t.app, 'POST', '/api/tasks/abc/send/budget', { token: tokens.pm, body: {} })).status,
    ).toBe(422);
  });

  it('both calls are in the OpenAPI document', async () => {
    const doc = await call(t.app, 'GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining(['/api/task/budget/pdf', '/api/tasks/{id}/send/budget']),
    );
  });
});
