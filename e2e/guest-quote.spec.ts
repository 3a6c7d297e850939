import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO, WIDTHS, apiToken, capture, signInQuickly, waitForScreen } from './support.ts';
import { apiAs, enableGeneralRates } from './task-setup.ts';

// The sandbox bank's authorised test card (apps/api/src/modules/payments/gateway/sandbox-bank.ts).
const CARD_AUTHORISED = '4548812049400004';
const LEAFLET = [
  'Our new coffee machine brews a perfect cup in under a minute.',
  'Clean the water tank every week to keep the taste fresh.',
].join('\n');
const LEAFLET_ES = 'Nuestra nueva cafetera prepara una taza perfecta en menos de un minuto.';

/** The proof of work runs in the browser (the e2e server's difficulty is small, see playwright.config.ts). */
async function solveBotCheck(page: Page): Promise<void> {
  // A click starts the work; the box is ticked once it is done.
  await page.locator('altcha-widget input[type="checkbox"]').click();
  await expect(page.locator('input[name="recaptcha_token"]')).not.toHaveValue('', { timeout: 30_000 });
}

test.describe('guest quote', () => {
  test.beforeAll(async ({ request }) => {
    // A general rate en→es prices the guest's quote (no customer).
    await enableGeneralRates(request, [], ['es']);
  });

  test('a guest asks for a quote, pays by card; staff deliver it and the guest downloads it from the link', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const company = `Initech ${Date.now()}`;
    const email = `guest-${Date.now()}@initech.test`;

    await page.goto('/quote');
    await expect(page.getByTestId('quote-form')).toBeVisible();
    await expect(page.getByTestId('extended-footer')).toBeVisible();
    await capture(page, 'guest-quote-form');

    // Sending an empty form names the fields it needs, on the page (no request).
    await page.getByTestId('quote-submit').click();
    await expect(page.getByTestId('quote-form-errors')).toBeVisible();
    await capture(page, 'guest-quote-form-errors');

    await page.getByTestId('quote-company_name').fill(company);
    await page.getByTestId('quote-country').click();
    await page.getByRole('option', { name: 'United Kingdom', exact: true }).click();
    await page.getByTestId('quote-first_name').fill('Gina');
    await page.getByTestId('quote-last_name').fill('Guest');
    await page.getByTestId('quote-email').fill(email);
    await page.getByTestId('quote-phone_number').fill('+44 20 7946 0000');
    await page.getByTestId('quote-target-languages').click();
    await page.getByRole('option', { name: 'Spanish', exact: true }).click();
    await page.keyboard.press('Escape');
    await page
      .getByTestId('quote-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'leaflet.txt', mimeType: 'text/plain', buffer: Buffer.from(LEAFLET) });
    await expect(page.getByTestId('quote-file-list')).toContainText('leaflet.txt');
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await solveBotCheck(page);
    await page.getByTestId('quote-submit').click();

    await page.waitForURL(/\/quote\/registered$/);
    await expect(page.getByTestId('quote-registered')).toBeVisible();
    await capture(page, 'guest-quote-registered');

    // The link comes by mail (the embedded server keeps mails in an outbox an admin reads).
    const admin = await apiToken(request, DEMO.verbaAdmin);
    const outbox = await request.get('/api/dev/mail-outbox', {
      headers: { Authorization: `Bearer ${admin.access_token}` },
    });
    const mails = ((await outbox.json()) as { data: Array<{ to: string; text: string }> }).data;
    const link = /https?:\/\/\S+\/guest-task\/[A-Za-z0-9_-]+/.exec(
      mails.find((mail) => mail.to === email)?.text ?? '',
    )?.[0];
    expect(link, 'quote link in the guest mail').toBeTruthy();
    await page.goto(new URL(link!).pathname);

    // Analysed in the background: the price appears once the files are counted.
    await expect(page.getByTestId('guest-task-total')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('guest-task-state')).toHaveText('Awaiting payment');
    await expect(page.getByTestId('guest-task-files')).toContainText('leaflet.txt');
    await capture(page, 'guest-task-quote');

    await page.getByTestId('guest-task-pay').click();
    await page.waitForURL(/\/api\/sandbox-bank$/);
    await page.getByRole('textbox', { name: 'Card number' }).fill(CARD_AUTHORISED);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(/\/guest-task\/ok\//);
    await expect(page.getByTestId('guest-payment-result')).toContainText('Payment received');
    await capture(page, 'guest-task-payment-ok');
    // A bookmark or a reload without the bank's parameters: still paid, nothing logged.
    const okPath = new URL(page.url()).pathname;
    const staff = await apiAs(page.request, DEMO.verbaAdmin);
    const logRows = async () => (await staff.get<{ total: number }>('/action-logs?per_page=1')).total;
    const rowsBefore = await logRows();
    await page.goto(okPath);
    await expect(page.getByTestId('guest-payment-result')).toContainText('Payment received');
    await expect(page.getByTestId('guest-payment-error')).toHaveCount(0);
    expect(await logRows()).toBe(rowsBefore);
    await page.getByRole('link', { name: 'Back to my quote' }).click();
    await expect(page.getByTestId('guest-task-state')).toHaveText('Paid');

    // Staff see the request under its company and person, APPROVED.
    await signInQuickly(page, DEMO.verbaAdmin);
    await page.goto('/tasks');
    await waitForScreen(page);
    const row = page.getByRole('row').filter({ hasText: company });
    await expect(row).toContainText('Gina Guest');
    await expect(row).toContainText('Approved');
    await row.getByRole('link').first().click();
    await expect(page.getByTestId('task-guest-request')).toContainText(email);
    await capture(page, 'guest-task-staff-detail');
    const taskPath = new URL(page.url()).pathname;

    // Staff take it in course, deliver the Spanish translation and mark it DONE (ADR 0018).
    await page.getByTestId('change-status').click();
    await page.getByTestId('status-IN_COURSE').check();
    await page.getByTestId('status-save').click();
    await page.waitForURL(/\/tasks$/);
    await page.goto(taskPath);
    await waitForScreen(page);
    await page.getByTestId('expand-file').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload the Spanish translation' }).click();
    await (
      await chooser
    ).setFiles({ name: 'leaflet.es.txt', mimeType: 'text/plain', buffer: Buffer.from(LEAFLET_ES) });
    await expect(page.getByRole('button', { name: 'leaflet.es.txt', exact: true })).toBeVisible();
    await page.getByTestId('change-status').click();
    await page.getByTestId('status-DONE').check();
    await page.getByTestId('status-save').click();
    await page.waitForURL(/\/tasks$/);

    // The guest (no session) opens its link again and downloads the translation, alone and zipped.
    const guest = await browser.newContext({ viewport: WIDTHS.desktop, locale: 'en-GB' });
    const guestPage = await guest.newPage();
    await guestPage.goto(new URL(link!).pathname);
    await expect(guestPage.getByTestId('guest-task-state')).toHaveText('Delivered');
    const translations = guestPage.getByTestId('guest-task-translations');
    await expect(translations).toContainText('Spanish');
    await capture(guestPage, 'guest-task-delivered');
    const [one] = await Promise.all([
      guestPage.waitForEvent('download'),
      translations.getByRole('link', { name: 'Download leaflet.es.txt (Spanish)' }).click(),
    ]);
    expect(one.suggestedFilename()).toBe('leaflet.es.txt');
    expect(readFileSync((await one.path())!, 'utf8')).toBe(LEAFLET_ES);
    const [all] = await Promise.all([
      guestPage.waitForEvent('download'),
      guestPage.getByTestId('guest-task-download-all').click(),
    ]);
    expect(all.suggestedFilename()).toMatch(/^translations-.+\.zip$/);
    const entries = unzipSync(new Uint8Array(readFileSync((await all.path())!)));
    // each translation under its language, with the name it was delivered with
    expect(Object.keys(entries)).toEqual(['es/leaflet.es.txt']);
    expect(strFromU8(entries['es/leaflet.es.txt']!)).toBe(LEAFLET_ES);
    await guest.close();
  });

  test("the demo's guest request shows its file, words per language and price", async ({ page }) => {
    await page.goto('/guest-task/demo-guest-quote-link-0001');
    await expect(page.getByTestId('guest-task-state')).toHaveText('Awaiting payment');
    const files = page.getByTestId('guest-task-files');
    await expect(files).toContainText('release-notes.txt');
    await expect(files).toContainText('French');
    await expect(page.getByTestId('guest-task-total')).toContainText('€');
    await expect(page.getByTestId('guest-task-pay')).toBeVisible();
    await capture(page, 'guest-task-demo');
  });

  test('the admin edits the general minimum charges of guest quotes', async ({ page }) => {
    await signInQuickly(page, DEMO.verbaAdmin);
    await page.goto('/general/rates');
    await waitForScreen(page);
    const section = page.getByTestId('general-rates-minimum');
    await expect(section.getByTestId('minimum-amount-1')).toHaveValue('€30.00');
    const flash = section.getByTestId('minimum-amount-4');
    await flash.fill('-1');
    await section.getByTestId('minimum-save').click();
    await expect(section.getByText('Must be zero or more.')).toBeVisible();
    await flash.fill('16');
    await section.getByTestId('minimum-save').click();
    await expect(page.getByText('The general minimum rates are saved')).toBeVisible();
    await page.reload();
    await waitForScreen(page);
    await expect(page.getByTestId('general-rates-minimum').getByTestId('minimum-amount-4')).toHaveValue(
      '€16.00',
    );
    await page.getByTestId('general-rates-minimum').scrollIntoViewIfNeeded();
    await capture(page, 'general-rates-minimum');
  });

  test('an unknown link says so; the payment failure page offers a new quote', async ({ page }) => {
    await page.goto(`/guest-task/${'x'.repeat(32)}`);
    await expect(page.getByTestId('guest-task-unknown')).toBeVisible();
    await capture(page, 'guest-task-unknown');
    await page.goto('/guest-task/ko/');
    await expect(page.getByTestId('guest-payment-result')).toContainText('Payment not completed');
    await expect(page.getByTestId('guest-payment-error')).toHaveText(
      'The bank has not confirmed a payment yet: the task is not paid.',
    );
    await capture(page, 'guest-task-payment-ko');
  });
});
