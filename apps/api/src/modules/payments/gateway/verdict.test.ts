import { describe, expect, it } from 'vitest';
import { SANDBOX_MERCHANT_CODE, SANDBOX_MERCHANT_KEY, createSandboxGateway } from './index.ts';
import {
  encodeParameters,
  signResponse,
  signedFieldsOf,
  verifyResponse,
  type ResponseParameters,
} from './redsys-protocol.ts';
import { RESPONSE_CANCELLED, bankVerdict, responseKind } from './verdict.ts';

/** Redsys' published test merchant key, and a bank response published with it. */
const KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const PUBLISHED = {
  Ds_SignatureVersion: 'HMAC_SHA256_V1',
  Ds_MerchantParameters:
    'eyJEc19EYXRlIjoiMjglMkYwNSUyRjIwMTgiLCJEc19Ib3VyIjoiMTAlM0E0NCIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQW1vdW50IjoiNjcwMCIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwMDAwRkI5QTE3MiIsIkRzX01lcmNoYW50Q29kZSI6IjMzNjcwNDY1NSIsIkRzX1Rlcm1pbmFsIjoiMDAxIiwiRHNfUmVzcG9uc2UiOiIwMDAwIiwiRHNfVHJhbnNhY3Rpb25UeXBlIjoiMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMjE4MDQ4IiwiRHNfQ29uc3VtZXJMYW5ndWFnZSI6IjEiLCJEc19DYXJkX0NvdW50cnkiOiI3MjQiLCJEc19DYXJkX0JyYW5kIjoiMSJ9',
  Ds_Signature: '3Fg6oB4URw8ykL-hkvdYPW4RKvT3ikz6qAv6WMHFH2I=',
};
const PUBLISHED_MERCHANT = { merchantCode: '336704655', terminal: '1' };

const verdictOf = (fields: Parameters<typeof verifyResponse>[1], merchant = PUBLISHED_MERCHANT, key = KEY) =>
  bankVerdict(verifyResponse(key, fields), merchant);

const sandbox = createSandboxGateway();
/** A response the sandbox bank signs for our merchant, with some fields changed. */
const sandboxAnswer = (overrides: Partial<ResponseParameters> = {}) =>
  signResponse(SANDBOX_MERCHANT_KEY, {
    Ds_Amount: '12345',
    Ds_Currency: '978',
    Ds_Order: '0420AB12CD34',
    Ds_MerchantCode: SANDBOX_MERCHANT_CODE,
    Ds_Terminal: '001',
    Ds_Response: '0000',
    Ds_AuthorisationCode: '654321',
    ...overrides,
  });

