import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO,
  SCREENSHOT_DIR,
  WIDTHS,
  apiToken,
  expectNoAxeViolations,
  signInQuickly,
  waitForScreen,
} from './support.ts';
import { apiAs, createDraftTask, enableGeneralRates } from './task-setup.ts';

/**
 * Looked at as a PM and a client admin would, in Spanish and Catalan: the daily screens
 * (tasks, dashboard, logs, the customer page) on desktop and phone, and the log rows of a card
 * payment and a change of minimum rates in the reader's language, with no raw code or English.
 */
const CARD_AUTHORISED = '4548812049400004';
const FILE = { name: 'note.txt', content: 'A short note to translate. It has two sentences.' };

async function setLanguage(request: APIRequestContext, email: string, language: 'en' | 'es' | 'ca') {
  const session = await apiToken(request, email);
  const res = await request.post(`/api/users/${(session.user as { id: number }).id}/language`, {
    data: { language },
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(res.status()).toBe(200);
}

async function shots(page: Page, name: string) {
  await waitForScreen(page);
  await expectNoAxeViolations(page, `${name} (desktop)`);
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(WIDTHS.phone);
  await waitForScreen(page);
  await expectNoAxeViolations(page, `${name} (phone)`);
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-phone.png`, fullPage: true });
  await page.setViewportSize(WIDTHS.desktop);
}

/** The rows the logs page shows for one action, picked from the translated list. */
async function logRows(page: Page, label: string): Promise<string[]> {
  await page.goto('/logs');
  await waitForScreen(page);
  await page.getByTestId('logs-action').click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await page.getByTestId('logs-apply').click();
  const rows = page.locator('[data-testid="logs-table"] tbody tr');
  await expect(rows.first()).toContainText(label);
  return rows.allInnerTexts();
}

const LANGUAGES = [
  {
    code: 'es' as const,
    authorised: 'Pago autorizado',
    authorisedText: /Notificación del banco|Banco de pruebas/,
    minimum: 'Tarifas mínimas actualizadas',
    minimumText: 'Tarifas mínimas de Acme',
    datePlaceholder: 'dd/mm/aaaa',
  },
  {
    code: 'ca' as const,
    authorised: 'Pagament autoritzat',
    authorisedText: /Notificació del banc|Banc de proves/,
    minimum: 'Tarifes mínimes actualitzades',
    minimumText: 'Tarifes mínimes del client Acme',
    datePlaceholder: 'dd/mm/aaaa',
  },
];

test.describe('the daily screens in Spanish and Catalan', () => {
  test.describe.configure({ timeout: 240_000 });
  let acmeId: number;

  test.beforeAll(async ({ request }) => {
    await enableGeneralRates(request, ['Acme'], ['es']);
    const admin = await apiAs(request, DEMO.verbaAdmin);
    acmeId = (
      await admin.get<{ data: Array<{ id: number; name: string }> }>('/customers?per_page=100')
    ).data.find((customer) => customer.name === 'Acme')!.id;
    // A card payment (the test bank notifies before the browser returns) and a change of minimum rates.
    const id = await createDraftTask(request, DEMO.acmeAdmin, {
      name: `Daily screens ${Date.now()}`,
      targetIsos: ['es'],
      files: [FILE],
    });
    const client = await apiAs(request, DEMO.acmeAdmin);
    const start = await request.post('/api/tasks/paymentGateway', {
      headers: client.headers,
      data: { taskId: id },
    });
    expect(start.ok()).toBe(true);
    const payment = ((await start.json()) as { data: { form: { fields: Record<string, string> } | null } })
      .data;
    if (payment.form) {
      const paid = await request.post('/api/sandbox-bank/pay', {
        form: { ...payment.form.fields, card: CARD_AUTHORISED, action: 'pay', lang: 'en' },
        maxRedirects: 0,
      });
      expect(paid.status()).toBe(303);
    }
    const rates = await admin.get<{
      customer_minimum_rates: boolean;
      minimum_rates: Array<{ translation_type_id: number; hour: string; amount: string }>;
    }>(`/minimum-rates?customer_id=${acmeId}`);
    const saved = await request.put(`/api/customers/${acmeId}/minimum-rates`, {
      headers: admin.headers,
      data: {
        customer_minimum_rates: rates.customer_minimum_rates,
        minimum_rates: rates.minimum_rates.map(({ translation_type_id, hour, amount }) => ({
          translation_type_id,
          hour,
          amount,
        })),
      },
    });
    expect(saved.ok()).toBe(true);
  });

  test.afterAll(async ({ request }) => {
    await setLanguage(request, DEMO.verbaAdmin, 'en');
    await setLanguage(request, DEMO.acmeAdmin, 'en');
  });

  for (const lang of LANGUAGES) {
    test(`staff and the client admin in ${lang.code}`, async ({ page, browser }) => {
      await setLanguage(page.request, DEMO.verbaAdmin, lang.code);
      await signInQuickly(page, DEMO.verbaAdmin);

      // The log rows of the payment and the minimum rates: translated action and description.
      const authorised = await logRows(page, lang.authorised);
      expect(authorised[0]).toMatch(lang.authorisedText);
      for (const row of authorised) expect(row).not.toMatch(/\border\b|by card|approved|\bEUR balance\b/);
      const minimum = await logRows(page, lang.minimum);
      expect(minimum[0]).toContain(lang.minimumText);
      for (const row of minimum) expect(row).not.toMatch(/Minimum rates of|\btype \d/);
      // No row of the first page falls back to the method and path, or shows an English sentence.
      await page.goto('/logs');
      await waitForScreen(page);
      for (const row of await page.locator('[data-testid="logs-table"] tbody tr').allInnerTexts())
        expect(row).not.toMatch(/\b(POST|PUT|DELETE) \/api\/|Signed in|Payment|Task \w+ /);
      await shots(page, `daily-${lang.code}-staff-logs`);

      for (const [path, name] of [
        ['/dashboard', 'dashboard'],
        ['/tasks', 'tasks'],
        [`/customers/${acmeId}/edit`, 'customer'],
      ] as const) {
        await page.goto(path);
        await shots(page, `daily-${lang.code}-staff-${name}`);
      }

      // The holiday editor's date field is the localised picker, not the browser's mm/dd/yyyy.
      await page.goto('/settings');
      await waitForScreen(page);
      const holidays = page.getByTestId('settings-holidays');
      await expect(holidays.locator('input[type="date"]')).toHaveCount(0);
      await expect(holidays.getByTestId('holiday-date')).toContainText(lang.datePlaceholder);

      // The client admin, in a session of its own (the page above keeps the staff session).
      await setLanguage(page.request, DEMO.acmeAdmin, lang.code);
      const context = await browser.newContext({ viewport: WIDTHS.desktop });
      const client = await context.newPage();
      await signInQuickly(client, DEMO.acmeAdmin);
      for (const [path, name] of [
        ['/dashboard', 'dashboard'],
        ['/tasks', 'tasks'],
      ] as const) {
        await client.goto(path);
        await expect(client.getByRole('banner')).toContainText('Alice');
        await shots(client, `daily-${lang.code}-client-admin-${name}`);
      }
      await context.close();
    });
  }
});
