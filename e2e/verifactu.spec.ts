import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO,
  capture,
  expectAccessibleDialog,
  pickOption,
  signInQuickly,
  waitForScreen,
} from './support.ts';
import { apiAs, createDraftTask, enableGeneralRates } from './task-setup.ts';

// Runs in the "verifactu" project, on its own server started with VERIFACTU_MODE=verifactu
// (playwright.config.ts); records are made, chained and printed, and wait in the queue.
const TARGETS = ['pt'];
const FILE = { name: 'leaflet.txt', content: 'Open the box. Plug the cable in. Switch it on.' };

test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** Globex works on deferred terms: a task it sends to production can be invoiced at once. */
async function globexTask(request: APIRequestContext, name: string): Promise<{ id: number; code: string }> {
  const id = await createDraftTask(request, DEMO.globexAdmin, { name, targetIsos: TARGETS, files: [FILE] });
  const globex = await apiAs(request, DEMO.globexAdmin);
  const sent = await request.post(`/api/tasks/${id}/update/deferred`, { headers: globex.headers });
  expect(sent.ok(), 'sent to production').toBe(true);
  return globex.get<{ id: number; code: string }>(`/task/${id}`);
}

/** capture() (axe, 1280 and 375 px), and with VERBA_SHOTS_DIR set a full page at 390 px there too. */
async function shoot(page: Page, name: string) {
  await capture(page, name);
  const dir = process.env.VERBA_SHOTS_DIR;
  if (!dir) return;
  await page.setViewportSize({ width: 390, height: 844 });
  await waitForScreen(page);
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
}

const record = (page: Page) => page.getByTestId('invoice-verifactu');
const folioOf = async (page: Page) =>
  /(\d{4}-\d{6}|R\d{4}-\d{6})/.exec(await page.locator('main h1').first().innerText())![1]!;

test('the admin issues and corrects an invoice in verifactu mode and sees each record and its state', async ({
  page,
}) => {
  await enableGeneralRates(page.request, ['Globex'], TARGETS);
  const task = await globexTask(page.request, `VeriFactu brochure ${Date.now()}`);

  await signInQuickly(page, DEMO.verbaAdmin);
  await page.goto('/invoices/create');
  await waitForScreen(page);
  await pickOption(page, 'invoice-customer', 'Globex');
  await page.getByTestId('invoice-next').click();
  await page.getByTestId(`invoice-task-${task.code}`).getByRole('checkbox').check();
  await page.getByTestId('invoice-next').click();
  await expect(page.getByTestId('invoice-enterprise')).toHaveValue('Globex');
  await page.getByTestId('invoice-issue').click();

  await page.waitForURL(/\/invoices\/\d+$/);
  await waitForScreen(page);
  const folio = await folioOf(page);
  await expect(page.getByTestId('verifactu-record-type')).toContainText('Registration (F1)');
  await expect(record(page).getByTestId('verifactu-state')).toHaveText('Queued');
  const huella = await page.getByTestId('verifactu-huella').innerText();
  expect(huella).toMatch(/^[0-9A-F]{64}$/);
  await expect(page.getByTestId('verifactu-answer')).toContainText('No answer yet');
  await expect(page.getByTestId('invoice-void')).toBeVisible();
  await shoot(page, 'verifactu-invoice');

  // The correction: an R1 record chained to the invoice's.
  await page.getByTestId('invoice-rectify').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByTestId('invoice-dialog-text').fill('Wrong number of words');
  await page.getByTestId('invoice-dialog-confirm').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/create') && /\/invoices\/\d+$/.test(url.pathname));
  await expect(page.locator('main h1').first()).toContainText(/R\d{4}-\d{6}/);
  await waitForScreen(page);
  await expect(page.getByTestId('verifactu-record-type')).toContainText('Registration (R1)');
  await expect(page.getByTestId('verifactu-previous-huella')).toHaveText(huella);
  await expect(record(page).getByTestId('verifactu-state')).toHaveText('Queued');
  // A corrective invoice is not voided: it is final.
  await expect(page.getByTestId('invoice-void')).toHaveCount(0);
  await shoot(page, 'verifactu-corrective');

  // The corrected invoice can no longer be voided (its correction cancels it).
  await page.getByRole('link', { name: folio }).first().click();
  await waitForScreen(page);
  await expect(page.getByTestId('invoice-void')).toHaveCount(0);
});

test('the admin voids an invoice issued in error; the list filters by the AEAT record’s state', async ({
  page,
}) => {
  const task = await globexTask(page.request, `VeriFactu error ${Date.now()}`);
  const admin = await apiAs(page.request, DEMO.verbaAdmin);
  const customers = await admin.get<{ data: { id: number; name: string }[] }>('/customers?per_page=100');
  const customerId = customers.data.find((c) => c.name === 'Globex')!.id;
  const draft = await admin.get<{ tasks: { id: number; amount: string }[]; information: object }>(
    `/invoices/draft?customer_id=${customerId}`,
  );
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const issued = await page.request.post('/api/invoices', {
    headers: admin.headers,
    data: {
      ...draft.information,
      customer_id: customerId,
      task_ids: [task.id],
      tax: 'NONE',
      amount: draft.tasks.find((row) => row.id === task.id)!.amount,
      issued_at: today,
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const invoice = ((await issued.json()) as { data: { id: number; folio: string } }).data;

  await signInQuickly(page, DEMO.verbaAdmin);
  await page.goto(`/invoices/${invoice.id}`);
  await waitForScreen(page);
  const huella = await page.getByTestId('verifactu-huella').innerText();
  await page.getByTestId('invoice-void').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessibleDialog(page, 'void');
  await page.getByTestId('invoice-dialog-confirm').click();
  await expect(page.getByTestId('invoice-dialog-text')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('invoice-dialog-text').fill('Issued to the wrong customer');
  await page.getByTestId('invoice-dialog-confirm').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('invoice-voided')).toHaveText('Voided');
  // Owed no more: no payment state beside it.
  await expect(page.getByTestId('invoice-status')).toHaveCount(0);
  await expect(page.getByTestId('verifactu-record-type')).toContainText('Cancellation');
  await expect(page.getByTestId('verifactu-previous-huella')).toHaveText(huella);
  await expect(page.getByTestId('invoice-void')).toHaveCount(0);
  await expect(page.getByTestId('invoice-rectify')).toHaveCount(0);
  await shoot(page, 'verifactu-voided');

  await page.goto('/invoices');
  await waitForScreen(page);
  await pickOption(page, 'invoices-verifactu-state', 'Rejected');
  await page.getByTestId('invoices-apply').click();
  await expect(page.getByTestId('invoices-empty')).toBeVisible();
  await pickOption(page, 'invoices-verifactu-state', 'Queued');
  await page.getByTestId('invoices-apply').click();
  await expect(page.getByTestId(`invoice-row-${invoice.folio}`).getByTestId('invoice-voided')).toBeVisible();
  await expect(page.getByTestId(`invoice-row-${invoice.folio}`).getByTestId('invoice-status')).toHaveCount(0);
  await shoot(page, 'verifactu-list');
});