describe('bank verdict', () => {
  it('reads a published authorised response: order, amount, codes, and whether it is for us', () => {
    expect(verdictOf(PUBLISHED)).toEqual({
      kind: 'authorised',
      order: '0000FB9A172',
      amountCents: '6700',
      responseCode: '0000',
      authorisationCode: '218048',
      forUs: true,
    });
    expect(verdictOf(PUBLISHED, { merchantCode: '999008881', terminal: '1' })).toMatchObject({
      kind: 'authorised',
      forUs: false,
    });
    expect(verdictOf(PUBLISHED, { ...PUBLISHED_MERCHANT, terminal: '2' })).toMatchObject({ forUs: false });
  });

  it('a wrong signature is invalid_signature, keeping only the order it claims', () => {
    for (const bad of ['00000', '12345==', '3Fg6oB4URw8ykL-hkvdYPW4RKvT3ikz6qAv6WMHFH2J='])
      expect(verdictOf({ ...PUBLISHED, Ds_Signature: bad })).toEqual({
        kind: 'invalid_signature',
        claimedOrder: '0000FB9A172',
      });
    // signed with another merchant's key
    expect(verdictOf(sandboxAnswer())).toEqual({ kind: 'invalid_signature', claimedOrder: '0420AB12CD34' });
    // forged parameters under a genuine signature
    const signed = sandboxAnswer();
    const forged = encodeParameters({ ...JSON.parse(atob(signed.Ds_MerchantParameters)), Ds_Amount: '1' });
    expect(sandbox.verdict({ ...signed, Ds_MerchantParameters: forged }).kind).toBe('invalid_signature');
  });

  it('anything that is not a signed response is malformed', () => {
    for (const fields of [
      {},
      { ...PUBLISHED, Ds_SignatureVersion: 'HMAC_SHA512_V2' },
      { ...PUBLISHED, Ds_MerchantParameters: 'not json!' },
      { ...PUBLISHED, Ds_Signature: '' },
      { ...PUBLISHED, Ds_MerchantParameters: encodeParameters({ Ds_Amount: '1' }) },
    ])
      expect(verdictOf(fields)).toEqual({ kind: 'malformed', claimedOrder: null });
  });

  it('response codes: 0000–0099 authorised, 9915 cancelled, anything else declined', () => {
    for (const code of ['0000', '0099', '0', '99']) expect(responseKind(code)).toBe('authorised');
    expect(responseKind(RESPONSE_CANCELLED)).toBe('cancelled');
    for (const code of ['0100', '0190', '0180', '9914', '', 'abcd', null, undefined])
      expect(responseKind(code)).toBe('declined');
    expect(sandbox.verdict(sandboxAnswer({ Ds_Response: '0190', Ds_AuthorisationCode: '' }))).toEqual({
      kind: 'declined',
      order: '0420AB12CD34',
      amountCents: '12345',
      responseCode: '0190',
      authorisationCode: null,
      forUs: true,
    });
    expect(sandbox.verdict(sandboxAnswer({ Ds_Response: '9915' })).kind).toBe('cancelled');
    const missing = sandboxAnswer({ Ds_Response: undefined });
    expect(sandbox.verdict(missing)).toMatchObject({ kind: 'declined', responseCode: '' });
  });

  it('amounts are whole cents without leading zeros, or null', () => {
    expect(sandbox.verdict(sandboxAnswer({ Ds_Amount: '0012345' }))).toMatchObject({ amountCents: '12345' });
    expect(sandbox.verdict(sandboxAnswer({ Ds_Amount: '123.45' }))).toMatchObject({ amountCents: null });
    expect(sandbox.verdict(sandboxAnswer({ Ds_Amount: undefined }))).toMatchObject({ amountCents: null });
  });

  it('another merchant, terminal or currency is not for us', () => {
    expect(sandbox.verdict(sandboxAnswer())).toMatchObject({ kind: 'authorised', forUs: true });
    expect(sandbox.verdict(sandboxAnswer({ Ds_Terminal: '1' }))).toMatchObject({ forUs: true });
    for (const other of [{ Ds_Currency: '840' }, { Ds_MerchantCode: '123456789' }, { Ds_Terminal: '002' }])
      expect(sandbox.verdict(sandboxAnswer(other))).toMatchObject({ kind: 'authorised', forUs: false });
  });
});

describe('signed fields of a body or query', () => {
  it('reads them flat or nested, restoring the + a query string turned into a space', () => {
    const fields = {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: 'ab+c',
      Ds_Signature: 's+g',
    };
    expect(signedFieldsOf(fields)).toEqual(fields);
    expect(signedFieldsOf({ taskId: 1, merchantParameters: fields })).toEqual(fields);
    expect(signedFieldsOf({ Ds_MerchantParameters: ' ab c ', Ds_Signature: 's g' })).toEqual({
      Ds_MerchantParameters: 'ab+c',
      Ds_Signature: 's+g',
    });
    expect(signedFieldsOf({ Ds_Signature: 12 })).toEqual({});
    expect(signedFieldsOf(null)).toEqual({});
    expect(signedFieldsOf('Ds_Signature=x')).toEqual({});
  });
});
