// Saying the right thing once: refused actions are not offered and a refusal shows in its modal;
// one reaction per failure (a wrong password, an unknown task); dialogs whose buttons say what
// happens; a department with users is refused up front. In en, es and ca, at 1280 and 390 px.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, apiToken, catalogueText, signInSpeaking } from './support.ts';

const LOCALES = ['en', 'es', 'ca'] as const;
const SHOTS = process.env.CLARITY_SHOTS ?? '/tmp/shots/words';
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function shots(page: Page, name: string) {
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize(WIDTHS.desktop);
}

async function taskId(request: APIRequestContext, description: string, cancelled = false) {
  const { access_token } = await apiToken(request, DEMO.verbaPm);
  const res = await request.get('/api/tasks', {
    headers: { Authorization: `Bearer ${access_token}` },
    params: { showCancelled: String(cancelled), per_page: '100' },
  });
  const body = (await res.json()) as { data: unknown };
  const rows = (Array.isArray(body.data) ? body.data : (body.data as { data: unknown[] }).data) as Array<{
    id: number;
    description: string;
  }>;
  const row = rows.find((r) => r.description === description);
  expect(row, description).toBeTruthy();
  return row!.id;
}

for (const locale of LOCALES) {
  test.describe(`clarity in ${locale}`, () => {
    test(`staff: concepts only where they can be saved; a refusal shows in the modal (${locale})`, async ({
      page,
      request,
    }) => {
      const tasks = (key: string) => catalogueText(locale, 'tasks', key);
      const restore = await signInSpeaking(page, request, DEMO.verbaPm, locale);
      try {
        const cancelled = await taskId(request, 'Release notes 4.2 (French)', true);
        await page.goto(`/tasks/${cancelled}`);
        await expect(page.getByTestId('task-actions')).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('add-concept')).toHaveCount(0);

        const draft = await taskId(request, 'Cloud Backup user guide');
        await page.goto(`/tasks/${draft}`);
        await page.getByTestId('add-concept').click({ timeout: 30_000 });
        const modal = page.getByTestId('other-concept-modal');
        await modal
          .getByRole('textbox', { name: tasks('detail.concepts.concept'), exact: true })
          .fill('Layout');
        await modal.getByRole('textbox', { name: tasks('detail.concepts.price'), exact: true }).fill('10');
        // The server refuses (as it does on a task that changed meanwhile): its words show here.
        await page.route('**/api/other-concepts*', (route) =>
          route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'Refused by the server.',
              errors: { price: ['Price refused.'], task_id: ['The task cannot take concepts now.'] },
            }),
          }),
        );
        await modal.getByRole('button', { name: tasks('detail.save'), exact: true }).click();
        await expect(modal.getByTestId('form-error')).toHaveText('The task cannot take concepts now.');
        await expect(modal.getByText('Price refused.')).toBeVisible();
        await expect(page.getByRole('dialog')).toHaveCount(1);
        await shots(page, `clarity-${locale}-concept-422`);
        await page.unroute('**/api/other-concepts*');
        await page.route('**/api/other-concepts*', (route) =>
          route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Down"}' }),
        );
        await modal.getByRole('button', { name: tasks('detail.save'), exact: true }).click();
        await expect(page.getByRole('dialog')).toHaveCount(2);
        await expect(
          modal.getByRole('textbox', { name: tasks('detail.concepts.concept'), exact: true }),
        ).toHaveValue('Layout');
        await shots(page, `clarity-${locale}-concept-5xx`);
      } finally {
        await restore();
      }
    });

    test(`client: cancel dialog verbs, department refused up front, unknown task (${locale})`, async ({
      page,
      request,
    }) => {
      const tasks = (key: string) => catalogueText(locale, 'tasks', key);
      const restore = await signInSpeaking(page, request, DEMO.acmeAdmin, locale);
      try {
        const draft = await taskId(request, 'Cloud Backup user guide');
        await page.goto(`/tasks/${draft}`);
        await page.getByTestId('cancel-task').click({ timeout: 30_000 });
        const dialog = page.getByTestId('modal-confirm');
        await expect(
          dialog.getByRole('button', { name: tasks('actions.keepTask'), exact: true }),
        ).toBeVisible();
        await expect(
          dialog.getByRole('button', { name: tasks('actions.cancelConfirm'), exact: true }),
        ).toBeVisible();
        await expect(
          dialog.getByRole('button', {
            name: catalogueText(locale, 'common', 'actions.cancel'),
            exact: true,
          }),
        ).toHaveCount(0);
        await shots(page, `clarity-${locale}-cancel-dialog`);
        await dialog.getByRole('button', { name: tasks('actions.keepTask'), exact: true }).click();
        await expect(dialog).toHaveCount(0);
        await expect(page.getByTestId('cancel-task')).toBeVisible();

        await page.goto('/departments');
        await page
          .getByRole('button', {
            name: catalogueText(locale, 'departments', 'delete.label').replace('{{title}}', 'Marketing'),
          })
          .click();
        await expect(page.getByTestId('modal-confirm')).toHaveCount(0);
        const alert = page.getByTestId('modal-alert');
        await expect(alert).toContainText(catalogueText(locale, 'departments', 'delete.refusedTitle'));
        await expect(alert).toContainText('Ulises Acme');
        await shots(page, `clarity-${locale}-department-has-users`);
        await page.keyboard.press('Escape');

        await page.goto('/tasks/999999');
        await expect(page.getByTestId('not-found-page')).toBeVisible();
        await page.waitForTimeout(500);
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await shots(page, `clarity-${locale}-unknown-task`);
      } finally {
        await restore();
      }
    });

    test(`a wrong password says so once (${locale})`, async ({ page }) => {
      await page.goto('/login');
      await page.getByTestId('language-switcher').click();
      await page.getByTestId(`language-option-${locale}`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.locator('input[name="email"]').fill(DEMO.acmeAdmin);
      await page.locator('input[name="password"]').fill('not-the-password');
      await page.locator('button[type="submit"]').click();
      await expect(page.getByTestId('login-inline-help')).toContainText(
        catalogueText(locale, 'auth', 'login.badCredentialsTitle'),
      );
      await page.waitForTimeout(500);
      await expect(page.getByRole('alert')).toHaveCount(1);
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await shots(page, `clarity-${locale}-wrong-password`);
    });
  });
}
