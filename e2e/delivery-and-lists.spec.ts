import { strToU8, zipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  WIDTHS,
  SCREENSHOT_DIR,
  capture,
  expectAccessibleDialog,
  signInQuickly,
  waitForScreen,
} from './support.ts';
import { apiAs, createDraftTask, enableGeneralRates } from './task-setup.ts';

const TARGETS = ['es', 'ca'];
const GUIDE = { name: 'guide.txt', content: 'Read the guide before you start. Keep it near the machine.' };
const INTRO = { name: 'intro.txt', content: 'Welcome to the new coffee machine. It brews in a minute.' };

/** A Globex task sent to production (DEFERRED terms, no card): translations may be delivered. */
async function taskInProduction(page: Page, name: string): Promise<number> {
  await enableGeneralRates(page.request, ['Globex', 'Acme'], TARGETS);
  const id = await createDraftTask(page.request, DEMO.globexAdmin, {
    name,
    targetIsos: TARGETS,
    files: [GUIDE, INTRO],
  });
  const { headers } = await apiAs(page.request, DEMO.globexAdmin);
  const sent = await page.request.post(`/api/tasks/${id}/update/deferred`, { headers });
  expect(sent.ok(), 'send to production').toBe(true);
  return id;
}

const file = (name: string, content: string | Uint8Array) => ({
  name,
  mimeType: name.endsWith('.zip') ? 'application/zip' : 'text/plain',
  buffer: Buffer.from(typeof content === 'string' ? strToU8(content) : content),
});

