import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  SCREENSHOT_DIR,
  apiToken,
  capture,
  sectionShots,
  signInQuickly,
  waitForScreen,
} from './support.ts';

// The demo's check: the demo as shipped, no set-up. One of the demo's own sample documents,
// quoted against Acme's memory (seeded from the same documents), paid with the sandbox card.
const GUIDE = fileURLToPath(
  new URL('../apps/api/src/db/seed/demo-files/product-guide.html', import.meta.url),
);
const CARD_AUTHORISED = '4548812049400004';

/** The number of words a band's row shows ("1.234" in es, "1,234" in en). */
async function bandWords(page: Page, key: string): Promise<number> {
  const cell = page.getByTestId(`band-${key}`).first().getByRole('cell').first();
  return Number((await cell.innerText()).replace(/\D/g, '') || '0');
}

test('the demo as shipped: a client quotes a demo document with memory matches, pays by card, the admin sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const name = `Cloud Backup guide ${Date.now()}`;

  // user@acme.test (Spanish) orders the user guide into Spanish
  await signInQuickly(page, DEMO.acmeUser);
  await page.goto('/tasks/create');
  await waitForScreen(page);
  await page.getByTestId('task-name').fill(name);
  await page.getByTestId('task-target-languages').click();
  // Each option carries its price per word, so the name only starts with the language.
  await page.getByRole('option', { name: /^Español\s*\d/ }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('task-dropzone').locator('input[type=file]').setInputFiles(GUIDE);
  await expect(page.getByTestId('task-file')).toHaveCount(1);
  await page.getByTestId('task-save').click();
  await page.waitForURL(/\/tasks\/\d+$/);
  // The toast says what is done, never that an analysis "has started" beside a quote already shown.
  await expect(page.getByText('Tarea guardada.', { exact: true })).toBeVisible();
  const taskId = Number(/\/tasks\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId('task-state').first()).toHaveText('Borrador', { timeout: 60_000 });

  // The quote is priced at once, and the memory shows: in-context, exact and fuzzy matches
  await page.getByTestId('quote-link').click();
  await expect(page.getByTestId('task-quote-page')).toBeVisible();
  await expect(page.getByTestId('rate-missing')).toHaveCount(0);
  expect(await bandWords(page, '101Match'), '101 % (in context)').toBeGreaterThan(0);
  expect(await bandWords(page, '100Match'), '100 %').toBeGreaterThan(0);
  const fuzzy =
    (await bandWords(page, '95Match')) +
    (await bandWords(page, '85Match')) +
    (await bandWords(page, '75Match')) +
    (await bandWords(page, '50Match'));
  expect(fuzzy, 'fuzzy bands').toBeGreaterThan(0);
  expect(await bandWords(page, 'noMatch')).toBeGreaterThan(0);
  const total = await page.getByTestId('language-total').first().innerText();
  expect(Number(total.replace(/[^\d]/g, '')), 'a price, not €0.00').toBeGreaterThan(0);
  await capture(page, 'demo-quote-es');

  // Pays with the sandbox card
  await page.goto(`/tasks/${taskId}`);
  await waitForScreen(page);
  await page.getByTestId('pay-task').click();
  await page.waitForURL(/\/api\/sandbox-bank$/);
  await page.getByRole('textbox', { name: /Card number|Número de tarjeta/ }).fill(CARD_AUTHORISED);
  await page.getByRole('button', { name: /^(Pay|Pagar)$/ }).click();
  await page.waitForURL(new RegExp(`/tasks/ok/${taskId}\\?`));
  await expect(page.getByTestId('payment-ok-page')).toBeVisible();
  await expect(page.getByTestId('payment-error')).toHaveCount(0);

  // The admin sees the card payment on the task, and Acme's memory on its page
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInQuickly(admin, DEMO.verbaAdmin);
  await admin.goto(`/tasks/${taskId}`);
  await waitForScreen(admin);
  await expect(admin.getByTestId('task-state').first()).toHaveText('Approved');
  const payments = admin.getByTestId('payments-table');
  await expect(payments.getByRole('row').nth(1)).toContainText('Card');
  await expect(admin.getByTestId('section-history')).toContainText('Draft → Approved');

  const customers = await admin.request.get('/api/customers?per_page=100', {
    headers: { authorization: `Bearer ${(await apiToken(admin.request, DEMO.verbaAdmin)).access_token}` },
  });
  const acme = (
    (await customers.json()) as { data: { data: { id: number; name: string }[] } }
  ).data.data.find((c) => c.name === 'Acme')!;
  await admin.goto(`/customers/${acme.id}/edit`);
  // The customer page is long (form, users, four rate sections): let it load on a busy machine.
  await expect(admin.getByTestId('customer-memories')).toBeVisible({ timeout: 60_000 });
  await waitForScreen(admin);
  const memories = admin.getByTestId('customer-memories');
  await expect(memories.getByTestId('memory-en-es')).toContainText('acme-en-es.tmx');
  await expect(memories.getByTestId('memory-en-es')).toContainText('TMX import');
  await expect(admin.getByTestId('rates-missing')).toHaveCount(0);
  await capture(admin, 'demo-customer-page');
  await sectionShots(admin, 'demo-customer', ['customer-memories']);
  await memories.screenshot({ path: `${SCREENSHOT_DIR}demo-customer-memories-desktop.png` });
  await context.close();

  // Acme's client admin sees which pairs have a memory, as counts only
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await signInQuickly(client, DEMO.acmeAdmin);
  await client.goto('/company');
  await expect(client.getByTestId('company-memories')).toBeVisible({ timeout: 60_000 });
  await waitForScreen(client);
  await expect(client.getByTestId('company-memories')).toContainText('English → Spanish');
  await capture(client, 'demo-company-memories');
  await clientContext.close();
});
