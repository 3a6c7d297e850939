import { expect, test } from '@playwright/test';
import {
  DEMO,
  apiToken,
  capture,
  expectAccessibleDialog,
  pickOption,
  screenshot,
  signInQuickly,
  signInThroughForm,
} from './support.ts';

const stamp = Date.now().toString(36);
const CUSTOMER = `Initech ${stamp}`;
const CLIENT_ADMIN_EMAIL = `boss-${stamp}@initech.test`;
const CLIENT_USER_EMAIL = `clerk-${stamp}@initech.test`;
const NEW_PASSWORD = 'initech-password-42';

// Long journeys, each checked with axe at two widths: a busy machine needs more than 90 s for them.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let customerId = 0;

test('the admin creates a customer, gives it balance and projects, and adds its client admin', async ({
  page,
}) => {
  await signInQuickly(page, DEMO.verbaAdmin);
  await page.goto('/customers');
  await expect(page.getByTestId('customer-table')).toBeVisible();
  await capture(page, 'admin-customers');

  // Search narrows the list on the server.
  await page.getByTestId('customer-search').fill('zzz-nobody');
  await expect(page.getByTestId('customers-empty')).toBeVisible();
  await capture(page, 'admin-customers-no-match');
  await page.getByTestId('customer-search').fill('');

  await page.getByTestId('add-customer').click();
  await expect(page).toHaveURL(/\/customers\/create$/);
  // The API's own schema checks the form before anything is sent.
  await page.getByTestId('customer-save').click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await capture(page, 'admin-customer-create-errors');

  await page.getByTestId('customer-name').fill(CUSTOMER);
  await page.getByTestId('customer-tin').fill('B12345678');
  await page.getByTestId('customer-town').fill('Barcelona');
  await pickOption(page, 'customer-country', 'Spain (mainland and Balearic Islands)');
  await page.getByTestId('customer-success_representative_email').fill('rep@verba.test');
  await page.getByTestId('customer-save').click();
  await expect(page).toHaveURL(/\/customers\/\d+\/edit$/);
  customerId = Number(/customers\/(\d+)\/edit/.exec(page.url())?.[1]);
  await expect(page.getByText('Customer created')).toBeVisible();
  await expect(page.getByTestId('customer-id')).toHaveText(String(customerId));
  await expect(page.getByTestId('customer-rates-minimum')).toContainText('Minimum rates');
  await expect(page.getByTestId('customer-rates-general')).toContainText('General rates');
  await expect(page.getByTestId('customer-rates-custom')).toContainText('Custom rates');

  // A bonus raises the available balance.
  await page.getByTestId('open-bonus').click();
  await expect(page.getByRole('dialog', { name: 'Add bonus' })).toBeVisible();
  await page.getByTestId('bonus-amount').fill('0');
  await page.getByTestId('bonus-save').click();
  await expect(page.getByText('This value is not valid.')).toBeVisible();
  await page.getByTestId('bonus-amount').fill('150.5');
  await page.getByTestId('bonus-description').fill('Welcome bonus');
  await expectAccessibleDialog(page, 'bonus modal');
  await screenshot(page, 'admin-customer-bonus-modal-desktop');
  await page.getByTestId('bonus-save').click();
  await expect(page.getByTestId('modal-bonus')).toHaveCount(0);
  await expect(page.getByTestId('customer-balance')).toContainText('150.50');
  await expect(page.getByTestId('customer-bonuses')).toContainText('Welcome bonus');

  // Assigned projects; the modal forgets what was typed when closed.
  await page.getByTestId('open-assign-projects').click();
  await page.getByTestId('assign-memoq').fill('typed-then-cancelled');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('open-assign-projects').click();
  await expect(page.getByTestId('assign-memoq')).toHaveValue('');
  await page.getByTestId('assign-save').click();
  await expect(page.getByTestId('modal-assign-projects').getByText('This field is required.')).toBeVisible();
  await page.getByTestId('assign-memoq').fill('MQ-2026-77');
  await page.getByTestId('assign-idcp').fill('IDCP-9');
  await expectAccessibleDialog(page, 'assign projects modal');
  await screenshot(page, 'admin-customer-assign-projects-desktop');
  await page.getByTestId('assign-save').click();
  await expect(page.getByTestId('customer-memoq')).toContainText('MQ-2026-77');
  await capture(page, 'admin-customer-edit');

  // Its client admin, created from the customer's page (only that type is offered there).
  await page.getByTestId('customer-add-user').click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await expect(page.getByTestId('user-fixed-customer')).toHaveText(CUSTOMER);
  await page.getByTestId('user-type').click();
  await expect(page.getByRole('option')).toHaveText(['Client administrator']);
  await page.keyboard.press('Escape');
  await capture(page, 'admin-user-create-from-customer');
  await page.getByTestId('user-name').fill('Bill');
  await page.getByTestId('user-lastname').fill('Lumbergh');
  await page.getByTestId('user-email').fill(CLIENT_ADMIN_EMAIL);
  await page.getByTestId('user-save').click();
  await expect(page).toHaveURL(new RegExp(`/customers/${customerId}/edit$`));
  await expect(page.getByText(`An email has been sent to ${CLIENT_ADMIN_EMAIL}`)).toBeVisible();
  const row = page.getByTestId('customer-users').getByRole('link', { name: 'Bill Lumbergh' });
  await expect(row).toBeVisible();

  // Its page, opened from the customer, goes back there.
  await row.click();
  await expect(page.getByTestId('user-detail-email')).toContainText(CLIENT_ADMIN_EMAIL);
  await capture(page, 'admin-user-detail');
  await page.getByTestId('user-edit').click();
  await expect(page.getByTestId('user-edit-page')).toBeVisible();
  await capture(page, 'admin-user-edit');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Back to the customer' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${customerId}/edit$`));
});

