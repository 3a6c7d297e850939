import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO,
  expectNoAxeViolations,
  restoreDemoLanguages,
  signInQuickly,
  waitForScreen,
} from './support.ts';
import { apiAs } from './task-setup.ts';

// A client asks about its task with an attachment, the PM answers (and keeps an internal note), the
// client's bell shows the answer without a reload. Once per language; then the task list's badge and
// a guest's thread. (Ordering again with a PO number, and the PO on the invoice: order-again.spec.ts.)
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const GUEST_LINK = 'demo-guest-quote-link-0001';
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/collab';
mkdirSync(SHOTS, { recursive: true });

type Locale = 'en' | 'es' | 'ca';
type Language = { id: number; iso_code: string };

const TEXT: Record<Locale, { required: string; question: string; answer: string; note: string }> = {
  en: {
    required: 'This field is required.',
    question: 'Should the product names stay in English?',
    answer: 'Yes: product names stay in English, as in your style guide.',
    note: 'Client is picky about product names',
  },
  es: {
    required: 'Este campo es obligatorio.',
    question: '¿Los nombres de producto se quedan en inglés?',
    answer: 'Sí: los nombres de producto se quedan en inglés, como en su guía.',
    note: 'El cliente es exigente con los nombres',
  },
  ca: {
    required: 'Aquest camp és obligatori.',
    question: 'Els noms de producte es queden en anglès?',
    answer: 'Sí: els noms de producte es queden en anglès, com a la seva guia.',
    note: 'El client és exigent amb els noms',
  },
};

/** Acme's task with a reference file and comments, ordered through the API and analysed. */
async function acmeTask(request: APIRequestContext, name: string): Promise<number> {
  const { headers, get } = await apiAs(request, DEMO.acmeAdmin);
  const departments = (await get<{ departments: { id: number }[] }>('/users/departments')).departments;
  const sources = await get<Language[]>('/languages/sources');
  const targets = await get<Language[]>('/languages/available');
  const form = new FormData();
  form.append('description', name);
  form.append('department', String(departments[0]!.id));
  form.append('source_language', String(sources.find((l) => l.iso_code === 'en')!.id));
  form.append('target_languages[]', String(targets.find((l) => l.iso_code === 'es')!.id));
  form.append('translation_type', '1');
  form.append('comments', 'Keep the headings short');
  form.append('file[]', new Blob(['The cat sat on the mat.']), 'catalogue.txt');
  form.append('reference_files[]', new Blob(['Formal register.']), 'style-guide.pdf');
  const response = await request.post('/api/tasks/store-as-draft', { headers, multipart: form });
  expect(response.status(), 'task ordered').toBe(201);
  const id = ((await response.json()) as { data: { id: number } }).data.id;
  await expect
    .poll(async () => (await get<{ state: string }>(`/task/${id}`)).state, { timeout: 60_000 })
    .toBe('DRAFT');
  return id;
}

async function openedScreen(page: Page, testId: string): Promise<void> {
  await expect(page.getByTestId(testId).first()).toBeVisible({ timeout: 60_000 });
  await waitForScreen(page);
}

