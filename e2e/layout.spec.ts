// Issue 38 point 8, layout: the activity log's six columns fit beside the menu at 1280 px under one name; a rate's
// status badge is whole on a phone; a file's band table is not cut; one toast per action, away from the task's
// actions; an amount input in the reader's number format. In en, es and ca, at 1280 and 390 px.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, apiToken, catalogueText, signInSpeaking } from './support.ts';

const LOCALES = ['en', 'es', 'ca'] as const;
const SHOTS = process.env.CLARITY_SHOTS ?? '/tmp/shots/layout';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function shots(page: Page, name: string) {
  for (const [width, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

async function taskId(request: APIRequestContext, description: string) {
  const { access_token } = await apiToken(request, DEMO.verbaAdmin);
  const res = await request.get('/api/tasks', {
    headers: { Authorization: `Bearer ${access_token}` },
    params: { per_page: '100' },
  });
  const rows = ((await res.json()) as { data: { data: Array<{ id: number; description: string }> } }).data
    .data;
  const row = rows.find((r) => r.description === description);
  expect(row, description).toBeTruthy();
  return row!.id;
}

/** A region that scrolls sideways hides part of its content. */
const scrollsSideways = (region: Locator) =>
  region.evaluate((element) => element.scrollWidth > element.clientWidth + 1);

for (const locale of LOCALES) {
  test.describe(`layout in ${locale}`, () => {
    test('the activity log: one name, and every column visible at 1280 px', async ({ page, request }) => {
      const restore = await signInSpeaking(page, request, DEMO.verbaAdmin, locale);
      try {
        await page.setViewportSize(DESKTOP);
        await page.goto('/logs');
        const table = page.getByTestId('logs-table');
        await expect(table).toBeVisible({ timeout: 30_000 });
        const title = catalogueText(locale, 'logs', 'title');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.getByTestId('menu-logs')).toHaveText(title);
        expect(catalogueText(locale, 'common', 'menu.logs')).toBe(title);
        for (const column of ['date', 'action', 'description', 'user', 'customer', 'ip'])
          await expect(
            table.getByRole('columnheader', { name: catalogueText(locale, 'logs', `columns.${column}`) }),
          ).toBeInViewport();
        expect(await scrollsSideways(table.getByRole('region'))).toBe(false);
        await shots(page, `logs-${locale}`);
      } finally {
        await restore();
      }
    });

    test("a customer's rates on a phone: the status badge is whole", async ({ page, request }) => {
      const restore = await signInSpeaking(page, request, DEMO.verbaPm, locale);
      try {
        const { access_token } = await apiToken(request, DEMO.verbaPm);
        const customers = (await (
          await request.get('/api/customers', {
            headers: { Authorization: `Bearer ${access_token}` },
            params: { per_page: '100' },
          })
        ).json()) as { data: { data: Array<{ id: number; name: string }> } };
        const acme = customers.data.data.find((c) => c.name === 'Acme')!;
        await page.setViewportSize(PHONE);
        await page.goto(`/customers/${acme.id}/edit`);
        const rates = page.getByTestId('customer-general-rates-table');
        await expect(rates).toBeVisible({ timeout: 30_000 });
        const badge = rates.locator('[data-testid^="rate-enabled-"]').first();
        await badge.scrollIntoViewIfNeeded();
        const label = badge.locator('.mantine-Badge-label');
        expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        await rates.screenshot({ path: `${SHOTS}/customer-rates-${locale}-phone.png` });
      } finally {
        await restore();
      }
    });

    test("a file's band table fits, one toast per action away from the actions, amounts in the reader's format", async ({
      page,
      request,
    }) => {
      const restore = await signInSpeaking(page, request, DEMO.verbaAdmin, locale);
      try {
        const id = await taskId(request, 'Release notes 4.2 (Spanish)');
        await page.goto(`/tasks/${id}`);
        await page.getByTestId('expand-file').first().click({ timeout: 30_000 });
        const bands = page.getByTestId('file-bands');
        await expect(bands).toBeVisible();
        for (const size of [DESKTOP, PHONE]) {
          await page.setViewportSize(size);
          await expect(
            bands.getByRole('rowheader', { name: catalogueText(locale, 'tasks', 'bands.noMatch') }),
          ).toBeVisible();
          expect(await scrollsSideways(page.getByRole('region', { name: /release-notes\.txt/ }))).toBe(false);
        }
        await page.setViewportSize(DESKTOP);
        await shots(page, `file-bands-${locale}`);

        // The amount to pay as the reader writes amounts: "€35.00" in en, "35,00 €" in es and ca.
        const amount = page.getByTestId('amount-to-pay-form').getByRole('textbox');
        await expect(amount).toHaveValue(
          locale === 'en' ? /^€\d{1,3}(,\d{3})*\.\d{2}$/ : /^\d{1,3}(\.\d{3})*,\d{2} €$/,
        );

        // Two saves in a row (the same value: nothing changes): the second toast replaces the first, away from the
        // task's actions (they stacked over "Download translations" and "Change status").
        const days = page.getByTestId('days-to-add-form');
        const save = days.getByRole('button', { name: catalogueText(locale, 'tasks', 'detail.save') });
        const toasts = page.locator('.mantine-Notification-root');
        for (let round = 0; round < 2; round += 1) {
          const saved = page.waitForResponse((r) => r.url().includes('/updateDaysToAdd') && r.ok());
          await save.click();
          await saved;
          await expect(toasts).toHaveCount(1);
        }
        await page.waitForTimeout(500);
        await expect(toasts).toHaveCount(1);
        const toast = (await toasts.boundingBox())!;
        const actions = (await page.getByTestId('task-actions').boundingBox())!;
        const overlaps =
          toast.x < actions.x + actions.width &&
          actions.x < toast.x + toast.width &&
          toast.y < actions.y + actions.height &&
          actions.y < toast.y + toast.height;
        expect(overlaps).toBe(false);
        await page.screenshot({ path: `${SHOTS}/one-toast-${locale}-desktop.png` });
      } finally {
        await restore();
      }
    });
  });
}
