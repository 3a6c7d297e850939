import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  DEMO,
  capture,
  expectAccessibleDialog,
  pickOption,
  signInQuickly,
  waitForScreen,
} from './support.ts';
import { apiAs, createDraftTask, enableGeneralRates } from './task-setup.ts';

// The sandbox bank's authorised test card (apps/api/src/modules/payments/gateway/sandbox-bank.ts).
const CARD_AUTHORISED = '4548812049400004';
// A pair of its own: the other journeys price en→es, fr, de and it.
const TARGETS = ['pt'];
const FILE = {
  name: 'manual.txt',
  content: 'Unpack the machine. Fill the tank with fresh water. Press start.',
};

// Two card payments, an analysis each and six screens checked at two widths: more than the default time.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

interface Task {
  id: number;
  code: string;
}

async function taskOf(
  request: APIRequestContext,
  email: string,
  id: number,
): Promise<Task & { state: string }> {
  const { get } = await apiAs(request, email);
  return get<Task & { state: string }>(`/task/${id}`);
}

/** Acme (ON_DEMAND) orders a task and pays it by card at the sandbox bank, all through the API. */
async function paidAcmeTask(request: APIRequestContext, name: string): Promise<Task> {
  const id = await createDraftTask(request, DEMO.acmeAdmin, { name, targetIsos: TARGETS, files: [FILE] });
  const { headers } = await apiAs(request, DEMO.acmeAdmin);
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
  await expect.poll(async () => (await taskOf(request, DEMO.acmeAdmin, id)).state).toBe('APPROVED');
  return taskOf(request, DEMO.acmeAdmin, id);
}

let acmeInvoice: { id: number; folio: string } | undefined;

