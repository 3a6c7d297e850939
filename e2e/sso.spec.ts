import { expect, test, type APIRequestContext } from '@playwright/test';
import { startTestIdp, type TestIdp } from '../apps/api/test/oidc-idp.ts';
import { BASE_URL } from './playwright.config.ts';
import {
  DEMO,
  SCREENSHOT_DIR,
  apiToken,
  screenshot,
  sectionShots,
  signInQuickly,
  waitForScreen,
} from './support.ts';

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
  // One new person per language (created in the language they sign in with: no demo user's
  // language is changed), and one whose e-mail the provider has not verified.
  for (const lang of ['es', 'ca'])
    idp.accounts.set(`persona-${lang}`, { email: `persona-${lang}@${DOMAIN}`, email_verified: true });
  idp.accounts.set('unverified', { email: `unverified@${DOMAIN}`, email_verified: false });
});

test.describe.configure({ mode: 'serial' });

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

/** The provider of the first journey, made through the API when that journey did not run. */
async function ensureProvider(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.verbaAdmin);
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const list = (await (await request.get('/api/sso/providers', { headers })).json()) as {
    data: Array<{ domains: string[] }>;
  };
  if (list.data.some((p) => p.domains.includes(DOMAIN))) return;
  const customers = (await (await request.get('/api/customers?per_page=100', { headers })).json()) as {
    data: Array<{ id: number; name: string }>;
  };
  const created = await request.post('/api/sso/providers', {
    headers,
    data: {
      customer_id: customers.data.find((c) => c.name === 'Acme')!.id,
      issuer_url: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      domains: [DOMAIN],
      create_users: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

const SIGN_IN: Record<
  'es' | 'ca',
  { locale: string; sso: string; tasks: string; unverified: string; failed: string; back: string }
> = {
  es: {
    locale: 'es-ES',
    sso: 'Usar el inicio de sesión único',
    tasks: 'Tareas',
    unverified: 'El servicio de inicio de sesión de su organización no ha verificado su dirección de correo.',
    failed: 'Inicio de sesión no completado',
    back: 'Volver al inicio de sesión',
  },
  ca: {
    locale: 'ca-ES',
    sso: 'Inici de sessió únic',
    tasks: 'Tasques',
    unverified:
      "El servei d'inici de sessió de la seva organització no ha verificat la seva adreça de correu.",
    failed: 'Inici de sessió no completat',
    back: "Torni a l'inici de sessió",
  },
};

for (const lang of ['es', 'ca'] as const) {
  test(`in ${lang}: a new person signs in through the identity provider; an unverified e-mail is refused`, async ({
    browser,
    request,
  }) => {
    await ensureProvider(request);
    const words = SIGN_IN[lang];
    const context = await browser.newContext({ locale: words.locale });
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(`persona-${lang}@${DOMAIN}`);
    const button = page.getByTestId('login-sso');
    await expect(button).toHaveText(words.sso);
    await page.screenshot({ path: `${SCREENSHOT_DIR}login-sso-${lang}-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}login-sso-${lang}-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    idp.signInAs = `persona-${lang}`;
    await button.click();
    await page.waitForURL(/\/tasks/, { timeout: 60_000 });
    await waitForScreen(page);
    await expect(page.getByRole('link', { name: words.tasks, exact: true }).first()).toBeVisible();
    await screenshot(page, `sso-signed-in-${lang}-desktop`);
    const token = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('verba-session') ?? '{}') as { state?: { token?: string } }).state
          ?.token,
    );
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    // Created at the first sign-in, in the language it was made in.
    expect(((await me.json()) as { data: object }).data).toMatchObject({
      email: `persona-${lang}@${DOMAIN}`,
      type: 'CLIENT_USER',
      language: lang,
    });
    await context.close();

    // The provider has not verified this e-mail: refused, in the language of the screen, no session.
    const refusedContext = await browser.newContext({ locale: words.locale });
    const refused = await refusedContext.newPage();
    await refused.goto('/login');
    await refused.locator('input[name="email"]').fill(`unverified@${DOMAIN}`);
    idp.signInAs = 'unverified';
    await refused.getByTestId('login-sso').click();
    await expect(refused.getByTestId('sso-failure')).toHaveText(words.unverified, { timeout: 60_000 });
    await expect(refused.getByRole('link', { name: words.back })).toBeVisible();
    // The screen says the sign-in failed, not that it is still signing in.
    await expect(refused.getByRole('heading', { level: 1 })).toHaveText(words.failed);
    expect(await refused.evaluate(() => localStorage.getItem('verba-session'))).toBeNull();
    await refused.screenshot({ path: `${SCREENSHOT_DIR}sso-refused-${lang}-desktop.png`, fullPage: true });
    await refused.setViewportSize({ width: 390, height: 844 });
    await refused.screenshot({ path: `${SCREENSHOT_DIR}sso-refused-${lang}-phone.png`, fullPage: true });
    await refusedContext.close();
    idp.signInAs = 'person';
  });
}
