import { expect, test } from '@playwright/test';
import { DEMO, screenshot, signInThroughForm } from './support.ts';

test('submit stays disabled while email or password is empty after trimming', async ({ page }) => {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Sign in' });
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('   ');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret');
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('someone@acme.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('   ');
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret');
  await expect(submit).toBeEnabled();
});

test('a wrong password is said once, on the form: no toast, no modal', async ({ page }) => {
  await signInThroughForm(page, DEMO.globexAdmin, 'not-the-password');
  await expect(page.getByTestId('login-inline-help')).toBeVisible();
  await screenshot(page, 'guest-login-bad-credentials-desktop');
  await expect(page.getByTestId('modal-alert')).toHaveCount(0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test('an inactive user sees the inactive-user modal', async ({ page }) => {
  await signInThroughForm(page, DEMO.inactive);
  const modal = page.getByTestId('modal-inactive-user');
  await expect(modal.getByText('User disabled')).toBeVisible();
  await expect(modal.getByText('The user is disabled. Create a new user.')).toBeVisible();
  await screenshot(page, 'guest-login-inactive-user-desktop');
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test('signing in works with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).focus();
  await page.keyboard.type(DEMO.verbaAdmin);
  await page.keyboard.press('Tab');
  await page.keyboard.type('demo-password');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  // After the navigation the focus is on the new screen's heading, once it is there.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();
  // On a fresh load of a page the skip link is the first stop and jumps to the content.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
});

test('unknown paths go to /login for guests and to /404 for signed-in users', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, DEMO.acmeAdmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/404\?url=%2Fno%2Fsuch%2Fpage%3Fx%3D1$/);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page.getByText('/no/such/page?x=1')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to my tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});
