import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { DEMO, apiToken, screenshot, signInQuickly } from './support.ts';

/** The client's own system: records what Verba POSTs to it. */
const received: Array<{ body: string; signature: string }> = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    received.push({ body, signature: String(req.headers['verba-signature']) });
    res.writeHead(204).end();
  });
});

test.beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const signed = (secret: string, body: string, header: string) => {
  const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') === v1;
};

test('the client admin creates a token and a webhook, and the README walkthrough runs with them', async ({
  page,
}) => {
  // the analysis of the task runs on a shared machine
  test.setTimeout(240_000);
  await signInQuickly(page, DEMO.globexAdmin);

  // 1. a token, made on the account page and shown once
  await page.goto('/account');
  const tokens = page.getByTestId('api-tokens');
  await tokens.getByTestId('token-name').fill('CMS');
  await tokens.getByLabel(/tasks:write/).check();
  await tokens.getByLabel(/tasks:pay/).check();
  await tokens.getByTestId('token-create').click();
  const token = (await page.getByTestId('token-secret').textContent())!.trim();
  expect(token).toMatch(/^vrb_/);
  await expect(page.getByTestId('token-list')).toContainText('CMS');
  await screenshot(page, 'account-api-tokens');

  // a webhook endpoint on the integrations page, its secret shown once
  await page.goto('/integrations');
  const port = (receiver.address() as AddressInfo).port;
  await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${port}/hook`);
  await page.getByTestId('webhook-create').click();
  const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await expect(page.getByTestId('integrations-page')).toContainText(`127.0.0.1:${port}/hook`);
  await screenshot(page, 'integrations');

  const auth = { authorization: `Bearer ${token}` };
  // the walkthrough needs a department to order for
  const session = (await apiToken(page.request, DEMO.globexAdmin)).access_token;
  let departments = (await (await page.request.get('/api/users/departments', { headers: auth })).json()).data
    .departments as Array<{ id: number }>;
  if (!departments.length) {
    await page.request.post('/api/departments/store', {
      headers: { authorization: `Bearer ${session}` },
      data: { title: 'Content' },
    });
    departments = (await (await page.request.get('/api/users/departments', { headers: auth })).json()).data
      .departments;
  }
  const languages = (await (await page.request.get('/api/languages', { headers: auth })).json())
    .data as Array<{
    id: number;
    iso_code: string;
  }>;
  const lang = (code: string) => String(languages.find((l) => l.iso_code === code)!.id);

  // 2. a task with two files
  const form = new FormData();
  for (const [name, value] of Object.entries({
    description: 'Spring catalogue',
    department: String(departments[0]!.id),
    source_language: lang('en'),
    translation_type: '1',
    review: 'false',
    custom_quote: 'false',
  }))
    form.append(name, value);
  form.append('target_languages[]', lang('es'));
  form.append('file[]', new Blob(['The spring catalogue opens with our new chairs.']), 'intro.txt');
  form.append('file[]', new Blob(['Every chair comes in three colours and two sizes.']), 'chairs.txt');
  const created = await page.request.post('/api/tasks/store-as-draft', { headers: auth, multipart: form });
  expect(created.status()).toBe(201);
  const taskId = ((await created.json()) as { data: { id: number } }).data.id;

  // 3. task.quoted arrives, signed with the endpoint's secret
  await expect
    .poll(() =>
      received.find(
        (r) => JSON.parse(r.body).type === 'task.quoted' && JSON.parse(r.body).data.id === taskId,
      ),
    )
    .toBeTruthy();
  const quoted = received.find((r) => JSON.parse(r.body).data.id === taskId)!;
  expect(signed(secret, quoted.body, quoted.signature)).toBe(true);

  // 4. the price
  const price = await page.request.get(`/api/tasks/getPrice/${taskId}`, { headers: auth });
  expect(price.status()).toBe(200);

  // 5. to production (Globex pays deferred)
  const sent = await page.request.post(`/api/tasks/${taskId}/update/deferred`, { headers: auth });
  expect(sent.status()).toBe(200);
  const detail = (await (await page.request.get(`/api/task/${taskId}`, { headers: auth })).json()) as {
    data: { state: string; source_files: Array<{ id: number; file_name: string }> };
  };
  expect(detail.data.state).toBe('DEFERRED');

  // the provider translates: the PM starts the task, delivers both files and closes it
  const pm = { authorization: `Bearer ${(await apiToken(page.request, DEMO.verbaPm)).access_token}` };
  expect((await page.request.post(`/api/tasks/${taskId}/updateStateAsIncourse`, { headers: pm })).ok()).toBe(
    true,
  );
  for (const source of detail.data.source_files) {
    const delivered = await page.request.post(`/api/tasks/${taskId}/uploadTranslatedFile`, {
      headers: pm,
      multipart: {
        source_file_id: String(source.id),
        language_id: lang('es'),
        file: {
          name: source.file_name,
          mimeType: 'text/plain',
          buffer: Buffer.from(`ES ${source.file_name}`),
        },
      },
    });
    expect(delivered.status(), source.file_name).toBe(201);
  }
  expect((await page.request.post(`/api/tasks/${taskId}/updateStateAsDone`, { headers: pm })).ok()).toBe(
    true,
  );

  // 6. task.done arrives, and the token downloads the translations
  const isDone = (r: { body: string }) => {
    const event = JSON.parse(r.body) as { type: string; data: { id: number } };
    return event.type === 'task.done' && event.data.id === taskId;
  };
  await expect.poll(() => received.some(isDone)).toBe(true);
  const done = received.find(isDone)!;
  expect(signed(secret, done.body, done.signature)).toBe(true);
  const zip = await page.request.get(`/api/task/${taskId}/translations.zip`, { headers: auth });
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toContain('zip');
  const members = (await zip.body()).toString('latin1');
  for (const name of ['es/intro.txt', 'es/chairs.txt']) expect(members, name).toContain(name);

  // a revoked token stops at once
  await page.goto('/account');
  await page.getByTestId('token-list').getByRole('button', { name: 'Revoke' }).first().click();
  await expect.poll(async () => (await page.request.get('/api/tasks', { headers: auth })).status()).toBe(401);
});