test('the new client admin sets a password from the mail, then builds a department and a user', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, DEMO.verbaAdmin);
  const outbox = await request.get('/api/dev/mail-outbox', {
    headers: { Authorization: `Bearer ${admin.access_token}` },
  });
  const mails = ((await outbox.json()) as { data: Array<{ to: string; text: string }> }).data;
  const mail = mails.find((item) => item.to === CLIENT_ADMIN_EMAIL);
  const link = /https?:\/\/\S+\/login\/reset\/\S+/.exec(mail?.text ?? '')?.[0];
  expect(link, 'password link mailed to the new client admin').toBeTruthy();
  const url = new URL(link ?? '');
  await page.goto(url.pathname + url.search);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm the new password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, CLIENT_ADMIN_EMAIL, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/departments');
  await expect(page.getByTestId('departments-empty')).toBeVisible();
  await capture(page, 'client-admin-departments-empty');
  await page.getByTestId('add-department').click();
  await page.getByTestId('department-save').click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await capture(page, 'client-admin-department-create');
  await page.getByTestId('department-title').fill('Legal');
  await page.getByTestId('department-save').click();
  await expect(page).toHaveURL(/\/departments$/);
  await expect(page.getByText('Department created')).toBeVisible();

  // A client user in that department.
  await page.goto('/users/create');
  await pickOption(page, 'user-type', 'Client user');
  await pickOption(page, 'user-departments', 'Legal');
  await page.keyboard.press('Escape');
  await page.getByTestId('user-name').fill('Milton');
  await page.getByTestId('user-lastname').fill('Waddams');
  await page.getByTestId('user-email').fill(CLIENT_USER_EMAIL);
  await capture(page, 'client-admin-user-create');
  await page.getByTestId('user-save').click();
  await expect(page.getByTestId('user-detail-departments')).toHaveText(/Legal/);
  await capture(page, 'client-admin-user-detail');

  await page.goto('/users');
  await expect(page.getByTestId('user-table')).toContainText('Waddams');
  await capture(page, 'client-admin-users');

  await page.goto('/departments');
  await expect(page.getByTestId('department-table')).toContainText('Milton Waddams');
  await capture(page, 'client-admin-departments');
  await page.getByRole('link', { name: 'Legal' }).click();
  await expect(page.getByTestId('department-edit-page')).toBeVisible();
  await capture(page, 'client-admin-department-edit');

  // A department with users cannot be deleted: that is said up front, with no question first.
  await page.getByTestId('department-delete').click();
  await expect(page.getByTestId('modal-confirm')).toHaveCount(0);
  await expect(page.getByTestId('modal-alert')).toContainText('Legal still has 1 user (Milton Waddams)');
  await page.getByTestId('modal-alert').getByRole('button', { name: 'Close', exact: true }).last().click();

  const departmentUrl = page.url().replace(/\/edit$/, '');
  await page.goto(new URL(departmentUrl).pathname);
  await expect(page.getByTestId('department-detail-users')).toContainText('Milton');
  await capture(page, 'client-admin-department-detail');
});

