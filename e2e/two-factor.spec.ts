import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO, DEMO_PASSWORD, apiToken, screenshot } from './support.ts';

// The codes are computed here from the key the screen shows, as an authenticator app would.
const codeFor = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
const stepNow = () => TOTP.counter({ timestamp: Date.now() });

async function pageIn(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  return page;
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
}

test.describe('two-factor sign-in', () => {
  test.afterAll(async ({ request }) => {
    // Put the demo account back as it was, whatever happened above.
    const admin = await apiToken(request, DEMO.verbaAdmin);
    const me = await request.post('/api/auth/login', {
      data: { email: DEMO.globexAdmin, password: DEMO_PASSWORD },
    });
    const users = await request.get('/api/users', {
      headers: { authorization: `Bearer ${admin.access_token}` },
      params: { search: DEMO.globexAdmin },
    });
    const row = (
      (await users.json()) as { data: { data: Array<{ id: number; email: string }> } }
    ).data.data.find((u) => u.email === DEMO.globexAdmin);
    if (row)
      await request.post(`/api/users/${row.id}/two-factor/reset`, {
        headers: { authorization: `Bearer ${admin.access_token}` },
      });
    expect(me.status()).toBe(200);
  });

  // three browsers sign in one after the other: slow on a busy machine
  test.setTimeout(300_000);
  test('enrol with a computed code, then sign in with a code (es) and with a recovery code (ca)', async ({
    browser,
  }) => {
    const en = await pageIn(browser, 'en-GB');
    await passwordStep(en, DEMO.globexAdmin);
    await en.waitForURL(/\/dashboard|\/tasks/);
    await en.getByRole('link', { name: 'My account' }).click();
    await en.getByTestId('two-factor-setup').click({ timeout: 30_000 });
    await expect(en.getByTestId('two-factor-qr')).toBeVisible();
    const secret = ((await en.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(en, 'account-two-factor-setup-desktop');
    await en.getByRole('textbox', { name: 'Code from the app' }).fill(codeFor(secret, stepNow()));
    await en.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codesBlock = en.getByTestId('two-factor-recovery-codes');
    await expect(codesBlock).toBeVisible();
    const recoveryCodes = ((await codesBlock.locator('pre').textContent()) ?? '').split('\n').filter(Boolean);
    expect(recoveryCodes).toHaveLength(10);
    await screenshot(en, 'account-two-factor-recovery-codes-desktop');
    await en.getByTestId('two-factor-recovery-done').click();
    await expect(en.getByTestId('two-factor-state')).toHaveText('On');
    await expect(en.getByTestId('account-sessions')).toContainText('This session');
    await screenshot(en, 'account-two-factor-on-desktop');

    const es = await pageIn(browser, 'es-ES');
    await passwordStep(es, DEMO.globexAdmin);
    await expect(es.getByTestId('two-factor-step')).toBeVisible();
    await expect(es.getByRole('heading', { name: 'Inicio de sesión en dos pasos' })).toBeVisible();
    await screenshot(es, 'login-two-factor-code-es-desktop');
    await es.locator('input[name="code"]').fill(codeFor(secret, stepNow() + 1));
    await es.locator('form button[type="submit"]').click();
    await es.waitForURL(/\/dashboard|\/tasks/);

    const ca = await pageIn(browser, 'ca-ES');
    await passwordStep(ca, DEMO.globexAdmin);
    await ca.getByTestId('two-factor-toggle').click();
    await expect(ca.getByText("Faci servir un codi de l'aplicació")).toBeVisible();
    await ca.locator('input[name="recovery_code"]').fill('wrong-code');
    await ca.locator('form button[type="submit"]').click();
    await expect(
      ca.getByText("Aquest codi de recuperació no és correcte o ja s'ha fet servir."),
    ).toBeVisible();
    await ca.locator('input[name="recovery_code"]').fill(recoveryCodes[0]!);
    await screenshot(ca, 'login-two-factor-recovery-ca-desktop');
    await ca.locator('form button[type="submit"]').click();
    await ca.waitForURL(/\/dashboard|\/tasks/);

    // the first browser lists the other two sessions and ends them
    // leave the screen and come back, so that the list is read again
    await en.getByRole('link', { name: 'Dashboard' }).click();
    await en.waitForURL(/\/dashboard/);
    await en.getByRole('link', { name: 'My account' }).click();
    await expect(en.getByTestId('account-sessions')).toBeVisible({ timeout: 30_000 });
    // this browser's, the Spanish and the Catalan sign-ins at least
    await expect
      .poll(() => en.getByTestId('account-sessions').locator('tbody tr').count())
      .toBeGreaterThanOrEqual(3);
    await screenshot(en, 'account-sessions-desktop');
    await en.getByTestId('end-other-sessions').click();
    await expect(en.getByTestId('account-sessions').locator('tbody tr')).toHaveCount(1);
    // the Catalan browser's session is over on the server
    const caToken = await ca.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('verba-session') ?? '{}') as { state?: { token?: string } }).state
          ?.token,
    );
    const caMe = await ca.request.get('/api/auth/me', { headers: { authorization: `Bearer ${caToken}` } });
    expect(caMe.status()).toBe(401);
  });

  test('a user whose customer requires it sees only the enrolment screen', async ({ browser, request }) => {
    const acmeAdmin = await apiToken(request, DEMO.acmeAdmin);
    const customerId = (acmeAdmin.user as { customer_id: number }).customer_id;
    const set = (on: boolean) =>
      request.put(`/api/customers/${customerId}/require-2fa`, {
        headers: { authorization: `Bearer ${acmeAdmin.access_token}` },
        data: { require_2fa: on },
      });
    expect((await set(true)).status()).toBe(200);
    try {
      const page = await pageIn(browser, 'en-GB');
      await passwordStep(page, DEMO.acmeUser);
      await expect(page).toHaveURL(/\/account$/);
      // the demo client user reads Spanish
      await expect(
        page.getByRole('heading', { name: 'Configure el inicio de sesión en dos pasos' }),
      ).toBeVisible();
      await page.goto('/tasks');
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByTestId('account-sessions')).toHaveCount(0);
      await screenshot(page, 'account-enrolment-only-desktop');
    } finally {
      await set(false);
    }
  });
});
