import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  capture,
  dismissToasts,
  expectAccessibleDialog,
  screenshot,
  signInQuickly,
  waitForScreen,
} from './support.ts';
import { apiAs, createDraftTask, enableGeneralRates } from './task-setup.ts';

// The money a client can trust. A pair of its own: en→pt priced, en→ja never priced.
const PRICED = 'pt';
const UNPRICED = 'ja';
const CARD_AUTHORISED = '4548812049400004';

const LEAFLET = {
  name: 'leaflet.txt',
  // over 1,000 bytes, so its size shows in kB (with a decimal comma in es and ca)
  content: Array.from(
    { length: 24 },
    (_, i) => `Sentence number ${i + 1} of our leaflet explains how the portal prices a translation.`,
  ).join('\n'),
};

async function switchLanguage(page: Page, language: 'en' | 'es' | 'ca'): Promise<void> {
  await page.getByTestId('language-switcher').click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

async function openQuote(page: Page, taskId: number): Promise<void> {
  await page.goto(`/tasks/${taskId}/quote`);
  await waitForScreen(page);
  await expect(page.getByTestId('quote-summary')).toBeVisible();
}

/** The action-log rows of one action, counted (admin API). */
async function logCount(page: Page, action: string): Promise<number> {
  const { get } = await apiAs(page.request, DEMO.verbaAdmin);
  return (await get<{ total: number }>(`/action-logs?action=${action}&per_page=1`)).total;
}

test.describe('the quote a client can trust', () => {
  test.beforeAll(async ({ request }) => {
    await enableGeneralRates(request, ['Acme'], [PRICED]);
  });

  test('the quote page in en, es and ca: grand total with discount and taxes, due date, pay button', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const taskId = await createDraftTask(page.request, DEMO.acmeAdmin, {
      name: `Quote page ${Date.now()}`,
      targetIsos: [PRICED],
      files: [LEAFLET],
    });
    const { get } = await apiAs(page.request, DEMO.acmeAdmin);
    const task = await get<{ taxed_price: string; discount_amount: string; price_taxes: string }>(
      `/task/${taskId}`,
    );
    await signInQuickly(page, DEMO.acmeAdmin);
    try {
      await openQuote(page, taskId);
      const summary = page.getByTestId('quote-summary');
      await expect(page.getByTestId('quote-grand-total')).toContainText(
        `€${Number(task.taxed_price).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
      );
      if (Number(task.discount_amount) > 0) await expect(page.getByTestId('quote-discount')).toBeVisible();
      await expect(page.getByTestId('quote-taxes')).toContainText('IVA (21 %)');
      await expect(page.getByTestId('quote-due-date')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
      await expect(summary.getByTestId('pay-task')).toBeEnabled();
      // one precision for payable words
      await expect(page.getByTestId('payable-words')).toHaveText(/^\d[\d,]*\.\d payable words$/);
      await capture(page, 'money-quote-en');

      await switchLanguage(page, 'es');
      await openQuote(page, taskId);
      await expect(page.getByTestId('quote-grand-total')).toContainText(/\d,\d{2}\s€/);
      await expect(page.getByTestId('payable-words')).toHaveText(/^\d[\d.]*,\d palabras a pagar$/);
      await capture(page, 'money-quote-es');
      await page.goto(`/tasks/${taskId}`);
      await waitForScreen(page);
      await expect(page.getByTestId('source-file-row').first()).toContainText(/\d,\d kB/);

      await switchLanguage(page, 'ca');
      await openQuote(page, taskId);
      await expect(page.getByTestId('quote-grand-total')).toContainText(/\d,\d{2}\s€/);
      await capture(page, 'money-quote-ca');
    } finally {
      await switchLanguage(page, 'en');
    }
  });

  test('an unpriced language: price on request in the picker, to be confirmed, pay disabled with the reason', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signInQuickly(page, DEMO.acmeAdmin);
    await page.goto('/tasks/create');
    await waitForScreen(page);
    // English is the default source
    await expect(page.getByTestId('task-source-language')).toHaveValue('English');
    await page.getByTestId('task-target-languages').click();
    await expect(page.getByRole('option', { name: /^Portuguese\b/ })).toContainText('/word');
    await expect(page.getByRole('option', { name: /^Japanese\b/ })).toContainText('price on request');
    // priced targets first
    await expect(page.getByRole('option').first()).toContainText('/word');
    await page.getByRole('option', { name: /^Japanese\b/ }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('unpriced-target-note')).toBeVisible();
    await screenshot(page, 'money-target-picker-desktop');

    const taskId = await createDraftTask(page.request, DEMO.acmeAdmin, {
      name: `Unpriced ${Date.now()}`,
      targetIsos: [PRICED, UNPRICED],
      files: [LEAFLET],
    });
    await page.goto(`/tasks/${taskId}`);
    await waitForScreen(page);
    await expect(page.getByTestId('pay-task')).toBeDisabled();
    await expect(page.getByTestId('pay-blocked-reason')).toContainText('to be confirmed');
    await expect(page.getByTestId('to-confirm')).toContainText('Japanese');
    await expect(page.getByTestId('taxed-price')).toContainText('+ to be confirmed');
    await capture(page, 'money-unpriced-detail');
    await openQuote(page, taskId);
    await expect(page.getByTestId('quote-to-confirm')).toContainText('Japanese');
    await expect(page.getByTestId('rate-missing')).toHaveCount(1);
    await capture(page, 'money-quote-unpriced');
  });

  test('before the bank, the balance and the card parts; the OK page without parameters logs nothing', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const admin = await apiAs(page.request, DEMO.verbaAdmin);
    const acme = (
      await admin.get<{ data: { id: number; name: string }[] }>('/customers?per_page=100')
    ).data.find((customer) => customer.name === 'Acme')!;
    const bonus = await page.request.post('/api/bonuses', {
      headers: admin.headers,
      data: { customer_id: acme.id, amount: '1.00', description: 'Welcome credit' },
    });
    expect(bonus.status()).toBe(201);
    const name = `Balance and card ${Date.now()}`;
    const taskId = await createDraftTask(page.request, DEMO.acmeAdmin, {
      name,
      targetIsos: [PRICED],
      files: [LEAFLET],
    });
    await signInQuickly(page, DEMO.acmeAdmin);
    await page.goto(`/tasks/${taskId}`);
    await waitForScreen(page);
    await page.getByTestId('pay-task').click();
    const dialog = page.getByRole('dialog', { name: 'How this payment is made' });
    await expect(dialog).toContainText('€1.00 comes from your balance');
    await expect(dialog).toContainText('is charged to your card');
    await expectAccessibleDialog(page, 'balance and card');
    await screenshot(page, 'money-balance-and-card-desktop');
    await dialog.getByRole('button', { name: 'Continue to the bank' }).click();
    await page.waitForURL(/\/api\/sandbox-bank$/);
    await page.getByRole('textbox', { name: 'Card number' }).fill(CARD_AUTHORISED);
    // The test bank notifies the portal before the browser comes back (as a real bank often does):
    // the return finds the order answered, says the task is approved, and logs nothing more.
    const repeatedBefore = await logCount(page, 'payments.repeated');
    const verifyBefore = await logCount(page, 'payments.verify');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(new RegExp(`/tasks/ok/${taskId}\\?`));
    await expect(page.getByTestId('payment-ok-page')).toBeVisible();
    await expect(page.getByTestId('payment-result')).toContainText('Payment received');
    await expect(page.getByTestId('payment-result')).toContainText('the task is approved');
    await expect(page.getByTestId('payment-error')).toHaveCount(0);
    // a reload of the return, with the bank's parameters: the same page, still nothing logged
    await page.reload();
    await waitForScreen(page);
    await expect(page.getByTestId('payment-result')).toContainText('Payment received');
    expect(await logCount(page, 'payments.repeated')).toBe(repeatedBefore);
    expect(await logCount(page, 'payments.verify')).toBe(verifyBefore);

    // A bookmark or a reload of the OK page, without the bank's parameters.
    const refusedBefore = await logCount(page, 'payments.refused');
    const verifiedBefore = await logCount(page, 'payments.verify');
    await page.goto(`/tasks/ok/${taskId}`);
    await waitForScreen(page);
    await expect(page.getByTestId('payment-state')).toContainText('This task is paid. State: Approved.');
    await expect(page.getByTestId('payment-task-name')).toHaveText(name);
    await capture(page, 'money-ok-without-parameters');
    expect(await logCount(page, 'payments.refused')).toBe(refusedBefore);
    expect(await logCount(page, 'payments.verify')).toBe(verifiedBefore);

    // paid in full: nothing outstanding, on the same basis as the total
    await page.goto(`/tasks/${taskId}`);
    await waitForScreen(page);
    await expect(page.getByTestId('section-payments')).toContainText('Still to pay (taxes included)');
    await expect(page.getByTestId('outstanding-balance')).toHaveText('Fully paid');
  });

  test('a form opened before the price changed does not approve the task; staff recalculate a quote', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const taskId = await createDraftTask(page.request, DEMO.acmeAdmin, {
      name: `Old form ${Date.now()}`,
      targetIsos: [PRICED],
      files: [LEAFLET],
    });
    await signInQuickly(page, DEMO.acmeAdmin);
    await page.goto(`/tasks/${taskId}`);
    await waitForScreen(page);
    await page.getByTestId('pay-task').click();
    await page.waitForURL(/\/api\/sandbox-bank$/);

    // meanwhile staff raise the amount to pay
    const pm = await apiAs(page.request, DEMO.verbaPm);
    const raised = await page.request.put(`/api/tasks/${taskId}/updateAmountToPay`, {
      headers: pm.headers,
      data: { amount_to_pay: '6965.97' },
    });
    expect(raised.ok()).toBe(true);
    await page.getByRole('textbox', { name: 'Card number' }).fill(CARD_AUTHORISED);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(new RegExp(`/tasks/ok/${taskId}\\?`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment not completed');
    const { get } = await apiAs(page.request, DEMO.acmeAdmin);
    expect((await get<{ state: string }>(`/task/${taskId}`)).state).toBe('DRAFT');

    // staff price the quote again from the rates
    const context = await browser.newContext();
    const staff = await context.newPage();
    await signInQuickly(staff, DEMO.verbaPm);
    await staff.goto(`/tasks/${taskId}`);
    await waitForScreen(staff);
    await staff.getByTestId('recalculate-quote').click();
    await expect(staff.getByTestId('section-history')).toContainText(/recalculated by staff/);
    await dismissToasts(staff);
    await context.close();
    expect(Number((await get<{ amount_to_pay: string }>(`/task/${taskId}`)).amount_to_pay)).toBeLessThan(
      6965.97,
    );
  });
});
