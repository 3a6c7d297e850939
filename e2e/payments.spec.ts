import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  DEMO,
  WIDTHS,
  capture,
  dismissToasts,
  expectAccessibleDialog,
  sectionShots,
  signInQuickly,
  waitForScreen,
} from './support.ts';
import { apiAs, createDraftTask, enableGeneralRates } from './task-setup.ts';

// The sandbox bank's test cards (apps/api/src/modules/payments/gateway/sandbox-bank.ts).
const CARD_AUTHORISED = '4548812049400004';
const CARD_DECLINED = '4000000000000002';
// Pairs of their own: the tasks journey prices en→es and en→fr, the rates journey de→it and pt→de.
const TARGETS = ['de', 'it'];

const sentences = [
  'Our new coffee machine brews a perfect cup in under a minute.',
  'Clean the water tank every week to keep the taste fresh.',
  'The warranty covers every part for two years from the date of purchase.',
];
const BROCHURE = { name: 'brochure.txt', content: sentences.join('\n') };
const LEAFLET = { name: 'leaflet.txt', content: [...sentences].reverse().join(' ') };

/** A euro amount as the screen shows it (en-GB or ca), as a number. */
function euros(text: string): number {
  const digits = text.replace(/[^\d,.-]/g, '');
  // en-GB: 1,234.56 · ca/es: 1.234,56
  const normal = /,\d{2}$/.test(digits)
    ? digits.replace(/\./g, '').replace(',', '.')
    : digits.replace(/,/g, '');
  return Number(normal);
}

/** At phone width the table fits its scroll region: no column is pushed off the screen. */
async function expectFitsPhone(page: Page, table: Locator, name: string): Promise<void> {
  await page.setViewportSize(WIDTHS.phone);
  const region = table.locator('xpath=ancestor::*[@role="region"][1]');
  await expect
    .poll(async () => region.evaluate((element) => element.scrollWidth - element.clientWidth), {
      message: `${name} fits a phone`,
    })
    .toBeLessThanOrEqual(1);
  await page.setViewportSize(WIDTHS.desktop);
}

