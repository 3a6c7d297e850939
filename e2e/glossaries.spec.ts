import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, capture, expectAccessibleDialog, pickOption, signInQuickly } from './support.ts';

test.describe.configure({ mode: 'serial' });

/** Chooses a CSV in the form's file picker (the hidden input behind the button). */
async function chooseCsv(page: Page, name: string, content: string | Buffer): Promise<void> {
  await page
    .getByTestId('glossary-upload-form')
    .locator('input[type="file"]')
    .setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
    });
}

/** Clicks a download entry and returns the saved file's name and text. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

const rowOf = (page: Page, name: string) =>
  page.getByTestId('glossary-list').getByRole('row').filter({ hasText: name });

async function downloadFrom(page: Page, name: string, format: 'original' | 'csv' | 'tbx') {
  return downloaded(page, async () => {
    await rowOf(page, name).locator('[data-testid^="glossary-download-"]').click();
    await page.getByTestId(`glossary-export-${format}`).click();
  });
}

test('a client admin (en) uploads a unidirectional glossary: toast, form reset, list, download', async ({
  page,
}) => {
  await signInQuickly(page, DEMO.acmeAdmin);
  await page.goto('/glossaries');
  await expect(page.getByTestId('glossary-upload-form')).toBeVisible();
  await capture(page, 'glossaries-client-admin-en');

  // Both languages start on English (spec): the form asks for different ones before sending.
  await expect(page.getByTestId('glossary-source')).toHaveValue('English (en)');
  await expect(page.getByTestId('glossary-target')).toHaveValue('English (en)');
  await chooseCsv(
    page,
    'e2e-en-es.csv',
    'source;target;note\nscreen;pantalla;UI\n"log; in";iniciar sesión;\n',
  );
  await page.getByTestId('glossary-save').click();
  await expect(page.getByText('The languages must be different.')).toBeVisible();

  await pickOption(page, 'glossary-target', 'Spanish (es)');
  await page.getByTestId('glossary-save').click();
  await expect(page.getByText('Glossary created')).toBeVisible();
  // The form is back to its start: no file, English on both sides.
  await expect(page.getByTestId('glossary-target')).toHaveValue('English (en)');
  await expect(page.getByTestId('glossary-upload-form').getByText('e2e-en-es.csv')).toHaveCount(0);

  const row = rowOf(page, 'e2e-en-es.csv');
  await expect(row).toContainText('en → es');
  await expect(row).toContainText('Alice Acme');
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  const original = await downloadFrom(page, 'e2e-en-es.csv', 'original');
  expect(original.name).toBe('e2e-en-es.csv');
  expect(original.text).toContain('"log; in";iniciar sesión;');
  await capture(page, 'glossaries-client-admin-en-listed');

  // The format guide, with a template per type.
  await page.getByTestId('glossary-format-link').click();
  await expect(page.getByTestId('glossary-format-page')).toBeVisible();
  const template = await downloaded(page, () => page.getByTestId('glossary-template-2').click());
  expect(template.name).toBe('glossary-template-type-2.csv');
  expect(template.text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('en,es,ca');
  await capture(page, 'glossaries-format-guide-en');
});

test('a client user (es) uploads equivalent terms; a bad file lists its rows in Spanish', async ({
  page,
}) => {
  await signInQuickly(page, DEMO.acmeUser);
  await page.goto('/glossaries');
  await expect(page.getByRole('heading', { name: 'Subir un glosario' })).toBeVisible();
  await page.getByTestId('glossary-type-2').check();
  await pickOption(page, 'glossary-languages', 'Inglés (en)');
  await pickOption(page, 'glossary-languages', 'Español (es)');
  await pickOption(page, 'glossary-languages', 'Catalán (ca)');
  await page.keyboard.press('Escape');

  await chooseCsv(page, 'e2e-tres.csv', 'en,es,ca\ninvoice,factura,\nscreen,pantalla,pantalla\n');
  await page.getByTestId('glossary-save').click();
  const report = page.getByTestId('glossary-file-errors');
  await expect(report).toContainText('fila 2: el término en Catalán está vacío');
  await capture(page, 'glossaries-client-user-es-refused');

  // The choices stay after a refusal: only the file changes.
  await chooseCsv(page, 'e2e-tres.csv', 'en,es,ca\ninvoice,factura,factura\nscreen,pantalla,pantalla\n');
  await page.getByTestId('glossary-save').click();
  await expect(page.getByText('Glosario creado')).toBeVisible();
  await expect(page.getByTestId('glossary-file-errors')).toHaveCount(0);
  const row = rowOf(page, 'e2e-tres.csv');
  await expect(row).toContainText('en, es, ca');
  await expect(row).toContainText('Términos equivalentes');
  const csv = await downloadFrom(page, 'e2e-tres.csv', 'csv');
  expect(csv.text).toBe('\ufeffen,es,ca\r\ninvoice,factura,factura\r\nscreen,pantalla,pantalla\r\n');

  // Its own glossary can be deleted; the client admin's cannot.
  await expect(rowOf(page, 'e2e-en-es.csv').getByRole('button', { name: /Eliminar/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Eliminar e2e-tres.csv' })).toBeVisible();
  await capture(page, 'glossaries-client-user-es');
});

test('the PM (ca) lists every customer’s glossaries, filters them and takes a TBX', async ({ page }) => {
  await signInQuickly(page, DEMO.verbaPm);
  await page.goto('/glossaries');
  await expect(
    page.getByText('Els glossaris els carrega manualment el proveïdor.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByTestId('glossary-upload-form')).toHaveCount(0);
  await expect(rowOf(page, 'acme-product-terms.csv')).toContainText('Acme');
  await capture(page, 'glossaries-pm-ca');

  await pickOption(page, 'glossary-filter-language', 'Català (ca)');
  await expect(rowOf(page, 'e2e-tres.csv')).toBeVisible();
  await expect(rowOf(page, 'e2e-en-es.csv')).toHaveCount(0);
  const tbx = await downloadFrom(page, 'e2e-tres.csv', 'tbx');
  expect(tbx.name).toBe('e2e-tres.tbx');
  expect(tbx.text).toContain('<martif type="TBX-Basic" xml:lang="en">');
  expect(tbx.text).toContain('<langSet xml:lang="ca">');
  expect(tbx.text).toContain('<term>factura</term>');
  // No delete for the PM.
  await expect(page.getByRole('button', { name: /^Elimini / })).toHaveCount(0);
});

test('the admin (en) deletes a glossary after confirming', async ({ page }) => {
  await signInQuickly(page, DEMO.verbaAdmin);
  await page.goto('/glossaries');
  await pickOption(page, 'glossary-filter-customer', 'Acme');
  const row = rowOf(page, 'e2e-en-es.csv');
  await row.getByRole('button', { name: 'Delete e2e-en-es.csv' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessibleDialog(page, 'delete glossary');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Glossary deleted')).toBeVisible();
  await expect(rowOf(page, 'e2e-en-es.csv')).toHaveCount(0);
  await capture(page, 'glossaries-admin-en');
});