test.describe('delivery and lists', () => {
  test('staff deliver a batch: proposed matches, one fixed by hand, one toast', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const taskId = await taskInProduction(page, `Bulk delivery ${Date.now()}`);
    const context = await browser.newContext({ viewport: WIDTHS.desktop });
    const staff = await context.newPage();
    await signInQuickly(staff, DEMO.verbaAdmin);
    await staff.goto(`/tasks/${taskId}`);
    await waitForScreen(staff);

    await staff.getByTestId('bulk-delivery-open').click();
    const dialog = staff.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const chooser = staff.waitForEvent('filechooser');
    await staff.getByTestId('bulk-delivery-pick').click();
    await (
      await chooser
    ).setFiles([
      // a zip with one folder per language, a suffixed file, a file the PM matches by hand, a stray file
      file(
        'delivery.zip',
        zipSync({
          'es/guide.txt': strToU8('Lea la guía antes de empezar.'),
          'ca/guide.txt': strToU8('Llegeixi la guia abans de començar.'),
        }),
      ),
      file('intro_es-ES.txt', 'Bienvenido a la nueva cafetera.'),
      file('intro-final.txt', 'Benvingut a la nova cafetera.'),
      file('notes.txt', 'Not a translation.'),
    ]);
    const rows = staff.getByTestId('bulk-delivery-row');
    await expect(rows).toHaveCount(5);
    // es/guide.txt, ca/guide.txt (folder) and intro_es-ES.txt (suffix) are matched; the others not.
    await expect(staff.locator('[data-testid="bulk-delivery-row"][data-matched="yes"]')).toHaveCount(3);
    await expect(staff.getByTestId('bulk-delivery-confirm')).toContainText('3');
    const stray = rows.filter({ hasText: 'notes.txt' });
    await expect(stray).toHaveAttribute('data-matched', 'no');
    await expect(stray.getByTestId('unmatched-badge')).toBeVisible();
    await expectAccessibleDialog(staff, 'bulk delivery review');
    await dialog.screenshot({ path: `${SCREENSHOT_DIR}delivery-bulk-review-desktop.png` });
    await staff.setViewportSize(WIDTHS.phone);
    await dialog.screenshot({ path: `${SCREENSHOT_DIR}delivery-bulk-review-phone.png` });
    await expectAccessibleDialog(staff, 'bulk delivery review (phone)');
    await staff.setViewportSize(WIDTHS.desktop);

    // The PM matches intro-final.txt to the Catalan intro by hand; the stray file stays aside.
    const intro = rows.filter({ hasText: 'intro-final.txt' });
    await intro.getByTestId('bulk-delivery-choice').click();
    await staff.getByRole('option', { name: /^intro\.txt → (Catalan|Català|Catalán)$/ }).click();
    await staff.getByTestId('bulk-delivery-confirm').click();
    await expect(dialog).toBeHidden();
    const toasts = staff.locator('.mantine-Notification-root');
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText('4');

    // Every file in every language is delivered now.
    for (const button of await staff.getByTestId('expand-file').all()) await button.click();
    await expect(staff.getByTestId('file-bands')).toHaveCount(2);
    await expect(staff.getByRole('button', { name: /^(guide|intro-final|intro_es-ES)\.txt$/ })).toHaveCount(
      4,
    );
    await capture(staff, 'delivery-task-delivered');

    // The client's zip: one folder per language, each file with the name it was delivered with.
    const { headers } = await apiAs(staff.request, DEMO.globexAdmin);
    const zip = await staff.request.get(`/api/task/${taskId}/translations.zip`, { headers });
    expect(zip.status()).toBe(200);
    const names = (await zip.body()).toString('latin1');
    for (const path of ['es/guide.txt', 'ca/guide.txt', 'es/intro_es-ES.txt', 'ca/intro-final.txt'])
      expect(names, path).toContain(path);
    await context.close();
  });

  test('staff list cancelled tasks, by their button and by the state filter', async ({ browser }) => {
    const context = await browser.newContext({ viewport: WIDTHS.desktop });
    const page = await context.newPage();
    await enableGeneralRates(page.request, ['Acme'], ['es']);
    const taskId = await createDraftTask(page.request, DEMO.acmeUser, {
      name: `Cancelled ${Date.now()}`,
      targetIsos: ['es'],
      files: [GUIDE],
    });
    const { headers } = await apiAs(page.request, DEMO.acmeUser);
    expect((await page.request.post(`/api/tasks/${taskId}/updateStateAsCancelled`, { headers })).ok()).toBe(
      true,
    );

    await signInQuickly(page, DEMO.verbaPm);
    await page.goto('/tasks');
    await waitForScreen(page);
    await expect(page.getByTestId('add-task')).toHaveCount(0);
    await page.getByTestId('show-cancelled').click();
    await expect(page.getByTestId('cancelled-tasks-page')).toBeVisible();
    await expect(page.getByTestId(`task-row-${taskId}`)).toBeVisible();
    await capture(page, 'delivery-pm-cancelled-tasks');

    await page.getByTestId('show-all-tasks').click();
    await waitForScreen(page);
    await expect(page.getByTestId(`task-row-${taskId}`)).toHaveCount(0);
    await page.getByTestId('task-state-filter').click();
    await page.getByRole('option', { name: /^(Cancelled|Cancelado|Cancel·lat)$/ }).click();
    await expect(page.getByTestId(`task-row-${taskId}`)).toBeVisible();
    await context.close();
  });

  test('rows open by click and Enter, links stay for a new tab, focus lands on the heading', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({ viewport: WIDTHS.desktop });
    const page = await context.newPage();
    await enableGeneralRates(page.request, ['Acme'], ['es']);
    const taskId = await createDraftTask(page.request, DEMO.acmeUser, {
      name: `Row click ${Date.now()}`,
      targetIsos: ['es'],
      files: [GUIDE],
    });
    await signInQuickly(page, DEMO.verbaAdmin);
    await page.goto('/customers');
    await waitForScreen(page);
    await expect(page.getByTestId('language-switcher')).toHaveAccessibleName(/^[A-Z]{2} – /);

    // By mouse, anywhere on the row (not only on the name).
    const row = page.locator('[data-testid^="customer-row-"]').first();
    const href = await row.getAttribute('data-href');
    expect(href).toMatch(/^\/customers\/\d+\/edit$/);
    await expect(row.getByRole('link')).toHaveAttribute('href', href!);
    await row.locator('td').last().click();
    await page.waitForURL(new RegExp(`${href}$`));
    await expect(page.locator('main h1')).toBeFocused();
    await capture(page, 'delivery-customer-opened-by-row');

    // By keyboard: the row is one tab stop, Enter opens it.
    await page.goBack();
    await waitForScreen(page);
    await expect(page.locator('main h1')).toBeFocused();
    // From the search box, Tab reaches the table's scroll region, then the first row.
    const first = page.locator('[data-testid^="customer-row-"]').first();
    await page.getByTestId('customer-search').focus();
    for (let i = 0; i < 3 && !(await first.evaluate((row) => row === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await page.screenshot({ path: `${SCREENSHOT_DIR}delivery-row-focus-desktop.png` });
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`${href}$`));

    // Text inputs show focus with a ring, not only a border colour.
    await page.goto('/tasks');
    await waitForScreen(page);
    const search = page.getByTestId('task-search');
    await search.focus();
    await page.screenshot({ path: `${SCREENSHOT_DIR}delivery-input-focus-desktop.png` });
    expect(await search.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

    const taskRow = page.getByTestId(`task-row-${taskId}`);
    await taskRow.locator('td').nth(1).click();
    await page.waitForURL(/\/tasks\/\d+$/);
    await expect(page.locator('main h1')).toBeFocused();
    await context.close();
  });

  test('the users inside the customer page open by click and Enter, and lead back to it', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({ viewport: WIDTHS.desktop });
    const page = await context.newPage();
    const { get } = await apiAs(page.request, DEMO.verbaAdmin);
    const acme = (
      await get<{ data: Array<{ id: number; name: string }> }>('/customers?per_page=100')
    ).data.find((customer) => customer.name === 'Acme')!;
    await signInQuickly(page, DEMO.verbaAdmin);
    await page.goto(`/customers/${acme.id}/edit`);
    await waitForScreen(page);
    const users = page.getByTestId('customer-users');
    const userRow = users.locator('[data-testid^="customer-user-"]').first();
    const userHref = await userRow.getAttribute('data-href');
    expect(userHref).toMatch(/^\/users\/\d+$/);
    // the name stays a real link (a new tab), out of the tab order: the row is the tab stop
    await expect(userRow.getByRole('link')).toHaveAttribute('href', userHref!);
    await expect(userRow.getByRole('link')).toHaveAttribute('tabindex', '-1');
    await userRow.locator('td').last().click();
    await page.waitForURL(new RegExp(`${userHref}$`));
    await expect(page.locator('main h1')).toBeFocused();
    await page.getByRole('button', { name: 'Back to the customer' }).click();
    await page.waitForURL(new RegExp(`/customers/${acme.id}/edit$`));
    await waitForScreen(page);
    await userRow.focus();
    await expect(userRow).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`${userHref}$`));
    await expect(page.getByRole('button', { name: 'Back to the customer' })).toBeVisible();
    await context.close();
  });

  test("the client admin's users and departments open the same way", async ({ browser }) => {
    test.setTimeout(150_000);
    const clientContext = await browser.newContext({ viewport: WIDTHS.desktop });
    const client = await clientContext.newPage();
    await signInQuickly(client, DEMO.acmeAdmin);
    await client.goto('/users');
    await waitForScreen(client);
    await client.locator('[data-testid^="user-row-"]').first().locator('td').last().click();
    await client.waitForURL(/\/users\/\d+$/);
    await expect(client.locator('main h1')).toBeFocused();

    await client.goto('/departments');
    await waitForScreen(client);
    await capture(client, 'delivery-client-departments');
    await client.locator('[data-testid^="department-row-"]').first().locator('td').nth(1).click();
    await client.waitForURL(/\/departments\/\d+(\/edit)?$/);
    await expect(client.locator('main h1')).toBeFocused();
    await clientContext.close();
  });
});
