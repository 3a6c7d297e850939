import { createCipheriv, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  centsToEuros,
  decodeParameters,
  deriveOrderKey,
  encodeParameters,
  eurosToCents,
  isAuthorised,
  sign,
  signRequest,
  signResponse,
  signaturesMatch,
  verifyRequest,
  verifyResponse,
} from './redsys-protocol.ts';
import { createGateway, createSandboxGateway, paymentFormActions } from './index.ts';
import { loadConfig } from '../../../config.ts';

/** Redsys' published test merchant key. */
const KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';

// Vectors published with the `redsys-pos` npm package (brickpop/redsys-pos, spec/*.spec.js), whose
// tests check them against this key; they match Redsys' own PHP/Java SDK algorithm.
describe('3DES order key (published vectors)', () => {
  it('encrypts the order with zero padding and a zero IV', () => {
    expect(deriveOrderKey(KEY, '0').toString('base64')).toBe('Qyx5NZhbucY=');
    expect(deriveOrderKey(KEY, '1234567890').toString('base64')).toBe('ntVrJPxp2xlsetWVajPl0g==');
    expect(deriveOrderKey(KEY, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ').toString('base64')).toBe(
      'zpFLv7NacMPOXx570s2BAdR9fZue1crKaHX2S/0/f/8=',
    );
  });

  it('an order of exactly 8 bytes is not padded further', () => {
    expect(deriveOrderKey(KEY, '12345678')).toHaveLength(8);
    expect(deriveOrderKey(KEY, '123456789')).toHaveLength(16);
  });

  it('refuses a merchant key that is not 24 bytes', () => {
    expect(() => deriveOrderKey('c2hvcnQ=', '1234')).toThrow(/24 bytes/);
  });
});

describe('HMAC-SHA256 signature (published vectors)', () => {
  it('signs data with the order key of "1234567890"', () => {
    const key = deriveOrderKey(KEY, '1234567890');
    const mac = (data: string) => createHmac('sha256', key).update(data).digest('base64');
    expect(mac('')).toBe('IbxBdJyVLrE5WaBnqWx7c2Y8DMFIZq5u6/4IxqmJJnY=');
    expect(sign(KEY, '1234567890', '0')).toBe('atZyAzLQQwcYi/3inEzi9eVflxJbAFUG/zy5JFittzs=');
    expect(sign(KEY, '1234567890', '1234567890')).toBe('/MBsym0YkgxF+9YwU0lqs6NDU+uEXQ93DQMYYzvhXvI=');
  });

  it('signs a whole request: same parameters, same Ds_MerchantParameters and Ds_Signature', () => {
    const parameters = {
      DS_MERCHANT_AMOUNT: '1000',
      DS_MERCHANT_ORDER: '12345678',
      DS_MERCHANT_MERCHANTNAME: 'SPEC SHOP',
      DS_MERCHANT_MERCHANTCODE: '327234688',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_MERCHANTURL: 'http://www.spec-shop.com/',
      DS_MERCHANT_URLOK: 'http://www.spec-shop/success',
      DS_MERCHANT_URLKO: 'http://www.spec-shop/error',
    };
    const encoded = encodeParameters(parameters);
    expect(encoded).toBe(
      'eyJEU19NRVJDSEFOVF9BTU9VTlQiOiIxMDAwIiwiRFNfTUVSQ0hBTlRfT1JERVIiOiIxMjM0NTY3OCIsIkRTX01FUkNIQU5UX01FUkNIQU5UTkFNRSI6IlNQRUMgU0hPUCIsIkRTX01FUkNIQU5UX01FUkNIQU5UQ09ERSI6IjMyNzIzNDY4OCIsIkRTX01FUkNIQU5UX0NVUlJFTkNZIjoiOTc4IiwiRFNfTUVSQ0hBTlRfVFJBTlNBQ1RJT05UWVBFIjoiMCIsIkRTX01FUkNIQU5UX1RFUk1JTkFMIjoiMSIsIkRTX01FUkNIQU5UX01FUkNIQU5UVVJMIjoiaHR0cDovL3d3dy5zcGVjLXNob3AuY29tLyIsIkRTX01FUkNIQU5UX1VSTE9LIjoiaHR0cDovL3d3dy5zcGVjLXNob3Avc3VjY2VzcyIsIkRTX01FUkNIQU5UX1VSTEtPIjoiaHR0cDovL3d3dy5zcGVjLXNob3AvZXJyb3IifQ==',
    );
    expect(sign(KEY, '12345678', encoded)).toBe('OJHmZ7cVCM2YdKoFUWkSvK9suPLRvl3DPS840EgBW00=');
  });

  it('verifies a published bank response (base64url signature) and decodes its url-encoded values', () => {
    const parameters =
      'eyJEc19EYXRlIjoiMjglMkYwNSUyRjIwMTgiLCJEc19Ib3VyIjoiMTAlM0E0NCIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQW1vdW50IjoiNjcwMCIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwMDAwRkI5QTE3MiIsIkRzX01lcmNoYW50Q29kZSI6IjMzNjcwNDY1NSIsIkRzX1Rlcm1pbmFsIjoiMDAxIiwiRHNfUmVzcG9uc2UiOiIwMDAwIiwiRHNfVHJhbnNhY3Rpb25UeXBlIjoiMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMjE4MDQ4IiwiRHNfQ29uc3VtZXJMYW5ndWFnZSI6IjEiLCJEc19DYXJkX0NvdW50cnkiOiI3MjQiLCJEc19DYXJkX0JyYW5kIjoiMSJ9';
    const check = verifyResponse(KEY, {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: parameters,
      Ds_Signature: '3Fg6oB4URw8ykL-hkvdYPW4RKvT3ikz6qAv6WMHFH2I=',
    });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.parameters).toMatchObject({
      Ds_Date: '28/05/2018',
      Ds_Hour: '10:44',
      Ds_Amount: '6700',
      Ds_Order: '0000FB9A172',
      Ds_MerchantCode: '336704655',
      Ds_Response: '0000',
      Ds_AuthorisationCode: '218048',
    });
    for (const bad of ['00000', '12345==', '3Fg6oB4URw8ykL-hkvdYPW4RKvT3ikz6qAv6WMHFH2J=']) {
      const refused = verifyResponse(KEY, {
        Ds_SignatureVersion: 'HMAC_SHA256_V1',
        Ds_MerchantParameters: parameters,
        Ds_Signature: bad,
      });
      expect(refused).toEqual({ ok: false, reason: 'bad_signature', order: '0000FB9A172' });
    }
  });
});