test('the admin invoices two paid tasks of Acme in three steps', async ({ page }) => {
  await enableGeneralRates(page.request, ['Acme', 'Globex'], TARGETS);
  const first = await paidAcmeTask(page.request, `Invoiced manual ${Date.now()}`);
  const second = await paidAcmeTask(page.request, `Invoiced leaflet ${Date.now()}`);

  await signInQuickly(page, DEMO.verbaAdmin);
  await page.goto('/invoices');
  await waitForScreen(page);
  await expect(page.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('invoices-create').click();
  await waitForScreen(page);
  await page.getByTestId('invoice-next').click();
  await expect(page.getByText('Choose a customer to continue.')).toBeVisible();
  await pickOption(page, 'invoice-customer', 'Acme');
  await capture(page, 'invoices-create-customer');
  await page.getByTestId('invoice-next').click();

  await expect(page.getByTestId(`invoice-task-${first.code}`)).toBeVisible();
  await page.getByTestId('invoice-next').click();
  await expect(page.getByText('Choose at least one task.')).toBeVisible();
  for (const task of [first, second])
    await page.getByTestId(`invoice-task-${task.code}`).getByRole('checkbox').check();
  await capture(page, 'invoices-create-tasks');
  await page.getByTestId('invoice-next').click();

  // Step 3: Acme's information pre-filled, IVA from its country (Spain), the amount from the tasks.
  await expect(page.getByTestId('invoice-enterprise')).toHaveValue('Acme');
  await expect(page.getByTestId('invoice-tax-iva')).toBeChecked();
  const amount = page.getByTestId('invoice-amount');
  const total = await amount.inputValue();
  expect(Number(total.replace(/,/g, ''))).toBeGreaterThan(0);
  await amount.fill('1.00');
  await expect(page.getByTestId('invoice-issue')).toBeDisabled();
  await amount.fill(total);
  await capture(page, 'invoices-create-information');
  await page.getByTestId('invoice-issue').click();

  await page.waitForURL(/\/invoices\/\d+$/);
  await waitForScreen(page);
  const heading = await page.locator('main h1').first().innerText();
  const folio = /Invoice (\d{4}-\d{6})/.exec(heading)?.[1];
  expect(folio, heading).toBeDefined();
  acmeInvoice = { id: Number(/\/invoices\/(\d+)$/.exec(page.url())![1]), folio: folio! };
  await expect(page.getByTestId('invoice-status').first()).toHaveText('Paid');
  await expect(page.getByTestId('invoice-lines')).toContainText(first.code);
  await expect(page.getByTestId('invoice-lines')).toContainText(second.code);
  await capture(page, 'invoices-detail-admin');

  // The task list shows the folio and the paid tag.
  await page.goto(`/tasks/${first.id}`);
  await waitForScreen(page);
  await expect(page.getByText(folio!).first()).toBeVisible();
  await expect(page.getByTestId('invoice-tag').first()).toHaveText(/paid/i);
});

test('the client admin of Acme finds the invoice and downloads its PDF', async ({ page }) => {
  expect(acmeInvoice, 'the invoice of the first journey').toBeDefined();
  await signInQuickly(page, DEMO.acmeAdmin);
  await page.goto('/invoices');
  await waitForScreen(page);
  await expect(page.getByTestId('invoices-create')).toHaveCount(0);
  await expect(page.getByTestId('invoices-export')).toHaveCount(0);
  await capture(page, 'invoices-list-client');
  await page.getByRole('link', { name: acmeInvoice!.folio }).click();
  await waitForScreen(page);
  await expect(page.getByTestId('invoice-mark-paid')).toHaveCount(0);
  await expect(page.getByTestId('invoice-rectify')).toHaveCount(0);
  await capture(page, 'invoices-detail-client');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('invoice-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${acmeInvoice!.folio}.pdf`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test('the admin marks a DEFERRED customer’s invoice paid; the task’s tag turns paid', async ({ page }) => {
  // Globex works on deferred terms: its client sends the draft to production, unpaid.
  const id = await createDraftTask(page.request, DEMO.globexAdmin, {
    name: `Deferred brochure ${Date.now()}`,
    targetIsos: TARGETS,
    files: [FILE],
  });
  const globex = await apiAs(page.request, DEMO.globexAdmin);
  const sent = await page.request.post(`/api/tasks/${id}/update/deferred`, { headers: globex.headers });
  expect(sent.ok(), 'sent to production').toBe(true);
  const admin = await apiAs(page.request, DEMO.verbaAdmin);
  const customers = await admin.get<{ data: { id: number; name: string }[] }>('/customers?per_page=100');
  const customerId = customers.data.find((c) => c.name === 'Globex')!.id;
  const draft = await admin.get<{
    tasks: { id: number; amount: string }[];
    information: Record<string, unknown>;
  }>(`/invoices/draft?customer_id=${customerId}`);
  const task = draft.tasks.find((row) => row.id === id)!;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const issued = await page.request.post('/api/invoices', {
    headers: admin.headers,
    data: {
      ...draft.information,
      customer_id: customerId,
      task_ids: [id],
      tax: 'NONE',
      amount: task.amount,
      issued_at: today,
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const invoice = ((await issued.json()) as { data: { id: number; folio: string } }).data;

  await signInQuickly(page, DEMO.verbaAdmin);
  await page.goto(`/invoices/${invoice.id}`);
  await waitForScreen(page);
  await expect(page.getByTestId('invoice-status').first()).toHaveText('Pending');
  await page.getByTestId('invoice-mark-paid').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessibleDialog(page, 'mark paid');
  await page.getByTestId('invoice-dialog-text').fill('Bank transfer 2026/77');
  await page.getByTestId('invoice-dialog-confirm').click();
  await expect(page.getByTestId('invoice-status').first()).toHaveText('Paid');
  await expect(page.getByTestId('invoice-summary')).toContainText('Bank transfer 2026/77');
  await capture(page, 'invoices-detail-paid');

  await page.goto(`/tasks/${id}`);
  await waitForScreen(page);
  await expect(page.getByText(invoice.folio).first()).toBeVisible();
  await expect(page.getByTestId('invoice-tag').first()).toHaveText(/paid/i);
  await page.goto('/invoices');
  await waitForScreen(page);
  await capture(page, 'invoices-list-admin');
});
