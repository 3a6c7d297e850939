import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO,
  apiToken,
  capture,
  dismissToasts,
  expectAccessibleDialog,
  screenshot,
  sectionShots,
  signInQuickly,
} from './support.ts';

test.describe.configure({ mode: 'serial' });

// Pairs of their own: the tasks journey prices en→es and en→fr for Acme and must not meet these.
const GENERAL_PAIR = { source: 'German (de)', target: 'Italian (it)', row: 'rate-de-it' };
// ca→fr, not one of the demo's general rates, and on the list's first page (sorted by ISO codes).
const IMPORTED_ROW = 'rate-ca-fr';
// de→fr sorts onto the first page of Acme's prices beside the demo's general rates (pt→de did not).
const CUSTOM_PAIR = { source: 'German (de)', target: 'French (fr)', row: 'rate-de-fr' };

const files = mkdtempSync(join(tmpdir(), 'verba-e2e-rates-'));

/** An .xlsx in the import format (header row, then source, target, r1, r2), built here. */
async function workbook(name: string, rows: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('rates');
  sheet.addRow(['Source language (ISO code)', 'Target language (ISO code)', 'r1', 'r2']);
  for (const row of rows) sheet.addRow(row);
  const path = join(files, name);
  writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
  return path;
}

async function sheetRows(path: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function acmeId(request: APIRequestContext): Promise<number> {
  const { access_token } = await apiToken(request, DEMO.verbaAdmin);
  const response = await request.get('/api/customers?per_page=100', {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  const customers = ((await response.json()) as { data: { data: { id: number; name: string }[] } }).data;
  const acme = customers.data.find((customer) => customer.name === 'Acme');
  expect(acme, 'Acme customer').toBeDefined();
  return acme!.id;
}

/** Picks a language in a searchable select of the rate form. */
async function pickLanguage(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).fill(option.split(' ')[0]!);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function downloadOf(page: Page, testId: string): Promise<{ name: string; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = join(files, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return { name: download.suggestedFilename(), path };
}

test('the admin keeps the general rates: form rules, create, edit, Excel import with a report, export', async ({
  page,
}) => {
  await signInQuickly(page, DEMO.verbaAdmin);
  await page.goto('/general/rates');
  await expect(page.getByTestId('general-rates-page')).toBeVisible();
  await capture(page, 'admin-general-rates-start');

  // The form says what is missing before anything is sent.
  await page.getByTestId('add-rate').click();
  const dialog = page.getByRole('dialog', { name: 'New rate' });
  await expect(dialog).toBeVisible();
  await page.getByTestId('rate-save').click();
  await expect(dialog.getByText('Both languages are required.')).toHaveCount(2);
  await expect(dialog.getByText('The price per word (r1) is required.')).toBeVisible();
  await expect(dialog.getByText('The price per hour (r2) is required.')).toBeVisible();
  await pickLanguage(page, 'rate-source', GENERAL_PAIR.source);
  await pickLanguage(page, 'rate-target', GENERAL_PAIR.source);
  await page.getByTestId('rate-r1').fill('-1');
  await page.getByTestId('rate-r2').fill('28');
  await page.getByTestId('rate-save').click();
  await expect(dialog.getByText('The languages must be different.')).toBeVisible();
  await expect(dialog.getByText('The price per word (r1) must be zero or more.')).toBeVisible();
  await expectAccessibleDialog(page, 'rate form with errors');
  await screenshot(page, 'admin-rate-form-errors-desktop');

  await pickLanguage(page, 'rate-target', GENERAL_PAIR.target);
  await page.getByTestId('rate-r1').fill('0.085');
  await page.getByTestId('rate-save').click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId(GENERAL_PAIR.row);
  await expect(row).toContainText('€0.0850');
  await expect(row).toContainText('€28.00');
  // Only the admin sees who changed a rate.
  await expect(row).toContainText('Ada Admin');

  // The same pair again: the server's message shows under its field.
  await page.getByTestId('add-rate').click();
  await pickLanguage(page, 'rate-source', GENERAL_PAIR.source);
  await pickLanguage(page, 'rate-target', GENERAL_PAIR.target);
  await page.getByTestId('rate-r1').fill('0.1');
  await page.getByTestId('rate-r2').fill('30');
  await page.getByTestId('rate-save').click();
  await expect(dialog.getByText('This language pair already has a rate.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Edit.
  await row.getByRole('button', { name: /^Edit the rate/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit rate' });
  await expect(page.getByTestId('rate-r1')).toHaveValue('€0.0850');
  await page.getByTestId('rate-r1').fill('0.09');
  await page.getByTestId('rate-save').click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('€0.0900');

  // An import with one bad row: the report names it and nothing is imported.
  const bad = await workbook('bad.xlsx', [
    ['ca', 'fr', 0.07, 25],
    ['ca', 'ca', -1, 25],
  ]);
  await page.getByTestId('rates-import').locator('..').locator('input[type="file"]').setInputFiles(bad);
  const report = page.getByTestId('modal-validation-errors');
  await expect(report).toContainText('Some rows are not valid, so nothing was imported.');
  await expect(report).toContainText(
    'Row 3: The languages must be different. The price per word (r1) must be zero or more.',
  );
  await expectAccessibleDialog(page, 'import report');
  await screenshot(page, 'admin-rates-import-report-desktop');
  await report.locator('button:not(.mantine-Modal-close)', { hasText: 'Close' }).click();
  await expect(page.getByTestId(IMPORTED_ROW)).toHaveCount(0);
  await expect(page.getByTestId('rates-import')).toBeEnabled();

  // The corrected file goes in.
  const good = await workbook('good.xlsx', [['ca', 'fr', 0.07, 25]]);
  await page.getByTestId('rates-import').locator('..').locator('input[type="file"]').setInputFiles(good);
  await expect(page.getByText('Rates imported: 1 created, 0 updated.')).toBeVisible();
  await expect(page.getByTestId(IMPORTED_ROW)).toContainText('€0.0700');

  // Export and template.
  const exported = await downloadOf(page, 'rates-export');
  expect(exported.name).toBe('excel.xlsx');
  const rows = await sheetRows(exported.path);
  expect(rows).toContainEqual(['de', 'it', 0.09, 28]);
  expect(rows).toContainEqual(['ca', 'fr', 0.07, 25]);
  const template = await downloadOf(page, 'rates-template');
  expect(template.name).toBe('rates-template.xlsx');
  expect(await sheetRows(template.path)).toHaveLength(1);

  await capture(page, 'admin-general-rates');

  // Delete the imported one.
  await page
    .getByTestId(IMPORTED_ROW)
    .getByRole('button', { name: /^Delete the rate/ })
    .click();
  await page.getByTestId('modal-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId(IMPORTED_ROW)).toHaveCount(0);
  await expect(page.getByText('Rate deleted')).toBeVisible();
});

test("on Acme's page the admin enables a general rate, adds a custom rate and a minimum rate", async ({
  page,
  request,
}) => {
  const acme = await acmeId(request);
  await signInQuickly(page, DEMO.verbaAdmin);
  await page.goto(`/customers/${acme}/edit`);
  const general = page.getByTestId('customer-rates-general');
  const generalRow = general.getByTestId(GENERAL_PAIR.row);
  const toggle = generalRow.getByRole('switch', { name: 'Enable German → Italian for this customer' });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();
  await page.reload();
  await expect(toggle).toBeChecked();

  // A custom rate.
  const custom = page.getByTestId('customer-rates-custom');
  await custom.getByTestId('add-rate').click();
  await pickLanguage(page, 'rate-source', CUSTOM_PAIR.source);
  await pickLanguage(page, 'rate-target', CUSTOM_PAIR.target);
  await page.getByTestId('rate-r1').fill('0.12');
  await page.getByTestId('rate-r2').fill('35.5');
  await page.getByTestId('rate-save').click();
  await expect(custom.getByTestId(CUSTOM_PAIR.row)).toContainText('€0.1200');
  await expect(custom.getByTestId(CUSTOM_PAIR.row)).toContainText('€35.50');

  // Minimum rates: flash hours stay at 0; a bad value is refused under its field.
  const minimum = page.getByTestId('customer-rates-minimum');
  await expect(minimum.getByTestId('minimum-hour-4')).toBeDisabled();
  await expect(minimum.getByTestId('minimum-hour-4')).toHaveValue('0');
  await minimum.getByTestId('minimum-amount-1').fill('-5');
  await minimum.getByTestId('minimum-save').click();
  await expect(minimum.getByText('Must be zero or more.')).toBeVisible();
  await minimum.getByTestId('minimum-amount-1').fill('40');
  await minimum.getByTestId('minimum-hour-1').fill('1.5');
  await minimum.getByTestId('minimum-applies').check({ force: true });
  await minimum.getByTestId('minimum-save').click();
  await expect(page.getByText('Minimum rates saved')).toBeVisible();
  await dismissToasts(page);

  // Its own payable grid, then back to the global one.
  const grid = page.getByTestId('customer-payable-grid');
  await expect(grid.getByTestId('payable-grid-origin')).toHaveText('Uses the global grid');
  await grid.getByTestId('grid-no_match').fill('110');
  await grid.getByTestId('payable-grid-save').click();
  await expect(grid.getByTestId('payable-grid-origin')).toHaveText('Own grid of this customer');
  await expect(grid.getByTestId('grid-no_match')).toHaveValue('110.00 %');
  await dismissToasts(page);
  await capture(page, 'admin-customer-rates');
  await sectionShots(page, 'admin', [
    'customer-rates-minimum',
    'customer-rates-general',
    'customer-rates-custom',
    'customer-payable-grid',
  ]);
  await grid.getByTestId('payable-grid-reset').click();
  await expect(grid.getByTestId('payable-grid-origin')).toHaveText('Uses the global grid');
  await expect(grid.getByTestId('grid-no_match')).toHaveValue('100.00 %');

  await page.reload();
  await expect(minimum.getByTestId('minimum-amount-1')).toHaveValue('€40.00');
  await expect(minimum.getByTestId('minimum-hour-1')).toHaveValue('1.50');
  await expect(minimum.getByTestId('minimum-applies')).toBeChecked();
  // Leave Acme's tasks priced without a minimum for the other journeys.
  await minimum.getByTestId('minimum-applies').uncheck({ force: true });
  await minimum.getByTestId('minimum-save').click();
  await expect(page.getByText('Minimum rates saved')).toBeVisible();
});

test("the PM reads Acme's rates without any way to change them", async ({ page, request }) => {
  const acme = await acmeId(request);
  // The demo PM works in Catalan.
  await signInQuickly(page, DEMO.verbaPm);
  await page.goto(`/customers/${acme}/edit`);
  const general = page.getByTestId('customer-rates-general');
  await expect(general.getByTestId(GENERAL_PAIR.row)).toContainText('Habilitada');
  await expect(page.getByTestId('customer-rates-custom').getByTestId(CUSTOM_PAIR.row)).toBeVisible();
  await expect(page.getByTestId('customer-rates-minimum')).toHaveCount(0);
  await expect(page.getByTestId('add-rate')).toHaveCount(0);
  await expect(page.getByTestId('rates-import')).toHaveCount(0);
  await expect(general.getByRole('switch')).toHaveCount(0);
  await expect(page.locator('[data-testid^="edit-rate-"], [data-testid^="delete-rate-"]')).toHaveCount(0);
  // Neither the updated date nor its author.
  await expect(general).not.toContainText('Actualitzada per');
  await expect(page.getByTestId('payable-grid-save')).toHaveCount(0);
  await expect(page.getByTestId('grid-no_match')).toHaveAttribute('readonly', '');
  await capture(page, 'pm-customer-rates');
  await sectionShots(page, 'pm', ['customer-rates-general', 'customer-rates-custom']);
});

test("Acme's client admin sees its prices and the price of each translation type", async ({ page }) => {
  await signInQuickly(page, DEMO.acmeAdmin);
  await page.goto('/rates');
  const table = page.getByTestId('customer-rates-table');
  await expect(table.getByTestId(GENERAL_PAIR.row)).toContainText('€0.0900');
  await expect(table.getByTestId(CUSTOM_PAIR.row)).toContainText('€0.1200');
  await expect(table).not.toContainText('Updated by');
  await capture(page, 'client-admin-rates');

  await table
    .getByTestId(GENERAL_PAIR.row)
    .getByRole('button', { name: /^Rate info/ })
    .click();
  const info = page.getByTestId('modal-rate-info');
  // r1 × percent / 100 with 4 decimals: flash 40 %, value 70 %, premium 130 %, human 100 %.
  await expect(info.getByTestId('rate-info-type-4')).toContainText('€0.0360');
  await expect(info.getByTestId('rate-info-type-3')).toContainText('€0.0630');
  await expect(info.getByTestId('rate-info-type-2')).toContainText('€0.1170');
  await expect(info.getByTestId('rate-info-type-1')).toContainText('€0.0900');
  await expectAccessibleDialog(page, 'rate info');
  await screenshot(page, 'client-admin-rate-info-desktop');
});

test("Globex's admin, whose rates are hidden, is refused /rates", async ({ page }) => {
  await signInQuickly(page, DEMO.globexAdmin);
  await page.goto('/rates');
  await expect(page.getByTestId('no-access')).toBeVisible();
});

test('the admin edits the global payable grid and the holidays in settings', async ({ page }) => {
  await signInQuickly(page, DEMO.verbaAdmin);
  await page.goto('/settings');
  const grid = page.getByTestId('settings-payable-grid');
  const fifty = grid.getByTestId('grid-percent50');
  const original = (await fifty.inputValue()).replace(' %', '');
  await fifty.fill('-1');
  await grid.getByTestId('payable-grid-save').click();
  await expect(grid.getByText('Must be zero or more.')).toBeVisible();
  await fifty.fill('42.5');
  await grid.getByTestId('payable-grid-save').click();
  await expect(page.getByText('Payable grid saved')).toBeVisible();
  await page.reload();
  await expect(fifty).toHaveValue('42.50 %');

  // A holiday in a year no other journey uses.
  const holidays = page.getByTestId('settings-holidays');
  await holidays.getByTestId('holidays-year').fill('2031');
  await expect(holidays.getByText('No holidays in 2031.')).toBeVisible();
  await holidays.getByTestId('holiday-save').click();
  await expect(holidays.getByText('This field is required.').first()).toBeVisible();
  // The localised date picker (no native mm/dd/yyyy field): it opens in the year shown above.
  await expect(holidays.locator('input[type="date"]')).toHaveCount(0);
  await holidays.getByTestId('holiday-date').click();
  const calendar = page.getByRole('dialog');
  await calendar.getByRole('button', { name: 'January 2031', exact: true }).click();
  await calendar.getByRole('button', { name: 'Dec', exact: true }).click();
  await calendar.getByRole('button', { name: '30 December 2031', exact: true }).click();
  await expect(holidays.getByTestId('holiday-date')).toHaveText('12/30/2031');
  await holidays.getByTestId('holiday-name_en').fill('Company day');
  await holidays.getByTestId('holiday-name_es').fill('Día de la empresa');
  await holidays.getByTestId('holiday-name_ca').fill("Dia de l'empresa");
  await holidays.getByTestId('holiday-save').click();
  const row = holidays.getByTestId('holiday-2031-12-30-ES-CT');
  await expect(row).toContainText('Company day');
  await expect(row).toContainText('12/30/2031');
  await capture(page, 'admin-settings-rates');
  await sectionShots(page, 'admin', ['settings-payable-grid', 'settings-holidays']);

  await row.getByRole('button', { name: 'Delete Company day' }).click();
  await page.getByTestId('modal-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  // Leave the grid as the other journeys price with it.
  await fifty.fill(original);
  await grid.getByTestId('payable-grid-save').click();
  await expect(page.getByText('Payable grid saved')).toBeVisible();
});