async function switchLanguage(page: Page, language: Locale): Promise<void> {
  await page.getByTestId('language-switcher').click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** axe on the screen, then the part `testId` at 1280 and 390 px wide (and the whole page at each). */
async function shots(page: Page, name: string, testId: string): Promise<void> {
  await waitForScreen(page);
  await expectNoAxeViolations(page, name);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await waitForScreen(page);
    await page.getByTestId(testId).first().scrollIntoViewIfNeeded();
    await page
      .getByTestId(testId)
      .first()
      .screenshot({ path: join(SHOTS, `${name}-${width}.png`) });
    // from the top: a scrolled page draws its fixed header in the middle of a full-page shot
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}-page.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The tasks whose thread the journeys above wrote in (ordering again is order-again.spec.ts's). */
const threads: number[] = [];

for (const locale of ['en', 'es', 'ca'] as const) {
  test(`a client asks with an attachment, the PM answers, the bell shows it live (${locale})`, async ({
    page,
    browser,
  }) => {
    const text = TEXT[locale];
    const task = await acmeTask(page.request, `Catalogue (${locale}) ${Date.now()}`);
    const client = await apiAs(page.request, DEMO.acmeAdmin);
    await page.request.post('/api/notifications/read', { headers: client.headers, data: { all: true } });

    // The client asks, in its language, with an attachment; an empty message is refused first.
    await signInQuickly(page, DEMO.acmeAdmin);
    await page.goto(`/tasks/${task}`);
    await openedScreen(page, 'task-detail-page');
    await switchLanguage(page, locale);
    const thread = page.getByTestId('message-thread');
    await expect(thread.getByTestId('message-empty')).toBeVisible();
    await expect(thread.getByTestId('message-internal-toggle')).toHaveCount(0);
    await thread.getByTestId('message-send').click();
    await expect(thread.getByTestId('message-compose')).toContainText(text.required);
    await thread.getByTestId('message-input').fill(text.question);
    await page.getByTestId('message-file-input').setInputFiles({
      name: 'question.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Page 3: "Verba Pro" or "Verba Profesional"?'),
    });
    await expect(thread.getByTestId('message-files')).toContainText('question.txt');
    await thread.getByTestId('message-send').click();
    await expect(thread.getByTestId('message').first()).toContainText(text.question);
    await expect(thread.getByTestId('message-attachment').first()).toContainText('question.txt');

    // The PM reads it (marked new), downloads the attachment, keeps an internal note and answers.
    const pmContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const pm = await pmContext.newPage();
    await signInQuickly(pm, DEMO.verbaPm);
    await pm.goto(`/tasks/${task}`);
    await openedScreen(pm, 'task-detail-page');
    await switchLanguage(pm, locale);
    const staffThread = pm.getByTestId('message-thread');
    await expect(staffThread.getByTestId('message').first()).toContainText(text.question);
    await expect(staffThread.getByTestId('message-new')).toHaveCount(1);
    const [download] = await Promise.all([
      pm.waitForEvent('download'),
      staffThread.getByTestId('message-attachment').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe('question.txt');
    await staffThread.getByTestId('message-input').fill(text.note);
    await staffThread.getByTestId('message-internal-toggle').check();
    await staffThread.getByTestId('message-send').click();
    await expect(staffThread.getByTestId('message-internal')).toContainText(text.note);
    await expect(staffThread.getByTestId('message-internal-badge')).toBeVisible();
    await staffThread.getByTestId('message-input').fill(text.answer);
    await staffThread.getByTestId('message-send').click();
    await expect(staffThread.getByTestId('message').first()).toContainText(text.answer);
    if (locale === 'en') await shots(pm, 'thread-staff', 'message-thread');
    await pmContext.close();

    // The client's bell shows the answer without a reload, and so does its open thread; never the note.
    await expect(page.getByTestId('bell-count')).toContainText(/[1-9]/, { timeout: 20_000 });
    await page.getByTestId('notification-bell').click();
    await expect(page.getByTestId('notification-list')).toContainText(text.answer.slice(0, 20));
    await page.getByTestId('notification-bell').click();
    await expect(page.getByTestId('notification-list')).toBeHidden();
    await expect(thread.getByTestId('message').first()).toContainText(text.answer, { timeout: 20_000 });
    await expect(thread).not.toContainText(text.note);
    await expect(thread.getByTestId('message-internal')).toHaveCount(0);
    if (locale === 'en') await shots(page, 'thread-client', 'message-thread');

    threads.push(task);
  });
}

test('the task list shows a badge on a task with unread messages', async ({ page }) => {
  expect(threads).toHaveLength(3);
  const task = threads[0]!;
  const client = await apiAs(page.request, DEMO.acmeAdmin);
  const form = new FormData();
  form.append('body', 'One more question about this order.');
  const posted = await page.request.post(`/api/tasks/${task}/messages`, {
    headers: client.headers,
    multipart: form,
  });
  expect(posted.status()).toBe(201);
  await signInQuickly(page, DEMO.verbaPm);
  await page.goto('/tasks');
  await openedScreen(page, 'task-link');
  await switchLanguage(page, 'en');
  const badge = page
    .locator('tr')
    .filter({ has: page.locator(`a[href="/tasks/${task}"]`) })
    .getByTestId('task-unread-badge');
  await expect(badge).toHaveText('1');
  await expect(badge).toHaveAttribute('aria-label', '1 unread message');
  await shots(page, 'task-list-badge', 'task-unread-badge');
  // Opening the task reads the thread: the badge is gone on the way back.
  await page.goto(`/tasks/${task}`);
  await openedScreen(page, 'task-detail-page');
  await expect(page.getByTestId('message-thread-unread')).toHaveText('1 unread');
  await page.goto('/tasks');
  await openedScreen(page, 'task-link');
  await expect(
    page
      .locator('tr')
      .filter({ has: page.locator(`a[href="/tasks/${task}"]`) })
      .getByTestId('task-unread-badge'),
  ).toHaveCount(0);
});

// The journeys above switch the demo accounts' languages; the other journeys expect the demo's own.
test.afterAll(async ({ request }) => restoreDemoLanguages(request, [DEMO.acmeAdmin, DEMO.verbaPm]));

test("a guest writes in its task's thread from its link", async ({ page }) => {
  await page.goto(`/guest-task/${GUEST_LINK}`);
  await openedScreen(page, 'screen-guestTasks.detail');
  const thread = page.getByTestId('message-thread');
  await expect(thread.getByTestId('message-internal-toggle')).toHaveCount(0);
  await thread.getByTestId('message-send').click();
  await expect(thread.getByTestId('message-compose')).toContainText(TEXT.en.required);
  await thread.getByTestId('message-input').fill('Can you deliver by Friday?');
  await page.getByTestId('message-file-input').setInputFiles({
    name: 'deadline.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Friday, 5 pm'),
  });
  await thread.getByTestId('message-send').click();
  await expect(thread.getByTestId('message').first()).toContainText('Can you deliver by Friday?');
  await expect(thread.getByTestId('message-attachment').first()).toContainText('deadline.txt');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    thread.getByTestId('message-attachment').first().click(),
  ]);
  expect(download.suggestedFilename()).toBe('deadline.txt');
  await shots(page, 'thread-guest', 'message-thread');
});