test('the PM edits a customer but cannot delete customers', async ({ page }) => {
  await signInQuickly(page, DEMO.verbaPm);
  await page.goto('/customers');
  await expect(page.getByTestId('customer-table')).toBeVisible();
  await expect(page.locator('[data-testid^="delete-customer-"]')).toHaveCount(0);
  await capture(page, 'pm-customers');
  await page.goto(`/customers/${customerId}/edit`);
  await expect(page.getByTestId('open-bonus')).toHaveCount(0);
  await page.getByTestId('customer-town').fill('Girona');
  await page.getByTestId('customer-save').click();
  // The PM works in Catalan (demo data).
  await expect(page.getByText('Client desat')).toBeVisible();
  await capture(page, 'pm-customer-edit');
});

test('the admin finds all of it in the logs, and manages languages and settings', async ({ page }) => {
  await signInQuickly(page, DEMO.verbaAdmin);
  await page.goto('/logs');
  await expect(page.getByTestId('logs-table')).toBeVisible();
  // Ten rows a page, paged on the server.
  await expect(page.getByTestId('logs-table').locator('tbody tr')).toHaveCount(10);
  await capture(page, 'admin-logs');

  await page.getByTestId('logs-email').fill(CLIENT_ADMIN_EMAIL);
  await page.getByTestId('logs-apply').click();
  await expect(page.getByTestId('logs-table')).toContainText('departments.create');
  await expect(page.getByTestId('logs-table')).toContainText('users.create');

  await page.getByTestId('logs-email').fill('');
  // The action filter is a list of translated actions; rows show the same labels.
  const pickAction = async (label: string) => {
    await page.getByTestId('logs-action').click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await page.getByTestId('logs-apply').click();
  };
  await pickAction('Customer created');
  await expect(page.getByTestId('logs-table')).toContainText(CUSTOMER);

  for (const label of ['Bonus added', 'Projects assigned', 'Customer updated']) {
    await pickAction(label);
    await expect(page.getByTestId('logs-table').getByText(label).first()).toBeVisible();
  }
  await page.getByTestId('logs-email').fill('nobody@nowhere.test');
  await page.getByTestId('logs-apply').click();
  await expect(page.getByTestId('logs-empty')).toBeVisible();
  await capture(page, 'admin-logs-no-match');

  await page.goto('/languages');
  await expect(page.getByTestId('languages-table')).toBeVisible();
  await capture(page, 'admin-languages');
  await page.getByTestId('languages-filter').fill('nl-BE');
  await expect(page.getByTestId('language-nl-BE')).toBeVisible();
  const source = page.getByTestId('language-source-nl-BE');
  const before = await source.isChecked();
  await source.click();
  await expect(page.getByText('Language saved')).toBeVisible();
  await expect(source).toBeChecked({ checked: !before });
  await source.click();
  await expect(source).toBeChecked({ checked: before });

  await page.goto('/settings');
  const next = page.getByTestId('next-task-id');
  await expect(next).not.toHaveValue('');
  // Saving the number it already has changes nothing for the other journeys.
  const current = await next.inputValue();
  await next.fill('');
  await expect(page.getByTestId('next-task-id-save')).toBeDisabled();
  await next.fill(current);
  await page.getByTestId('next-task-id-save').click();
  await expect(page.getByText('Number saved')).toBeVisible();
  await page.getByTestId('settings-translation-types').getByRole('button').first().click();
  await capture(page, 'admin-settings');
});
