import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';

export const DEMO = {
  verbaAdmin: 'admin@verba.test',
  verbaPm: 'pm@verba.test',
  acmeAdmin: 'admin@acme.test',
  acmeUser: 'user@acme.test',
  globexAdmin: 'admin@globex.test',
  inactive: 'inactive@acme.test',
} as const;

export const SCREENSHOT_DIR = fileURLToPath(new URL('./artifacts/screenshots/', import.meta.url));
mkdirSync(SCREENSHOT_DIR, { recursive: true });

export const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;
export type Width = keyof typeof WIDTHS;

export async function screenshot(page: Page, name: string): Promise<void> {
  // From the top: a scrolled page draws its fixed header and menu in the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true });
}

/** The sign-in screen, used as a user would. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), `login of ${email}`).toBe(200);
  const body = (await response.json()) as {
    data: { access_token: string; expires_in: number; user: unknown };
  };
  return body.data;
}

/** What the web's catalogue says for `key` ("actions.keepTask") of namespace `ns` in `locale`. */
export function catalogueText(locale: 'en' | 'es' | 'ca', ns: string, key: string): string {
  const file = new URL(`../apps/web/src/locales/${locale}/${ns}.json`, import.meta.url);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no ${locale}/${ns} ${key}`);
  return node;
}

/** Signs `email` in with `locale` as its language; gives back a function that puts the old one back. */
export async function signInSpeaking(
  page: Page,
  request: APIRequestContext,
  email: string,
  locale: 'en' | 'es' | 'ca',
) {
  const session = await apiToken(request, email);
  const user = session.user as { id: number; language: string };
  const headers = { Authorization: `Bearer ${session.access_token}` };
  await request.post(`/api/users/${user.id}/language`, { headers, data: { language: locale } });
  await signInQuickly(page, email);
  return () => request.post(`/api/users/${user.id}/language`, { headers, data: { language: user.language } });
}

/** The language each demo account has as shipped; journeys expect it. */
export const DEMO_LANGUAGES = {
  [DEMO.verbaAdmin]: 'en',
  [DEMO.verbaPm]: 'ca',
  [DEMO.acmeAdmin]: 'en',
  [DEMO.acmeUser]: 'es',
} as const;

/** Gives the demo accounts a journey switched back their own languages (call it in `afterAll`). */
export async function restoreDemoLanguages(
  request: APIRequestContext,
  emails: Array<keyof typeof DEMO_LANGUAGES>,
) {
  for (const email of emails) {
    const session = await apiToken(request, email);
    const id = (session.user as { id: number }).id;
    const saved = await request.post(`/api/users/${id}/language`, {
      headers: { authorization: `Bearer ${session.access_token}` },
      data: { language: DEMO_LANGUAGES[email] },
    });
    expect(saved.ok(), `language of ${email} restored`).toBe(true);
  }
}

/** Each section alone at phone width (a full page is too tall to judge), back to desktop. */
export async function sectionShots(page: Page, name: string, testIds: string[]): Promise<void> {
  await page.setViewportSize(WIDTHS.phone);
  for (const testId of testIds)
    await page.getByTestId(testId).screenshot({ path: `${SCREENSHOT_DIR}${name}-${testId}-phone.png` });
  await page.setViewportSize(WIDTHS.desktop);
}

/** Signs in through the API and hands the session to the page, as the app persists it. */
export async function signInQuickly(page: Page, email: string): Promise<void> {
  const session = await apiToken(page.request, email);
  await page.addInitScript(
    (value) => {
      if (!window.localStorage.getItem('verba-session')) window.localStorage.setItem('verba-session', value);
    },
    JSON.stringify({
      state: {
        token: session.access_token,
        expiresAt: Date.now() + session.expires_in * 1000,
        user: session.user,
        locale: null,
      },
      version: 0,
    }),
  );
}

/**
 * Waits until the app has no read or write in flight. Not Playwright's "networkidle": the
 * notification bell keeps its Server-Sent Events request open, so the network is never idle.
 */
export async function waitForAppRequests(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // A page that is not the app (the sandbox bank's) has no counter, and so no app requests.
  await page.waitForFunction(
    () => ((window as { verbaPendingRequests?: () => number }).verbaPendingRequests?.() ?? 0) === 0,
  );
}

/** Waits until the routed screen has rendered (no lazy-loading spinner left). */
export async function waitForScreen(page: Page): Promise<void> {
  await waitForAppRequests(page);
  // a lazily loaded screen's code is no app request: on a busy machine it may take longer than 10 s
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
  // A screen may still move on (an unknown id goes to /404): let it settle before looking.
  await page.waitForTimeout(300);
  await waitForAppRequests(page);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
}

/**
 * axe run inside the page itself. Its default opens a blank page for every check to merge the results
 * of cross-origin frames, which the app has none of: that took half of each check's time, and checks
 * were a third of the journeys' time.
 */
function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

export async function expectNoAxeViolations(page: Page, context: string): Promise<void> {
  const results = await axeOf(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  expect(summary, `axe violations on ${context}`).toEqual([]);
}

/**
 * Success toasts use the shared notification style, whose grey description text is below AA contrast
 * (reported to the foundation); the screens are checked without them.
 */
export async function dismissToasts(page: Page): Promise<void> {
  // A toast under the pointer (left where the last click was, e.g. on a form's save button) keeps its
  // timer paused, as it should for a person reading it: the pointer moves away first.
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

/** axe and a full-page screenshot at desktop and phone widths, back to desktop afterwards. */
export async function capture(page: Page, name: string): Promise<void> {
  await dismissToasts(page);
  await waitForScreen(page);
  await expectNoAxeViolations(page, `${name} (desktop)`);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(WIDTHS.phone);
  await waitForScreen(page);
  await expectNoAxeViolations(page, `${name} (phone)`);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(WIDTHS.desktop);
}

/**
 * axe on an open modal only. Mantine draws the modal title bar as a <header>, which axe counts as a
 * second banner next to the app's; that belongs to the shared modal, so those two landmark rules are off here.
 */
export async function expectAccessibleDialog(page: Page, context: string): Promise<void> {
  const results = await axeOf(page)
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .disableRules(['landmark-no-duplicate-banner', 'landmark-unique', 'region'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(summary, `axe violations on ${context}`).toEqual([]);
}

export async function pickOption(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
