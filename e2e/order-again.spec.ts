import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, capture, restoreDemoLanguages, signInQuickly, waitForScreen } from './support.ts';
import { apiAs } from './task-setup.ts';

// The sandbox bank's authorised test card (apps/api/src/modules/payments/gateway/sandbox-bank.ts).
const CARD_AUTHORISED = '4548812049400004';
const GUIDE = 'Use the formal register. Never translate the brand name.';

// Three orders (one per language), each analysed and paid, then one invoice.
test.describe.configure({ mode: 'serial', timeout: 300_000 });
// Each language's journey switches the client admin's language; the other journeys expect English.
test.afterAll(async ({ request }) => restoreDemoLanguages(request, [DEMO.acmeAdmin]));

type Language = { id: number; iso_code: string };

/** Acme's earlier task, with a reference file and comments, ordered through the API. */
async function earlierTask(request: APIRequestContext): Promise<number> {
  const { headers, get } = await apiAs(request, DEMO.acmeAdmin);
  const departments = (await get<{ departments: { id: number }[] }>('/users/departments')).departments;
  const sources = await get<Language[]>('/languages/sources');
  const targets = await get<Language[]>('/languages/available');
  const form = new FormData();
  form.append('description', `Brochure ${Date.now()}`);
  form.append('department', String(departments[0]!.id));
  form.append('source_language', String(sources.find((l) => l.iso_code === 'en')!.id));
  form.append('target_languages[]', String(targets.find((l) => l.iso_code === 'es')!.id));
  form.append('translation_type', '1');
  form.append('comments', 'Keep the headings short');
  form.append('po_number', 'PO-EARLIER');
  form.append('file[]', new Blob(['The cat sat on the mat.']), 'brochure.txt');
  form.append('reference_files[]', new Blob([GUIDE]), 'style-guide.pdf');
  const response = await request.post('/api/tasks/store-as-draft', { headers, multipart: form });
  expect(response.status(), 'earlier order').toBe(201);
  const id = ((await response.json()) as { data: { id: number } }).data.id;
  await expect
    .poll(async () => (await get<{ state: string }>(`/task/${id}`)).state, { timeout: 60_000 })
    .toBe('DRAFT');
  return id;
}

/** A screen of this journey, given time to draw on a busy machine, then settled. */
async function openedScreen(page: Page, testId: string): Promise<void> {
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 60_000 });
  await waitForScreen(page);
}

