import { expect, test } from '@playwright/test';
import { DEMO, apiToken, screenshot, signInThroughForm, waitForAppRequests } from './support.ts';

test('a guest picks a language and it survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Verba' })).toBeVisible();
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-es').click();
  await expect(page.getByRole('heading', { name: 'Acceda a Verba' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Acceda a Verba' })).toBeVisible();
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-ca').click();
  await expect(page.getByRole('heading', { name: 'Accedeixi a Verba' })).toBeVisible();
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.getByRole('heading', { name: 'Sign in to Verba' })).toBeVisible();
});

test('a refusal already on screen follows a change of language', async ({ page }) => {
  await page.goto('/quote');
  const form = page.getByTestId('quote-form');
  await expect(form).toBeVisible();
  // Sending an empty form names the fields it needs, checked on the page.
  await page.getByTestId('quote-submit').click();
  await expect(page.getByTestId('quote-form-errors')).toBeVisible();
  await expect(form.getByText('This field is required.').first()).toBeVisible();
  const refused = await form.getByText('This field is required.').count();
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-es').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(form.getByText('Este campo es obligatorio.')).toHaveCount(refused);
  await expect(form.getByText('This field is required.')).toHaveCount(0);
  await screenshot(page, 'guest-quote-refusals-after-language-change-es');
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-ca').click();
  await expect(form.getByText('Aquest camp és obligatori.')).toHaveCount(refused);
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-en').click();
  await expect(form.getByText('This field is required.')).toHaveCount(refused);
});

test('a guest gets the browser language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ca-ES' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Accedeixi a Verba' })).toBeVisible();
  await context.close();
});

test('a signed-in user gets their own language, changes it on My account, and it survives a reload', async ({
  page,
  request,
}) => {
  // The demo project manager works in Catalan.
  await signInThroughForm(page, DEMO.verbaPm);
  await page.getByTestId('menu-account').click();
  await expect(page.getByRole('heading', { name: 'El meu compte' })).toBeVisible();
  await page.getByTestId('account-language').click();
  await page.getByRole('option', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible();
  await expect(page.getByTestId('menu-tasks')).toHaveText('Tareas');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible();
  const session = await apiToken(request, DEMO.verbaPm);
  expect((session.user as { language: string }).language).toBe('es');
  await screenshot(page, 'verba-pm-account-es-desktop');
  // The header switcher saves on the account too; this puts the demo language back.
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-ca').click();
  await expect(page.getByRole('heading', { name: 'El meu compte' })).toBeVisible();
  const after = await apiToken(request, DEMO.verbaPm);
  expect((after.user as { language: string }).language).toBe('ca');
});

test('a revoked session opens the session-expired modal, which leads to logout and /login', async ({
  page,
  request,
}) => {
  await signInThroughForm(page, DEMO.acmeAdmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard's first reads are answered before the session is revoked: the next request must
  // meet the revoked session.
  await waitForAppRequests(page);
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('verba-session') ?? '{}').state.token as string,
  );
  const revoked = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(200);
  // The revoked session's notification stream is ended at once, and its reconnection may meet the
  // revoked session before the click does: the modal may already cover the menu, so the click is
  // dispatched rather than waited for.
  await page.getByTestId('menu-company').dispatchEvent('click');
  const modal = page.getByTestId('modal-session-expired');
  await expect(modal.getByText('The session has expired. Please log in again to continue.')).toBeVisible();
  await screenshot(page, 'client-admin-session-expired-desktop');
  await modal.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('verba-session') ?? '{}'));
  expect(stored.state.token).toBeNull();
});

test('the token expiry opens the session-expired modal by itself', async ({ page }) => {
  await signInThroughForm(page, DEMO.acmeUser);
  await expect(page).toHaveURL(/\/tasks$/);
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('verba-session') ?? '{}');
    stored.state.expiresAt = Date.now() + 1500;
    localStorage.setItem('verba-session', JSON.stringify(stored));
  });
  await page.reload();
  await expect(page.getByTestId('menu-tasks')).toBeVisible();
  const modal = page.getByTestId('modal-session-expired');
  // The Acme user works in Spanish.
  await expect(modal.getByText('La sesión ha caducado.', { exact: false })).toBeVisible({ timeout: 10_000 });
  await modal.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
