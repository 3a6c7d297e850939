/**
 * The sandbox bank's key is public (anyone can sign a request to it), so it sends the browser back
 * only to the portal's own address (PUBLIC_URL), as a real merchant configuration would: a request
 * whose OK or KO address is another host is refused with a page that says so, never followed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { signParameters } from '../../../test/redsys-sign.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function signedRequest(urlOk: string, urlKo: string, order: string) {
  return signParameters(
    {
      DS_MERCHANT_AMOUNT: '1210',
      DS_MERCHANT_ORDER: order,
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_URLOK: urlOk,
      DS_MERCHANT_URLKO: urlKo,
    },
    order,
  );
}

const pay = (fields: Record<string, string>, extra: Record<string, string>) =>
  call(t.app, 'POST', '/api/sandbox-bank/pay', {
    body: new URLSearchParams({ ...fields, ...extra }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('the sandbox bank returns only to the portal', () => {
  const portal = 'http://portal.test/tasks/ok/1';
  const portalKo = 'http://portal.test/tasks/ko/1';
  const cases: Array<[string, string, string]> = [
    ['OK address on another host', 'https://evil.example/phish', portalKo],
    ['KO address on another host', portal, 'https://evil.example/phish'],
    ['same host, another port', 'http://portal.test:8080/tasks/ok/1', portalKo],
    ['same host, another scheme', 'https://portal.test/tasks/ok/1', portalKo],
  ];
  for (const [what, urlOk, urlKo] of cases) {
    it(`refuses a request whose ${what}, on the page and on paying`, async () => {
      const order = `9${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
      const fields = signedRequest(urlOk, urlKo, order);
      const foreign = new URL(urlOk === portal ? urlKo : urlOk).host;
      const page = await call(t.app, 'GET', '/api/sandbox-bank', { query: { ...fields, lang: 'es' } });
      expect(page.status).toBe(400);
      expect(page.raw.body).toContain('role="alert"');
      expect(page.raw.body).toContain(`fuera del portal (${foreign})`);
      expect(page.raw.body).not.toContain('action="/api/sandbox-bank/pay"');
      for (const action of ['pay', 'cancel']) {
        const res = await pay(fields, { card: '4548812049400004', action, lang: 'en' });
        expect(res.status, action).toBe(400);
        expect(res.headers.location, action).toBeUndefined();
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.raw.body).toContain(`outside the portal (${foreign})`);
      }
    });
  }

  it("follows a request that returns to the portal's own address", async () => {
    const fields = signedRequest(portal, portalKo, '91234567890');
    const page = await call(t.app, 'GET', '/api/sandbox-bank', { query: fields });
    expect(page.status).toBe(200);
    const ok = await pay(fields, { card: '4548812049400004', action: 'pay' });
    expect(ok.status).toBe(303);
    expect(new URL(String(ok.headers.location)).origin).toBe('http://portal.test');
    const ko = await pay(fields, { card: '4548812049400004', action: 'cancel' });
    expect(ko.status).toBe(303);
    expect(String(ko.headers.location)).toMatch(/^http:\/\/portal\.test\/tasks\/ko\/1\?/);
  });
});
