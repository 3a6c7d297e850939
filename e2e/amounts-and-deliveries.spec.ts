import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, WIDTHS, apiToken, waitForScreen } from './support.ts';
import { apiAs, createDraftTask, enableGeneralRates } from './task-setup.ts';

const SHOTS = process.env.AMOUNTS_SHOTS_DIR ?? '/tmp/shots/amounts/';
mkdirSync(SHOTS, { recursive: true });
const LOCALES = ['en', 'es', 'ca'] as const;
type Locale = (typeof LOCALES)[number];

const TEXT = {
  deferred: {
    en: 'In production, invoiced later',
    es: 'En producción, se factura después',
    ca: 'En producció, es factura després',
  },
  progress: { en: '1 of 2 files delivered', es: '1 de 2 archivos entregados', ca: '1 de 2 fitxers lliurats' },
  partial: { en: 'Partial delivery', es: 'Entrega parcial', ca: 'Lliurament parcial' },
  paid: { en: 'Paid (taxes included)', es: 'Pagado (impuestos incluidos)', ca: 'Pagat (impostos inclosos)' },
  settled: { en: 'Fully paid', es: 'Pagado por completo', ca: 'Pagat del tot' },
  owed: { en: 'Still to pay', es: 'Pendiente de pago', ca: 'Pendent de pagament' },
  terms: { en: 'Payment terms', es: 'Condiciones de pago', ca: 'Condicions de pagament' },
  receipt: { en: 'Receipt', es: 'Recibo', ca: 'Rebut' },
  dueDate: { en: 'Due date', es: 'Fecha de entrega', ca: 'Data de lliurament' },
} as const;

/** A page signed in as `email`, in `locale`, at a width (the session handed over as the app keeps it). */
async function pageAs(browser: Browser, email: string, locale: Locale, width: keyof typeof WIDTHS) {
  const context = await browser.newContext({
    viewport: width === 'phone' ? { width: 390, height: 844 } : WIDTHS.desktop,
  });
  const page = await context.newPage();
  const session = await apiToken(page.request, email);
  await page.addInitScript(
    (value) => window.localStorage.setItem('verba-session', value),
    JSON.stringify({
      state: {
        token: session.access_token,
        expiresAt: Date.now() + session.expires_in * 1000,
        user: { ...(session.user as object), language: locale },
        locale,
      },
      version: 0,
    }),
  );
  return page;
}

/**
 * Opens a screen and waits for it. On this shared 2-core machine a screen has been seen to stay on
 * its loading state past the wait: it is opened once more before the journey fails.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  try {
    await waitForScreen(page);
  } catch {
    await page.reload();
    await waitForScreen(page);
  }
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });

async function taskByName(page: Page, email: string, name: string): Promise<number> {
  const { get } = await apiAs(page.request, email);
  const list = await get<{ data: Array<{ id: number; description: string }> }>(
    '/tasks?state=DONE&per_page=100',
  );
  const found = list.data.find((row) => row.description === name);
  expect(found, name).toBeDefined();
  return found!.id;
}

test.describe('amounts, deliveries, deferred terms and ordering', () => {
  test('en, es, ca at 1280 and 390 px', async ({ page, browser }) => {
    test.setTimeout(300_000);
    await enableGeneralRates(page.request, ['Globex'], ['es', 'ca']);
    const staff = await apiAs(page.request, DEMO.verbaPm);
    const paidTask = await taskByName(page, DEMO.acmeAdmin, 'Release notes 4.2 (Spanish)');

    for (const locale of LOCALES) {
      // 5. Deferred flow: the confirmation shows total, terms and date; the badge says what it means.
      const id = await createDraftTask(page.request, DEMO.globexAdmin, {
        name: `Deferred ${locale} ${Date.now()}`,
        targetIsos: ['es', 'ca'],
        files: [
          { name: 'guide.txt', content: 'Read the guide before you start. Keep it near the machine.' },
          { name: 'intro.txt', content: 'Welcome to the new coffee machine. It brews in a minute.' },
        ],
      });
      for (const width of ['desktop', 'phone'] as const) {
        const client = await pageAs(browser, DEMO.globexAdmin, locale, width);
        await open(client, `/tasks/${id}`);
        await client.getByTestId('send-to-production').click();
        const dialog = client.getByRole('dialog');
        await expect(dialog).toContainText(TEXT.terms[locale]);
        await expect(dialog).toContainText('€');
        await shot(client, `deferred-confirm-${locale}-${width}`);
        if (width === 'phone') {
          await dialog.getByRole('button').last().click();
          await expect(client.getByText(TEXT.deferred[locale]).first()).toBeVisible();
        }
        await client.context().close();
      }

      // 2. Partial delivery: one of two files, marked partial with a note the client reads.
      const detail = await (await page.request.get(`/api/task/${id}`, { headers: staff.headers })).json();
      const [first] = detail.data.source_files as Array<{ id: number }>;
      const es = (
        detail.data.target_languages as Array<{ target_language: { id: number; iso_code: string } }>
      ).find((l) => l.target_language.iso_code === 'es')!.target_language.id;
      const form = new FormData();
      form.append('source_file_id', String(first!.id));
      form.append('language_id', String(es));
      form.append('file', new Blob(['Lea la guía.']), 'guide.es.docx');
      expect(
        (
          await page.request.post(`/api/tasks/${id}/uploadTranslatedFile`, {
            headers: staff.headers,
            multipart: form,
          })
        ).status(),
      ).toBe(201);
      const marked = await page.request.put(`/api/tasks/${id}/delivery-status`, {
        headers: staff.headers,
        data: { language_id: es, final: false, note: 'intro.txt — Monday' },
      });
      expect(marked.status()).toBe(200);
      for (const width of ['desktop', 'phone'] as const) {
        const client = await pageAs(browser, DEMO.globexAdmin, locale, width);
        await open(client, `/tasks/${id}`);
        const progress = client.getByTestId(`delivery-progress-${es}`);
        await expect(progress).toContainText(TEXT.progress[locale]);
        await expect(progress).toContainText(TEXT.partial[locale]);
        await expect(progress).toContainText('intro.txt — Monday');
        await expect(client.getByTestId('section-payments')).toContainText(TEXT.owed[locale]);
        await shot(client, `partial-delivery-${locale}-${width}`);
        await client.context().close();
      }

      // 1. A paid DONE task seen by a client user: what was paid and when, nothing owed; the receipt.
      for (const width of ['desktop', 'phone'] as const) {
        const user = await pageAs(browser, DEMO.acmeUser, locale, width);
        await open(user, `/tasks/${paidTask}`);
        const payments = user.getByTestId('section-payments');
        await expect(payments).toContainText(TEXT.paid[locale]);
        await expect(user.getByTestId('outstanding-balance')).toHaveText(TEXT.settled[locale]);
        await expect(user.getByTestId('last-paid-on')).not.toBeEmpty();
        await shot(user, `paid-task-${locale}-${width}`);
        await user.goto(`/tasks/ok/${paidTask}`);
        await expect(user.getByTestId('payment-receipt')).toContainText(TEXT.receipt[locale]);
        await expect(user.getByTestId('receipt-task-link')).toBeVisible();
        await shot(user, `receipt-${locale}-${width}`);

        // 9. Ordering: the due-date column and the overdue filter.
        await open(user, '/tasks');
        await expect(user.getByTestId('task-table')).toContainText(TEXT.dueDate[locale]);
        await user.getByTestId('task-overdue-filter').click({ force: true });
        await shot(user, `task-list-overdue-${locale}-${width}`);
        await user.context().close();
      }
    }
  });
});
