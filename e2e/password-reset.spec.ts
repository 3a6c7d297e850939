import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, apiToken, screenshot, signInThroughForm } from './support.ts';

const NEW_PASSWORD = 'brand-new-password-42';

test.afterAll(async ({ request }) => {
  // Whatever happened above, leave the demo password in place for the other journeys.
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.acmeUser, password: NEW_PASSWORD },
  });
  if (login.status() !== 200) return;
  const { access_token, user } = (
    (await login.json()) as { data: { access_token: string; user: { id: number } } }
  ).data;
  await request.put(`/api/users/${user.id}/changePassword`, {
    headers: { Authorization: `Bearer ${access_token}` },
    data: {
      id: user.id,
      current_password: NEW_PASSWORD,
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
    },
  });
});

test('full password reset through the mail outbox, then back with the change-password modal', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/login\/reset$/);

  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await email.fill(DEMO.acmeUser);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();
  await screenshot(page, 'guest-login-reset-sent-desktop');

  // The embedded server keeps every mail in an outbox an admin can read.
  const admin = await apiToken(request, DEMO.verbaAdmin);
  const outbox = await request.get('/api/dev/mail-outbox', {
    headers: { Authorization: `Bearer ${admin.access_token}` },
  });
  expect(outbox.status()).toBe(200);
  const mails = ((await outbox.json()) as { data: Array<{ to: string; text: string }> }).data;
  const mail = mails.find((item) => item.to === DEMO.acmeUser);
  const link = /https?:\/\/\S+\/login\/reset\/\S+/.exec(mail?.text ?? '')?.[0];
  expect(link, 'reset link in the newest mail').toBeTruthy();
  const url = new URL(link ?? '');
  await page.goto(url.pathname + url.search);
  await expect(page.getByTestId('reset-password-page')).toBeVisible();
  await expect(page.getByText(DEMO.acmeUser).first()).toBeVisible();

  const password = page.getByRole('textbox', { name: 'New password', exact: true });
  const confirmation = page.getByRole('textbox', { name: 'Confirm the new password', exact: true });
  const submit = page.getByRole('button', { name: 'Save the new password' });
  await expect(submit).toBeDisabled();
  await password.fill(NEW_PASSWORD);
  await confirmation.fill(`${NEW_PASSWORD}x`);
  await expect(page.getByText('The confirmation differs from the password.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await screenshot(page, 'guest-login-reset-token-mismatch-desktop');
  // The server's rules show below the fields.
  await password.fill('short');
  await confirmation.fill('short');
  await submit.click();
  await expect(page.getByText('The password must have between 8 and 128 characters.')).toBeVisible();
  await password.fill(NEW_PASSWORD);
  await confirmation.fill(NEW_PASSWORD);
  await submit.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password changed')).toBeVisible();

  // The old password no longer works; the new one does.
  const old = await request.post('/api/auth/login', {
    data: { email: DEMO.acmeUser, password: DEMO_PASSWORD },
  });
  expect(old.status()).toBe(401);
  await signInThroughForm(page, DEMO.acmeUser, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/tasks$/);

  // The link is single-use: opening it again shows the server's message.
  await page.evaluate(() => localStorage.clear());
  await page.goto(url.pathname + url.search);
  await expect(page.getByTestId('reset-invalid-token')).toBeVisible();

  // Put the demo password back through My account -> change password (per-field server errors).
  // The Acme user works in Spanish.
  await signInThroughForm(page, DEMO.acmeUser, NEW_PASSWORD);
  await page.getByTestId('menu-account').click();
  await page.getByTestId('open-change-password').click();
  const modal = page.getByTestId('modal-change-password');
  const currentPassword = modal.getByRole('textbox', { name: 'Contraseña actual', exact: true });
  const newPassword = modal.getByRole('textbox', { name: 'Nueva contraseña', exact: true });
  const confirmPassword = modal.getByRole('textbox', { name: 'Confirme la nueva contraseña', exact: true });
  await currentPassword.fill(NEW_PASSWORD);
  await newPassword.fill('tiny');
  await confirmPassword.fill('different');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(newPassword).toHaveAttribute('data-invalid', 'true');
  await expect(confirmPassword).toHaveAttribute('data-invalid', 'true');
  await expect(modal.locator('.mantine-InputWrapper-error')).toHaveCount(2);
  await screenshot(page, 'client-user-account-change-password-errors-desktop');
  await newPassword.fill(DEMO_PASSWORD);
  await confirmPassword.fill(DEMO_PASSWORD);
  // A wrong current password is refused under its field, and nothing changes.
  await currentPassword.fill('not-the-password');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('La contraseña actual no es correcta: no se ha cambiado nada.')).toBeVisible();
  await expect(currentPassword).toHaveAttribute('data-invalid', 'true');
  await currentPassword.fill(NEW_PASSWORD);
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByText('Contraseña cambiada')).toBeVisible();
  const back = await request.post('/api/auth/login', {
    data: { email: DEMO.acmeUser, password: DEMO_PASSWORD },
  });
  expect(back.status()).toBe(200);
});

test('an unknown reset token shows the server message', async ({ page }) => {
  await page.goto('/login/reset/not-a-real-token?email=user%40acme.test');
  await expect(page.getByTestId('reset-invalid-token')).toContainText('invalid or has expired');
});
