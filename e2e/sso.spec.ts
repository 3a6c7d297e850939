import { expect, test } from '@playwright/test';
import { startTestIdp, type TestIdp } from '../apps/api/test/oidc-idp.ts';
import { BASE_URL } from './playwright.config.ts';
import { DEMO, apiToken, screenshot, sectionShots, signInQuickly, waitForScreen } from './support.ts';

// Single sign-on against a real OpenID provider (oidc-provider) started by the test on a free port.
const DOMAIN = 'sso-e2e.test';
let idp: TestIdp;

test.beforeAll(async () => {
  idp = await startTestIdp(BASE_URL);
  idp.accounts.set('person', {
    email: `person@${DOMAIN}`,
    email_verified: true,
    given_name: 'Sso',
    family_name: 'Person',
  });
  idp.signInAs = 'person';
});

test.afterAll(async ({ request }) => {
  // Leave no provider behind for the other journeys.
  const admin = await apiToken(request, DEMO.verbaAdmin);
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const list = (await (await request.get('/api/sso/providers', { headers })).json()) as {
    data: Array<{ id: number; domains: string[] }>;
  };
  for (const provider of list.data.filter((p) => p.domains.includes(DOMAIN)))
    await request.delete(`/api/sso/providers/${provider.id}`, { headers });
  await idp?.close();
});

test.setTimeout(180_000);
test('the provider admin adds an identity provider, and a new user signs in through it and out', async ({
  page,
  browser,
}) => {
  await signInQuickly(page, DEMO.verbaAdmin);
  await page.goto('/settings');
  await waitForScreen(page);
  await page.getByTestId('sso-add').click();
  await page.getByTestId('sso-owner').click();
  await page.getByRole('option', { name: 'Acme', exact: false }).first().click();
  await page.getByTestId('sso-issuer').fill(idp.issuer);
  await page.getByTestId('sso-client-id').fill(idp.clientId);
  await page.getByTestId('sso-client-secret').fill(idp.clientSecret);
  await page.getByTestId('sso-domains').fill(DOMAIN);
  await page.getByRole('switch', { name: /Create users unknown to the portal/ }).click();
  await page.getByTestId('settings-sso').scrollIntoViewIfNeeded();
  await sectionShots(page, 'settings-sso-form', ['settings-sso']);
  await page.getByTestId('sso-save').click();
  const card = page.getByTestId('settings-sso').getByText(DOMAIN);
  await expect(card).toBeVisible();
  await page
    .getByTestId('settings-sso')
    .screenshot({ path: 'e2e/artifacts/screenshots/settings-sso-desktop.png' });
  await sectionShots(page, 'settings-sso-list', ['settings-sso']);

  const guest = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await guest.goto('/login');
  await guest.getByRole('textbox', { name: 'Email', exact: true }).fill(`person@${DOMAIN}`);
  await screenshot(guest, 'login-sso-desktop');
  await guest.setViewportSize({ width: 390, height: 844 });
  await screenshot(guest, 'login-sso-phone');
  await guest.setViewportSize({ width: 1280, height: 800 });
  await guest.getByTestId('login-sso').click();
  // through the identity provider and back to /login/sso, then in
  await guest.waitForURL(/\/tasks/, { timeout: 60_000 });
  await waitForScreen(guest);
  await screenshot(guest, 'sso-signed-in-desktop');

  // signing out goes on to the provider's sign-out page (RP-initiated logout)
  const token = await guest.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('verba-session') ?? '{}') as { state?: { token?: string } }).state
        ?.token,
  );
  const before = await guest.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(((await before.json()) as { data: { email: string; type: string } }).data).toMatchObject({
    email: `person@${DOMAIN}`,
    type: 'CLIENT_USER',
  });
  const out = await guest.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  const body = (await out.json()) as { data: { logout_url?: string } };
  expect(body.data.logout_url?.startsWith(`${idp.issuer}/session/end`)).toBe(true);
  const me = await guest.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});
