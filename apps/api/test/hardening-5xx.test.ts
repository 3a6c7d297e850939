/** The 5xx the fuzz test found ("5xx for a user's mistake"), each now a 4xx. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './harness.ts';
import { tokensByRole, type RoleName } from './roles.ts';
import { signParameters } from './redsys-sign.ts';
import { taskForm } from './demo-fixtures.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
});
afterAll(() => t.close());

const BOUNDARY = 'xBOUNDARY';

describe('broken multipart bodies are 400 (422 where the route reads no multipart)', () => {
  const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
  it.each([
    ['no boundary', '/api/rate/store', 'admin', 'multipart/form-data', 'a=1', 422],
    ['no boundary', '/api/task/budget/pdf', 'acmeUser', 'multipart/form-data', 'a=1', 400],
    ['garbage', '/api/task/budget/pdf', 'admin', multipartType, 'no boundary in here', 400],
    [
      'unterminated',
      '/api/tasks/store-as-draft',
      'acmeUser',
      multipartType,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file[]"; filename="a.txt"\r\n\r\nabc`,
      400,
    ],
    ['garbage', '/api/tasks/1/updateStateAsDeferred', 'admin', multipartType, 'no boundary in here', 400],
    [
      'a boundary past 256 characters',
      '/api/rates/import',
      'admin',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      'x',
      400,
    ],
  ] as const)('%s: POST %s', async (_what, url, role, type, payload, status) => {
    const res = await call(t.app, 'POST', url, {
      token: tokens[role],
      body: payload,
      headers: { 'content-type': type },
    });
    expect(res.status).toBe(status);
    expect(res.json.message).toBeTruthy();
  });
});

describe('a JSON body on an upload route is 415, not 406', () => {
  it('POST /tasks/{id}/uploadTranslatedFile', async () => {
    const langs = (await call(t.app, 'GET', '/api/languages', { token: tokens.acmeUser })).json
      .data as Array<{
      id: number;
      iso_code: string;
    }>;
    const lang = (code: string) => langs.find((l) => l.iso_code === code)!.id;
    const departments = (await call(t.app, 'GET', '/api/users/departments', { token: tokens.acmeUser })).json
      .data;
    const form = await taskForm(departments.departments[0].id, {
      en: lang('en'),
      es: lang('es'),
      fr: lang('fr'),
    });
    const task = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
      token: tokens.acmeUser,
      body: form.payload,
      headers: form.headers,
    });
    expect(task.status).toBe(201);
    for (const body of [{ file: 'x' }, 'null']) {
      const res = await call(t.app, 'POST', `/api/tasks/${task.json.data.id}/uploadTranslatedFile`, {
        token: tokens.pm,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(415);
      expect(res.json.message).toBe('This content type is not accepted.');
    }
  });
});

describe('a null or missing rate body is 422', () => {
  it.each([
    ['POST', '/api/rate/store'],
    ['PUT', '/api/rate/1'],
  ] as const)('%s %s', async (method, url) => {
    for (const body of ['null', '[]', '"x"']) {
      const res = await call(t.app, method, url, {
        token: tokens.admin,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(422);
    }
  });
});

describe('the sandbox bank refuses a signed request it cannot act on (400, not 500)', () => {
  const base = {
    DS_MERCHANT_AMOUNT: '1250',
    DS_MERCHANT_ORDER: '1234abcd',
    DS_MERCHANT_MERCHANTCODE: '999008881',
    DS_MERCHANT_CURRENCY: '978',
    DS_MERCHANT_TRANSACTIONTYPE: '0',
    DS_MERCHANT_TERMINAL: '1',
    DS_MERCHANT_MERCHANTURL: 'http://portal.test/api/payments/notification',
    DS_MERCHANT_URLOK: 'http://portal.test/tasks',
    DS_MERCHANT_URLKO: 'http://portal.test/tasks',
  };
  it.each([
    ['a non-numeric amount', { DS_MERCHANT_AMOUNT: 'abc' }],
    ['an empty amount', { DS_MERCHANT_AMOUNT: '' }],
    ['a negative amount', { DS_MERCHANT_AMOUNT: '-1' }],
    ['no terminal', { DS_MERCHANT_TERMINAL: undefined }],
    ['an empty OK URL', { DS_MERCHANT_URLOK: '' }],
    ['a javascript: OK URL', { DS_MERCHANT_URLOK: 'javascript:alert(1)' }],
  ])('%s', async (_what, change) => {
    const signed = signParameters({ ...base, ...change }, base.DS_MERCHANT_ORDER);
    for (const url of ['/api/sandbox-bank', '/api/sandbox-bank/pay']) {
      const res = await call(t.app, 'POST', url, {
        body: { ...signed, action: 'pay', card: '4548812049400004' },
      });
      expect(res.status, url).toBe(400);
    }
  });

  it('the well-formed request still opens the bank page', async () => {
    const signed = signParameters(base, base.DS_MERCHANT_ORDER);
    expect((await call(t.app, 'POST', '/api/sandbox-bank', { body: signed })).status).toBe(200);
  });
});