/** From the task detail: pay, check the card is used for (part of) the price, land on the bank. */
async function openBank(page: Page): Promise<void> {
  // The answer is read on its way to the page (the page leaves at once for the bank).
  let answer: { paymentDone: boolean; payment: { card_amount: string } } | undefined;
  await page.route('**/api/tasks/paymentGateway*', async (route) => {
    const response = await route.fetch();
    answer = ((await response.json()) as { data: NonNullable<typeof answer> }).data;
    await route.fulfill({ response });
  });
  await page.getByTestId('pay-task').click();
  // With a balance, the client first sees what comes from it and what from the card.
  const split = page.getByRole('dialog', { name: 'How this payment is made' });
  await split
    .getByRole('button', { name: 'Continue to the bank' })
    .click({ timeout: 3_000 })
    .catch(() => undefined);
  await page.waitForURL(/\/api\/sandbox-bank$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox bank: test payment' })).toBeVisible();
  expect(answer?.paymentDone, 'the balance does not cover the task').toBe(false);
  expect(Number(answer?.payment.card_amount)).toBeGreaterThan(0);
  await expect(page.getByRole('definition').first()).toHaveText(`€${answer?.payment.card_amount}`);
}

/** Acme's admin orders a draft (through the API) and opens its detail; returns the task's id. */
async function acmeDraftOnScreen(page: Page, name: string): Promise<number> {
  const taskId = await createDraftTask(page.request, DEMO.acmeAdmin, {
    name,
    targetIsos: TARGETS,
    files: [BROCHURE],
  });
  await signInQuickly(page, DEMO.acmeAdmin);
  await page.goto(`/tasks/${taskId}`);
  await waitForScreen(page);
  await expect(page.getByTestId('task-state').first()).toHaveText('Draft');
  return taskId;
}

async function payWithCard(page: Page, card: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Card number' }).fill(card);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

test.describe('payments', () => {
  test.beforeAll(async ({ request }) => {
    await enableGeneralRates(request, ['Acme', 'Globex'], TARGETS);
  });

  test('Acme pays a draft with the sandbox card: the bank page, the OK page, the task approved', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const name = `Card payment ${Date.now()}`;
    const taskId = await acmeDraftOnScreen(page, name);

    await openBank(page);
    await capture(page, 'payments-sandbox-bank');
    await payWithCard(page, CARD_AUTHORISED);

    await page.waitForURL(new RegExp(`/tasks/ok/${taskId}\\?`));
    await expect(page.getByTestId('payment-ok-page')).toBeVisible();
    await expect(page.getByTestId('payment-task-name')).toHaveText(name);
    await expect(page.getByTestId('payment-error')).toHaveCount(0);
    await capture(page, 'payments-ok');

    await page.getByRole('link', { name: 'Open the task' }).click();
    await page.waitForURL(new RegExp(`/tasks/${taskId}$`));
    await expect(page.getByTestId('task-state').first()).toHaveText('Approved');
    await expect(page.getByTestId('pay-task')).toHaveCount(0);
    await expect(page.getByTestId('section-payments')).toBeVisible();
    await expect(page.getByTestId('section-history')).toContainText('Draft → Approved');
    await capture(page, 'payments-client-approved');
  });

  test('a declined card leaves the draft: the KO page names it and announces the error', async ({ page }) => {
    test.setTimeout(150_000);
    const name = `Declined card ${Date.now()}`;
    const taskId = await acmeDraftOnScreen(page, name);
    await openBank(page);
    await payWithCard(page, CARD_DECLINED);

    await page.waitForURL(new RegExp(`/tasks/ko/${taskId}\\?`));
    await expect(page.getByTestId('payment-ko-page')).toBeVisible();
    await expect(page.getByTestId('payment-task-name')).toHaveText(name);
    await expect(page.getByRole('alert')).toContainText('The bank declined the payment');
    await capture(page, 'payments-ko');

    await page.getByRole('link', { name: 'Open the task' }).click();
    await expect(page.getByTestId('task-state').first()).toHaveText('Draft');
    await expect(page.getByTestId('pay-task')).toBeVisible();
  });

  test('a card payment shows in the task payments and clears the outstanding balance', async ({ page }) => {
    const taskId = await acmeDraftOnScreen(page, `Paid in full ${Date.now()}`);
    await openBank(page);
    await payWithCard(page, CARD_AUTHORISED);
    await page.waitForURL(new RegExp(`/tasks/ok/${taskId}\\?`));
    await page.goto(`/tasks/${taskId}`);
    await expect(page.getByTestId('task-state').first()).toHaveText('Approved');
    const payments = page.getByTestId('payments-table');
    await expect(payments.getByRole('row')).toHaveCount(2);
    await expect(payments.getByRole('row').nth(1)).toContainText('Card');
    await expect(payments.getByRole('row').nth(1)).toContainText('incl.');
    expect(euros(await page.getByTestId('outstanding-balance').innerText())).toBe(0);
  });

  test('Globex sends a draft to production; the PM delivers it; the client downloads; the admin records a payment', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const name = `Deferred terms ${Date.now()}`;
    const taskId = await createDraftTask(page.request, DEMO.globexAdmin, {
      name,
      targetIsos: TARGETS,
      files: [BROCHURE, LEAFLET],
    });

    // The client of a DEFERRED customer sends the draft to production: no card.
    await signInQuickly(page, DEMO.globexAdmin);
    await page.goto(`/tasks/${taskId}`);
    await waitForScreen(page);
    await expect(page.getByTestId('pay-task')).toHaveCount(0);
    await page.getByTestId('send-to-production').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send to production' }).click();
    await page.waitForURL(/\/tasks$/);
    await expect(page.getByText('The task was sent to production.')).toBeVisible();
    await page.goto(`/tasks/${taskId}`);
    await expect(page.getByTestId('task-state').first()).toHaveText('In production, invoiced later');

    // The PM (Catalan) starts it, delivers every file in every language, and finishes it.
    const pmContext = await browser.newContext({ viewport: WIDTHS.desktop });
    const pm = await pmContext.newPage();
    await signInQuickly(pm, DEMO.verbaPm);
    await pm.goto(`/tasks/${taskId}`);
    await waitForScreen(pm);
    await pm.getByTestId('change-status').click();
    await pm.waitForURL(new RegExp(`/tasks/${taskId}/edit/status$`));
    await expect(pm.getByTestId('task-status-page')).toBeVisible();
    await expect(pm.getByTestId('task-state')).toHaveText('En producció, es factura després');
    await capture(pm, 'payments-pm-status');
    await pm.getByTestId('status-save').click();
    await expect(pm.getByTestId('status-error')).toHaveText('Triï el nou estat.');
    await pm.getByTestId('status-IN_COURSE').check();
    await pm.getByTestId('status-save').click();
    await expect(pm.getByText('La tasca ara està en estat En curs.')).toBeVisible();
    // Spec part 1 §6: after a status update the user is back on /tasks with the toast.
    await pm.waitForURL(/\/tasks$/);
    await expect(pm.getByTestId(`task-row-${taskId}`)).toContainText('En curs');

    await pm.goto(`/tasks/${taskId}`);
    await waitForScreen(pm);
    const expand = pm.getByTestId('expand-file');
    await expect(expand).toHaveCount(2);
    for (const button of await expand.all()) await button.click();
    const uploads = pm.getByRole('button', { name: /^Pugi la traducció / });
    await expect(uploads).toHaveCount(4);
    await expect(pm.getByText('Encara no lliurada')).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      const chooser = pm.waitForEvent('filechooser');
      await uploads.nth(i).click();
      await (
        await chooser
      ).setFiles({
        name: `translation-${i}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from(`Traducció ${i}`),
      });
      await expect(pm.getByText('Encara no lliurada')).toHaveCount(3 - i);
    }
    await expect(pm.getByRole('button', { name: /^translation-\d\.txt$/ })).toHaveCount(4);
    await capture(pm, 'payments-pm-deliveries');
    await expectFitsPhone(pm, pm.getByTestId('source-files'), 'source files table');
    await sectionShots(pm, 'payments-pm', ['section-files', 'section-concepts']);

    await pm.getByTestId('change-status').click();
    await pm.getByTestId('status-DONE').check();
    await pm.getByTestId('status-save').click();
    await expect(pm.getByText('La tasca ara està en estat Finalitzat.')).toBeVisible();
    await pm.waitForURL(/\/tasks$/);
    await expect(pm.getByTestId(`task-row-${taskId}`)).toContainText('Finalitzat');
    await pmContext.close();

    // The client downloads the translations as one zip.
    await page.reload();
    await waitForScreen(page);
    await expect(page.getByTestId('task-state').first()).toHaveText('Done');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('translations-zip').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = readFileSync(await download.path());
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');

    // The admin records a payment; the outstanding balance is the amount to pay (taxes included) − payments.
    const adminContext = await browser.newContext({ viewport: WIDTHS.desktop });
    const admin = await adminContext.newPage();
    await signInQuickly(admin, DEMO.verbaAdmin);
    await admin.goto(`/tasks/${taskId}`);
    await waitForScreen(admin);
    // An extra concept, so the other prices count in the balance too.
    await admin.getByTestId('add-concept').click();
    const concept = admin.getByRole('dialog', { name: 'Add a concept' });
    await concept.getByRole('textbox', { name: 'Concept' }).fill('Desktop publishing');
    await concept.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await concept.getByRole('textbox', { name: 'Price' }).fill('3.25');
    await concept.getByRole('button', { name: 'Save' }).click();
    await expect(concept).toHaveCount(0);
    await expect(admin.getByTestId('concepts-table')).toContainText('Desktop publishing');
    const { get } = await apiAs(admin.request, DEMO.verbaAdmin);
    const task = await get<{ amount_to_pay: string; other_prices: string }>(`/task/${taskId}`);
    expect(Number(task.other_prices)).toBeGreaterThan(0);
    const owed = Number(task.amount_to_pay);
    const outstanding = async () => euros(await admin.getByTestId('outstanding-balance').innerText());
    await expect.poll(outstanding).toBeCloseTo(owed, 2);
    await admin.getByTestId('add-payment').click();
    const dialog = admin.getByRole('dialog', { name: 'Add a payment' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('This field is required').first()).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('1.50');
    await dialog.getByRole('textbox', { name: 'Payment method' }).fill('Bank transfer');
    await expectAccessibleDialog(admin, 'payment modal');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    const payments = admin.getByTestId('payments-table');
    await expect(payments.getByRole('row')).toHaveCount(2);
    await expect(payments).toContainText('Bank transfer');
    await expect.poll(outstanding).toBeCloseTo(owed - 1.5, 2);
    await dismissToasts(admin);
    await capture(admin, 'payments-admin-history');
    await expectFitsPhone(admin, payments, 'payments table');
    await sectionShots(admin, 'payments-admin', ['section-payments', 'section-totals']);
    await adminContext.close();
  });
});
