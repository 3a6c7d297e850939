import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, WIDTHS, expectNoAxeViolations, screenshot, signInQuickly, waitForScreen } from './support.ts';
import { enableGeneralRates } from './task-setup.ts';

/** Screenshot and axe at desktop and phone width, back to desktop. */
async function capture(page: Page, name: string, ready?: () => Promise<void>): Promise<void> {
  // Toasts belong to the shell (checked by its own journeys): let them close before each capture.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 20_000 });
  for (const width of ['desktop', 'phone'] as const) {
    await page.setViewportSize(WIDTHS[width]);
    await ready?.();
    await screenshot(page, `${name}-${width}`);
    await expectNoAxeViolations(page, `${name} (${width})`);
  }
  await page.setViewportSize(WIDTHS.desktop);
}

function fixtures() {
  const dir = join(tmpdir(), `verba-e2e-files-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const sentences = [
    'Our new coffee machine brews a perfect cup in under a minute.',
    'Clean the water tank every week to keep the taste fresh.',
    'The warranty covers every part for two years from the date of purchase.',
    'Press the power button twice to start the descaling programme.',
  ];
  const brochure = join(dir, 'brochure.txt');
  writeFileSync(brochure, [...sentences, ...sentences, 'Thank you for choosing our coffee.'].join('\n'));
  const manual = join(dir, 'manual.html');
  writeFileSync(
    manual,
    `<html><body>${Array.from({ length: 40 }, (_, i) => `<p>Step ${i + 1}: fill the grinder with fresh beans number ${i + 1} and wait for the green light before pouring milk ${i}.</p>`).join('')}</body></html>`,
  );
  const broken = join(dir, 'broken.docx');
  writeFileSync(
    broken,
    Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('garbage'.repeat(40))]),
  );
  return { brochure, manual, broken };
}

async function languageTotals(page: Page): Promise<string[]> {
  await expect(page.getByTestId('language-quote')).toHaveCount(2);
  return page.getByTestId('language-total').allInnerTexts();
}

test.describe('tasks', () => {
  test('a client user creates, prices, edits, cancels and reactivates a task; the PM sees it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await enableGeneralRates(page.request, ['Acme'], ['es', 'fr']);
    const files = fixtures();
    const name = `Coffee machine launch ${Date.now()}`;

    await signInQuickly(page, DEMO.acmeUser);
    await page.goto('/tasks');
    await waitForScreen(page);
    await expect(page.getByTestId('task-list-page')).toBeVisible();
    await capture(page, 'client-user-tasks');

    // The form: every missing field says it is required.
    await page.getByTestId('add-task').click();
    await waitForScreen(page);
    await expect(page.getByTestId('task-create-page')).toBeVisible();
    await expect(page.getByTestId('translation-type-4')).toBeVisible();
    await page.getByTestId('task-save').click();
    await expect(page.getByTestId('task-form-errors')).toBeVisible();
    await expect(page.getByTestId('task-files-error')).toBeVisible();
    await capture(page, 'client-user-task-create-errors');

    await page.getByTestId('task-name').fill(name);
    await page.getByTestId('task-target-languages').click();
    await page.getByRole('option', { name: /^Español (\d|precio)/ }).click();
    await page.getByRole('option', { name: /^Francés (\d|precio)/ }).click();
    await page.keyboard.press('Escape');
    const input = page.getByTestId('task-dropzone').locator('input[type=file]');
    await input.setInputFiles([files.brochure, files.manual, files.broken]);
    await expect(page.getByTestId('task-file')).toHaveCount(3);
    // The same name twice is refused with a toast.
    await input.setInputFiles([files.brochure]);
    await expect(page.getByText('No se puede proporcionar el mismo nombre')).toBeVisible();
    await expect(page.getByTestId('task-file')).toHaveCount(3);
    await page.getByTestId('task-comments').fill('Please keep the brand names in English.');
    await capture(page, 'client-user-task-create');

    await page.getByTestId('task-save').click();
    await page.waitForURL(/\/tasks\/\d+$/);
    const taskId = Number(/\/tasks\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByTestId('task-detail-page')).toBeVisible();
    // The analysis finishes without a reload: the state badge turns to Draft.
    await expect(page.getByTestId('task-state').first()).toHaveText('Borrador', { timeout: 60_000 });
    await expect(page.getByTestId('analysis-progress')).toHaveCount(0);
    await expect(page.getByTestId('source-file-row')).toHaveCount(3);
    await expect(page.getByTestId('file-error')).toHaveCount(1);
    await expect(page.getByTestId('analysis-failed')).toContainText('broken.docx');
    await page.getByTestId('expand-file').first().click();
    await expect(page.getByTestId('file-bands')).toBeVisible();
    await page.getByTestId('info-sourceFiles').click();
    await expect(page.getByRole('dialog', { name: 'Archivos de origen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await capture(page, 'client-user-task-detail');

    // The quote, band by band, per language.
    await page.getByTestId('quote-link').click();
    await expect(page.getByTestId('task-quote-page')).toBeVisible();
    const before = await languageTotals(page);
    await expect(page.getByTestId('band-noMatch')).toHaveCount(2);
    await expect(page.getByTestId('band-repetitions')).toHaveCount(2);
    await expect(page.getByTestId('rate-missing')).toHaveCount(0);
    await capture(page, 'client-user-task-quote');

    // Edit: drop the manual, the price goes down.
    await page.goto(`/tasks/${taskId}`);
    await page.getByTestId('edit-task').click();
    await expect(page.getByTestId('task-edit-page')).toBeVisible();
    await expect(page.getByTestId('task-file')).toHaveCount(3);
    await capture(page, 'client-user-task-edit');
    await page.getByRole('button', { name: 'Quitar manual.html' }).click();
    await expect(page.getByTestId('task-file')).toHaveCount(2);
    await page.getByTestId('task-save').click();
    await page.waitForURL(new RegExp(`/tasks/${taskId}$`));
    await expect(page.getByTestId('task-state').first()).toHaveText('Borrador', { timeout: 60_000 });
    await expect(page.getByTestId('source-file-row')).toHaveCount(2);
    await page.getByTestId('quote-link').click();
    const after = await languageTotals(page);
    expect(after).not.toEqual(before);

    // Cancel (after confirming), then reactivate from the cancelled list.
    await page.goto(`/tasks/${taskId}`);
    await page.getByTestId('cancel-task').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar la tarea' }).click();
    await page.waitForURL(/\/tasks$/);
    await expect(page.getByText('La tarea se ha cancelado.')).toBeVisible();
    await page.getByTestId('show-cancelled').click();
    await expect(page.getByTestId('cancelled-tasks-page')).toBeVisible();
    await expect(page.getByTestId(`task-row-${taskId}`)).toBeVisible();
    await capture(page, 'client-user-tasks-cancelled');
    await page.getByTestId(`task-row-${taskId}`).getByTestId('task-link').click();
    await page.getByTestId('reactivate-task').click();
    await page.waitForURL(/\/tasks$/);
    await expect(page.getByTestId(`task-row-${taskId}`)).toContainText('Borrador');

    // The payment return page reached without the bank's answer (a bookmark): where the task stands.
    await page.goto(`/tasks/ko/${taskId}`);
    await expect(page.getByTestId('payment-state-page')).toBeVisible();
    await expect(page.getByTestId('payment-state')).toContainText('Borrador');
    await expect(page.getByTestId('payment-task-name')).toHaveText(name);
    await capture(page, 'client-user-task-payment-ko');

    // The PM sees the task with its customer.
    // A context of its own (axe needs one opened through newContext).
    const staffContext = await browser.newContext({ viewport: WIDTHS.desktop });
    const staff = await staffContext.newPage();
    await signInQuickly(staff, DEMO.verbaPm);
    await staff.goto('/tasks');
    await waitForScreen(staff);
    await expect(staff.getByTestId(`task-row-${taskId}`)).toContainText('Acme');
    await capture(staff, 'pm-tasks');
    await staff.getByTestId(`task-row-${taskId}`).getByTestId('task-link').click();
    await expect(staff.getByTestId('task-customer')).toContainText('Acme');
    await expect(staff.getByTestId('add-concept')).toBeVisible();
    await capture(staff, 'pm-task-detail');
    await staffContext.close();
  });
});