async function switchLanguage(page: Page, language: 'en' | 'es' | 'ca'): Promise<void> {
  await page.getByTestId('language-switcher').click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Pays the draft by card at the sandbox bank (API), so that it can be invoiced. */
async function pay(request: APIRequestContext, id: number): Promise<void> {
  const { headers, get } = await apiAs(request, DEMO.acmeAdmin);
  await expect
    .poll(async () => (await get<{ state: string }>(`/task/${id}`)).state, { timeout: 60_000 })
    .toBe('DRAFT');
  const start = await request.post('/api/tasks/paymentGateway', { headers, data: { taskId: id } });
  expect(start.ok(), 'payment started').toBe(true);
  const payment = (
    (await start.json()) as {
      data: { paymentDone: boolean; form: { fields: Record<string, string> } | null };
    }
  ).data;
  if (!payment.paymentDone) {
    const paid = await request.post('/api/sandbox-bank/pay', {
      form: { ...payment.form!.fields, card: CARD_AUTHORISED, action: 'pay', lang: 'en' },
      maxRedirects: 0,
    });
    expect(paid.status(), 'the bank answers with a redirect').toBe(303);
  }
  await expect.poll(async () => (await get<{ state: string }>(`/task/${id}`)).state).toBe('APPROVED');
}

const ordered: Array<{ id: number; po: string }> = [];

for (const locale of ['en', 'es', 'ca'] as const) {
  test(`the client orders a task again with a new PO number (${locale})`, async ({ page }) => {
    const earlier = await earlierTask(page.request);
    await signInQuickly(page, DEMO.acmeAdmin);
    await page.goto(`/tasks/${earlier}`);
    await openedScreen(page, 'task-detail-page');
    await switchLanguage(page, locale);
    await expect(page.getByTestId('section-reference-files')).toContainText('style-guide.pdf');
    await expect(page.getByTestId('task-po-number')).toContainText('PO-EARLIER');
    if (locale === 'en') await capture(page, 'order-again-earlier-detail');

    await page.getByTestId('order-again').click();
    await expect(page).toHaveURL(/\/tasks\/create\?again=/);
    await openedScreen(page, 'task-create-page');
    // Pre-filled: comments and reference files; never the PO number or the source files.
    await expect(page.getByTestId('task-comments')).toHaveValue('Keep the headings short');
    await expect(page.getByTestId('reference-file-list')).toContainText('style-guide.pdf');
    await expect(page.getByTestId('task-po-number')).toHaveValue('');
    await expect(page.getByTestId('task-file-list')).toHaveCount(0);

    const po = `PO-E2E-${locale.toUpperCase()}-${Date.now() % 100000}`;
    await page.getByTestId('task-name').fill(`Brochure again (${locale})`);
    await page.getByTestId('task-po-number').fill(po);
    await page.getByTestId('task-client-reference').fill(`Spring ${locale}`);
    await page.locator('[data-testid="task-dropzone"] input[type="file"]').setInputFiles({
      name: 'brochure-v2.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The dog barked loudly. The cat sat on the mat.'),
    });
    if (locale === 'en') await capture(page, 'order-again-form');
    await page.getByTestId('task-save').click();
    await expect(page).toHaveURL(/\/tasks\/\d+$/, { timeout: 60_000 });
    await openedScreen(page, 'task-detail-page');
    await expect(page.getByTestId('task-po-number')).toContainText(po);
    await expect(page.getByTestId('section-reference-files')).toContainText('style-guide.pdf');
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(id).not.toBe(earlier);
    if (locale === 'en') {
      await expect(page.getByTestId('task-actions')).toBeVisible();
      await capture(page, 'order-again-detail');
    }
    ordered.push({ id, po });
  });
}

test('the invoice PDF shows each task’s PO number', async ({ page }) => {
  expect(ordered).toHaveLength(3);
  for (const task of ordered) await pay(page.request, task.id);
  const { headers, get } = await apiAs(page.request, DEMO.verbaAdmin);
  const customers = await get<{ data: { id: number; name: string }[] }>('/customers?per_page=100');
  const acme = customers.data.find((c) => c.name === 'Acme')!.id;
  const draft = await get<{
    tasks: { id: number; amount: string }[];
    default_tax: string;
    information: Record<string, unknown>;
  }>(`/invoices/draft?customer_id=${acme}`);
  const ids = ordered.map((task) => task.id);
  const cents = draft.tasks
    .filter((row) => ids.includes(row.id))
    .reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0);
  const total = draft.default_tax === 'IVA' ? cents + Math.round((cents * 21) / 100) : cents;
  const issued = await page.request.post('/api/invoices', {
    headers,
    data: {
      customer_id: acme,
      task_ids: ids,
      tax: draft.default_tax,
      amount: (total / 100).toFixed(2),
      issued_at: new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date()),
      ...draft.information,
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const invoice = ((await issued.json()) as { data: { id: number } }).data.id;

  const client = await apiAs(page.request, DEMO.acmeAdmin);
  const pdf = await page.request.get(`/api/invoices/${invoice}/pdf?language=en`, { headers: client.headers });
  expect(pdf.status()).toBe(200);
  const file = join(mkdtempSync(join(tmpdir(), 'verba-e2e-po-')), 'invoice.pdf');
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  for (const task of ordered) expect(text).toContain(`PO number: ${task.po}`);
});
