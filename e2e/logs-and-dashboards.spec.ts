import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  apiToken,
  DEMO,
  expectNoAxeViolations,
  signInQuickly,
  signInThroughForm,
  SCREENSHOT_DIR,
  waitForScreen,
  WIDTHS,
} from './support.ts';

/** The logs in the reader's language (es, ca), and the two dashboards. */
const SHOTS = SCREENSHOT_DIR;

async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}${name}-phone.png`, fullPage: true });
  await page.setViewportSize(WIDTHS.desktop);
}

/** Sets the admin's own language (the app follows it), through the API as the account page would. */
async function adminLanguage(page: Page, language: 'en' | 'es' | 'ca') {
  const session = await apiToken(page.request, DEMO.verbaAdmin);
  const user = session.user as { id: number };
  const res = await page.request.post(`/api/users/${user.id}/language`, {
    data: { language },
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(res.status()).toBe(200);
}

test.describe('action logs in the reader’s language', () => {
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await adminLanguage(page, 'en');
    await page.close();
  });

  test('es: actions and descriptions in Spanish, filter from a translated list, dates as dd/mm/aaaa, CSV export', async ({
    page,
  }) => {
    await adminLanguage(page, 'es');
    await signInQuickly(page, DEMO.verbaAdmin);
    await page.goto('/logs');
    await waitForScreen(page);
    const table = page.getByTestId('logs-table');
    await expect(table.getByRole('columnheader', { name: 'Acción' })).toBeVisible();
    await expect(table.getByText('Inicio de sesión').filter({ visible: true }).first()).toBeVisible();
    await expect(table.getByText('Ha iniciado sesión').filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText('auth.login', { exact: true }).first()).toBeVisible();
    await expect(page.getByLabel('Desde')).toHaveAttribute('data-testid', 'logs-start_date');
    await expect(page.getByText('dd/mm/aaaa').first()).toBeVisible();
    await expectNoAxeViolations(page, '/logs (es)');
    await shots(page, 'logs-es');

    await page.getByTestId('logs-action').click();
    await page.getByRole('option', { name: 'Inicio de sesión', exact: true }).click();
    await page.getByTestId('logs-apply').click();
    await expect(page.locator('[data-testid="logs-table"] tbody tr').first()).toContainText(
      'Inicio de sesión',
    );
    const rows = page.locator('[data-testid="logs-table"] tbody tr');
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Inicio de sesión');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('logs-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^action-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFFecha,Acción,Código de acción,Descripción,Usuario,Cliente,IP');
    expect(csv).toContain('Inicio de sesión,auth.login,Ha iniciado sesión,admin@verba.test');
    expect(csv).not.toContain('auth.logout');

    // The date field opens a Spanish calendar.
    await page.getByLabel('Desde').click();
    await expect(
      page
        .getByRole('dialog')
        .getByText(/lu|ma|mi/i)
        .first(),
    ).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('ca: the same rows in Catalan', async ({ page }) => {
    await adminLanguage(page, 'ca');
    await signInQuickly(page, DEMO.verbaAdmin);
    await page.goto('/logs');
    await waitForScreen(page);
    const table = page.getByTestId('logs-table');
    await expect(table.getByRole('columnheader', { name: 'Acció' })).toBeVisible();
    await expect(table.getByText('Inici de sessió').filter({ visible: true }).first()).toBeVisible();
    await expect(table.getByText('Ha iniciat la sessió').filter({ visible: true }).first()).toBeVisible();
    await expect(table.getByText('Idioma canviat').filter({ visible: true }).first()).toBeVisible();
    await expectNoAxeViolations(page, '/logs (ca)');
    await shots(page, 'logs-ca');
  });
});

test.describe('dashboards', () => {
  test('staff land on theirs: states, months, customers, pairs, due work and the queue, each chart as a table', async ({
    page,
  }) => {
    await signInThroughForm(page, DEMO.verbaAdmin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await waitForScreen(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    for (const id of [
      'dashboard-states',
      'dashboard-revenue',
      'dashboard-words',
      'dashboard-customers',
      'dashboard-pairs',
      'dashboard-due',
      'dashboard-queue',
    ])
      await expect(page.getByTestId(id)).toBeVisible();
    // The chart, or a sentence when nothing was approved yet (the demo data has no approved work).
    await expect(
      page.getByRole('img', { name: /Revenue per month/ }).or(page.getByTestId('dashboard-revenue-empty')),
    ).toBeVisible();
    await page.getByTestId('dashboard-revenue-table-toggle').click();
    const table = page.getByTestId('dashboard-revenue-table');
    await expect(table).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(12);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('dashboard-revenue-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe('revenue-per-month.csv');
    expect(readFileSync(await download.path(), 'utf8').split('\r\n')[0]).toBe(
      '\uFEFFMonth,Tasks,Words,Revenue',
    );
    // Every state in the table is named on the chart, at both widths (recharts drops names that do not fit).
    await page.getByTestId('dashboard-states-table-toggle').click();
    const stateNames = await page
      .getByTestId('dashboard-states-table')
      .locator('tbody tr td:first-child')
      .allInnerTexts();
    expect(stateNames.length).toBeGreaterThan(3);
    for (const width of [WIDTHS.desktop, WIDTHS.phone]) {
      await page.setViewportSize(width);
      const ticks = page.getByTestId('dashboard-states').locator('.recharts-cartesian-axis-tick-value');
      // a long name is wrapped onto two lines (one text element, one tspan per line)
      const wrapped = (name: string) =>
        new RegExp(
          name
            .split(/\s+/)
            .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('\\s*'),
        );
      for (const name of stateNames) await expect(ticks.filter({ hasText: wrapped(name) })).toHaveCount(1);
    }
    await page.setViewportSize(WIDTHS.desktop);
    await page.getByTestId('dashboard-states-table-toggle').click();
    await expectNoAxeViolations(page, '/dashboard (staff)');
    await shots(page, 'dashboard-staff');
  });

  test('the client admin sees its company: balance, open tasks, spend and words by month and department', async ({
    page,
  }) => {
    await signInThroughForm(page, DEMO.acmeAdmin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await waitForScreen(page);
    for (const id of [
      'dashboard-balance',
      'dashboard-open',
      'dashboard-spend',
      'dashboard-words',
      'dashboard-departments',
    ])
      await expect(page.getByTestId(id)).toBeVisible();
    await page.getByTestId('dashboard-departments-table-toggle').click();
    await expect(page.getByTestId('dashboard-departments-table')).toBeVisible();
    await expectNoAxeViolations(page, '/dashboard (client admin)');
    await shots(page, 'dashboard-client');
  });

  test('the client user keeps /tasks and has no dashboard', async ({ page }) => {
    await signInThroughForm(page, DEMO.acmeUser);
    await expect(page).toHaveURL(/\/tasks$/);
    await page.goto('/dashboard');
    await expect(page.getByTestId('no-access')).toBeVisible();
  });
});
