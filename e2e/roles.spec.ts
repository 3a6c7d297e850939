import { expect, test } from '@playwright/test';
import { DEMO, signInThroughForm } from './support.ts';

const MENUS: Record<string, { email: string; entries: string[]; labels: string[]; forbidden: string }> = {
  'Verba admin': {
    email: DEMO.verbaAdmin,
    entries: [
      'dashboard',
      'tasks',
      'glossaries',
      'customers',
      'invoices',
      'languages',
      'general-rates',
      'logs',
      'settings',
      'account',
      'logout',
    ],
    labels: [
      'Dashboard',
      'Tasks',
      'Glossaries',
      'Customers',
      'Invoices',
      'Languages',
      'General rates',
      'Activity log',
      'Settings',
      'My account',
      'Log out',
    ],
    forbidden: '/company',
  },
  'Verba project manager': {
    email: DEMO.verbaPm,
    entries: ['dashboard', 'tasks', 'glossaries', 'customers', 'invoices', 'account', 'logout'],
    // The demo project manager works in Catalan, the Acme user in Spanish: the menu follows them.
    labels: ['Tauler', 'Tasques', 'Glossaris', 'Clients', 'Factures', 'El meu compte', 'Tanqui la sessió'],
    forbidden: '/logs',
  },
  'client admin with rates shown (Acme)': {
    email: DEMO.acmeAdmin,
    entries: [
      'dashboard',
      'tasks',
      'glossaries',
      'rates',
      'users',
      'departments',
      'invoices',
      'integrations',
      'account',
      'company',
      'logout',
    ],
    labels: [
      'Dashboard',
      'Tasks',
      'Glossaries',
      'Rates',
      'Users',
      'Departments',
      'Invoices',
      'Integrations',
      'My account',
      'My company',
      'Log out',
    ],
    forbidden: '/customers',
  },
  'client admin without rates (Globex)': {
    email: DEMO.globexAdmin,
    entries: [
      'dashboard',
      'tasks',
      'glossaries',
      'users',
      'departments',
      'invoices',
      'integrations',
      'account',
      'company',
      'logout',
    ],
    labels: [
      'Dashboard',
      'Tasks',
      'Glossaries',
      'Users',
      'Departments',
      'Invoices',
      'Integrations',
      'My account',
      'My company',
      'Log out',
    ],
    forbidden: '/rates',
  },
  'client user (Acme)': {
    email: DEMO.acmeUser,
    entries: ['tasks', 'glossaries', 'account', 'company', 'logout'],
    labels: ['Tareas', 'Glosarios', 'Mi cuenta', 'Mi empresa', 'Cerrar sesión'],
    forbidden: '/users',
  },
};

for (const [role, expected] of Object.entries(MENUS)) {
  test(`${role} signs in and sees exactly its menu`, async ({ page }) => {
    await signInThroughForm(page, expected.email);
    // Staff and client admins land on their dashboard, client users on their tasks.
    await expect(page).toHaveURL(expected.email === DEMO.acmeUser ? /\/tasks$/ : /\/dashboard$/);
    // Its accessible name follows the user's language; the id does not.
    const menu = page.locator('nav#side-menu');
    const entries = menu.locator('[data-testid^="menu-"]:is(a, button)');
    await expect(entries).toHaveCount(expected.entries.length);
    expect(
      await entries.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid'))),
    ).toEqual(expected.entries.map((entry) => `menu-${entry}`));
    expect((await entries.allInnerTexts()).map((text) => text.trim())).toEqual(expected.labels);
    // The landing entry is highlighted; a route outside the role's table says "no access".
    await expect(menu.getByTestId(`menu-${expected.entries[0]}`)).toHaveAttribute('aria-current', 'page');
    await page.goto(expected.forbidden);
    await expect(page.getByTestId('no-access')).toBeVisible();
  });
}

test('the side menu highlights by path prefix and the burger hides it', async ({ page }) => {
  await signInThroughForm(page, DEMO.verbaAdmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/customers/create');
  await expect(page.getByTestId('menu-customers')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('menu-general-rates').click();
  await expect(page).toHaveURL(/\/general\/rates$/);
  await expect(page.getByTestId('menu-general-rates')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('/ sends guests to /login and signed-in users to their tasks; logout clears the session', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, DEMO.acmeUser);
  await expect(page).toHaveURL(/\/tasks$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/tasks$/);
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Ha cerrado la sesión. ¡Hasta pronto!')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('verba-session') ?? '{}'));
  expect(stored.state.token).toBeNull();
  expect(stored.state.user).toBeNull();
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/login$/);
});
