import { expect, test, type Page } from '@playwright/test';
import { ROUTES_BY_ROLE, type Role } from '@verba/contracts';
import {
  DEMO,
  WIDTHS,
  expectNoAxeViolations,
  screenshot,
  signInQuickly,
  waitForScreen,
  type Width,
} from './support.ts';

/** `/tasks/:id/edit/status` -> `/tasks/1/edit/status` and its screenshot name `tasks-id-edit-status`. */
const concrete = (pattern: string) => pattern.replace(/:id\b/g, '1');
const slug = (pattern: string) => pattern.replace(/^\//, '').replace(/[/:]+/g, '-') || 'home';

// Each test visits every screen of a role with axe on each; issues 16–22 added about ten screens.
test.describe.configure({ timeout: 240_000 });

const SIGNED_IN: Array<{ role: Role; name: string; email: string }> = [
  { role: 'VERBA_ADMIN', name: 'verba-admin', email: DEMO.verbaAdmin },
  { role: 'VERBA_PM', name: 'verba-pm', email: DEMO.verbaPm },
  { role: 'CLIENT_ADMIN', name: 'client-admin', email: DEMO.acmeAdmin },
  { role: 'CLIENT_USER', name: 'client-user', email: DEMO.acmeUser },
];

const GUEST_SCREENS = [
  { path: '/login', name: 'login' },
  { path: '/login/reset', name: 'login-reset' },
  { path: '/login/reset/expired-token?email=user%40acme.test', name: 'login-reset-token-invalid' },
  { path: '/quote', name: 'quote' },
  { path: '/quote/registered', name: 'quote-registered' },
  { path: '/guest-task/1', name: 'guest-task-id' },
  { path: '/guest-task/ok/1', name: 'guest-task-ok-id' },
  { path: '/guest-task/ko', name: 'guest-task-ko' },
  { path: '/404?url=%2Fmissing', name: '404' },
];

async function visit(page: Page, path: string, name: string) {
  await page.goto(path);
  await waitForScreen(page);
  await expectNoAxeViolations(page, `${name} (${page.viewportSize()?.width}px)`);
  await screenshot(page, name);
}

for (const width of Object.keys(WIDTHS) as Width[]) {
  test.describe(`every screen at ${width} width`, () => {
    test.use({ viewport: WIDTHS[width] });

    test(`guest screens (${width})`, async ({ page }) => {
      for (const screen of GUEST_SCREENS) await visit(page, screen.path, `guest-${screen.name}-${width}`);
    });

    for (const account of SIGNED_IN) {
      test(`${account.name} screens (${width})`, async ({ page }) => {
        await signInQuickly(page, account.email);
        const patterns = ROUTES_BY_ROLE[account.role].filter((pattern) => pattern !== '/');
        for (const pattern of patterns)
          await visit(page, concrete(pattern), `${account.name}-${slug(pattern)}-${width}`);
        await visit(page, '/404?url=%2Fmissing', `${account.name}-404-${width}`);
        if (width === 'phone') {
          // On a phone the menu starts closed; the burger opens it over the content.
          await page.goto('/tasks');
          await waitForScreen(page);
          await expect(page.locator('nav#side-menu')).toHaveCount(0);
          await page.getByTestId('menu-toggle').click();
          await expect(page.locator('nav#side-menu')).toBeVisible();
          await expectNoAxeViolations(page, `${account.name} menu open (phone)`);
          await screenshot(page, `${account.name}-menu-open-phone`);
          await page.getByTestId('menu-account').click();
          await expect(page).toHaveURL(/\/account$/);
          await expect(page.locator('nav#side-menu')).toHaveCount(0);
        }
      });
    }
  });
}

test('the extended footer on the quote page links share, follow-us, cities and legal pages in the language', async ({
  page,
}) => {
  await page.goto('/quote');
  const footer = page.getByTestId('extended-footer');
  for (const city of ['Barcelona', 'Xalapa', 'Porto Alegre', 'Miami'])
    await expect(footer.getByRole('link', { name: city })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    /\/en\/privacy-policy$/,
  );
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-ca').click();
  await expect(footer.getByRole('link', { name: 'Política de privadesa' })).toHaveAttribute(
    'href',
    /\/ca\/privacy-policy$/,
  );
  for (const label of ['Política de galetes', 'Accessibilitat', 'Política de seguretat', 'Avís legal'])
    await expect(footer.getByRole('link', { name: label })).toBeVisible();
  await expect(footer.getByRole('navigation', { name: "Segueixi'ns" })).toBeVisible();
  await expect(footer.getByRole('navigation', { name: 'Comparteixi' })).toBeVisible();
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-en').click();
});