/** An independent implementation of the same rule, written from the protocol description. */
function independentSignature(merchantKey: string, order: string, data: string) {
  const block = Buffer.alloc(16);
  block.write(order, 'utf8');
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(merchantKey, 'base64'), Buffer.alloc(8, 0));
  cipher.setAutoPadding(false);
  const orderKey = Buffer.concat([
    cipher.update(block.subarray(0, Math.ceil(order.length / 8) * 8)),
    cipher.final(),
  ]);
  return createHmac('sha256', orderKey).update(data).digest('base64');
}

describe('request and response round trips', () => {
  const request = {
    DS_MERCHANT_AMOUNT: '12345',
    DS_MERCHANT_ORDER: '0420AB12CD34',
    DS_MERCHANT_MERCHANTCODE: '999008881',
    DS_MERCHANT_CURRENCY: '978',
    DS_MERCHANT_TRANSACTIONTYPE: '0',
    DS_MERCHANT_TERMINAL: '1',
    DS_MERCHANT_MERCHANTURL: 'https://portal.test/api/payments/notification',
    DS_MERCHANT_URLOK: 'https://portal.test/tasks/ok/7',
    DS_MERCHANT_URLKO: 'https://portal.test/tasks/ko/7',
  };

  it('signs a request as an independent implementation does, and a bank verifies it', () => {
    const fields = signRequest(KEY, request);
    expect(fields.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
    expect(fields.Ds_Signature).toBe(
      independentSignature(KEY, request.DS_MERCHANT_ORDER, fields.Ds_MerchantParameters),
    );
    expect(decodeParameters(fields.Ds_MerchantParameters)).toEqual(request);
    expect(verifyRequest(KEY, fields)).toEqual(request);
    const tampered = encodeParameters({ ...request, DS_MERCHANT_AMOUNT: '1' });
    expect(verifyRequest(KEY, { ...fields, Ds_MerchantParameters: tampered })).toBeUndefined();
    expect(verifyRequest(SandboxKey(), fields)).toBeUndefined();
  });

  it('a signed response verifies; any change to its parameters breaks it', () => {
    const response = {
      Ds_Amount: '12345',
      Ds_Currency: '978',
      Ds_Order: '0420AB12CD34',
      Ds_MerchantCode: '999008881',
      Ds_Terminal: '001',
      Ds_Response: '0000',
      Ds_Date: encodeURIComponent('22/11/2026'),
    };
    const signed = signResponse(KEY, response);
    expect(signed.Ds_Signature).not.toMatch(/[+/=]/);
    const check = verifyResponse(KEY, signed);
    expect(check.ok && check.parameters.Ds_Date).toBe('22/11/2026');
    const forged = encodeParameters({ ...response, Ds_Amount: '1' });
    expect(verifyResponse(KEY, { ...signed, Ds_MerchantParameters: forged }).ok).toBe(false);
    expect(verifyResponse(KEY, { ...signed, Ds_SignatureVersion: 'HMAC_SHA512_V2' })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyResponse(KEY, { ...signed, Ds_MerchantParameters: 'not json!' }).ok).toBe(false);
    expect(verifyResponse(KEY, {}).ok).toBe(false);
  });

  it('signatures compare across the base64 alphabets', () => {
    expect(signaturesMatch('ab+/cd==', 'ab-_cd')).toBe(true);
    expect(signaturesMatch('ab+/cd==', 'ab-_ce')).toBe(false);
  });

  it('decodes only base64 of a JSON object', () => {
    expect(decodeParameters(Buffer.from('[1,2]').toString('base64'))).toBeUndefined();
    expect(decodeParameters(Buffer.from('{"a":{"b":1}}').toString('base64'))).toBeUndefined();
    expect(decodeParameters('%%%')).toBeUndefined();
    expect(decodeParameters(Buffer.from('{"Ds_Amount":100}').toString('base64url'))).toEqual({
      Ds_Amount: '100',
    });
  });
});

describe('amounts and response codes', () => {
  it('converts euros and cents exactly', () => {
    expect(eurosToCents('0.10')).toBe('10');
    expect(eurosToCents('123.4')).toBe('12340');
    expect(eurosToCents('19.99')).toBe('1999');
    expect(eurosToCents('1000000.01')).toBe('100000001');
    expect(() => eurosToCents('1.005')).toThrow();
    expect(() => eurosToCents('-1.00')).toThrow();
    expect(centsToEuros('1999')).toBe('19.99');
    expect(centsToEuros('5')).toBe('0.05');
    expect(centsToEuros('000120')).toBe('1.20');
  });

  it('0000–0099 are authorised, anything else is not', () => {
    for (const code of ['0000', '0099', '0', '99']) expect(isAuthorised(code)).toBe(true);
    for (const code of ['0100', '0190', '0180', '9915', '', 'abcd', undefined, '-1'])
      expect(isAuthorised(code)).toBe(false);
  });
});

describe('gateway configuration', () => {
  it('the sandbox is the default outside production; production refuses it unless allowed', () => {
    expect(createGateway(loadConfig({})).name).toBe('sandbox');
    expect(() => createGateway(loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }))).toThrow(
      /ALLOW_SANDBOX_PAYMENTS/,
    );
    expect(
      createGateway(
        loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' }),
      ).name,
    ).toBe('sandbox');
  });

  it('Redsys needs its merchant code and a 24-byte key; the CSP allows its origin', () => {
    expect(() => createGateway(loadConfig({ NODE_ENV: 'production' }))).toThrow(/REDSYS_MERCHANT_CODE/);
    expect(() =>
      createGateway(
        loadConfig({
          PAYMENT_GATEWAY: 'redsys',
          REDSYS_MERCHANT_CODE: '999008881',
          REDSYS_MERCHANT_KEY: 'c2hvcnQ=',
        }),
      ),
    ).toThrow(/24 bytes/);
    const config = loadConfig({
      NODE_ENV: 'production',
      REDSYS_URL: 'https://sis.redsys.es/sis/realizarPago',
      REDSYS_MERCHANT_CODE: '999008881',
      REDSYS_MERCHANT_KEY: KEY,
    });
    const gateway = createGateway(config);
    expect(gateway.name).toBe('redsys');
    const form = gateway.createForm({
      orderNumber: '1234ABCD',
      amountCents: '1050',
      notificationUrl: 'https://p.test/api/payments/notification',
      urlOk: 'https://p.test/ok',
      urlKo: 'https://p.test/ko',
      locale: 'ca',
    });
    expect(form.action).toBe('https://sis.redsys.es/sis/realizarPago');
    expect(form.fields.Ds_Signature).toBe(
      independentSignature(KEY, '1234ABCD', form.fields.Ds_MerchantParameters),
    );
    expect(decodeParameters(form.fields.Ds_MerchantParameters)).toMatchObject({
      DS_MERCHANT_AMOUNT: '1050',
      DS_MERCHANT_ORDER: '1234ABCD',
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_CONSUMERLANGUAGE: '3',
    });
    expect(paymentFormActions(config)).toEqual(['https://sis.redsys.es']);
    expect(paymentFormActions(loadConfig({}))).toEqual([]);
    expect(
      createSandboxGateway().createForm({
        ...{ orderNumber: '1234', amountCents: '1' },
        notificationUrl: 'x',
        urlOk: 'x',
        urlKo: 'x',
        locale: 'en',
      }).action,
    ).toBe('/api/sandbox-bank');
  });
});

function SandboxKey() {
  return Buffer.from('another-24-byte-test-key', 'utf8').toString('base64');
}
