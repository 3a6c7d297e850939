import { describe, expect, it } from 'vitest';
import type { RequestParameters } from './redsys-protocol.ts';
import { renderBankPage } from './sandbox-bank.ts';

const params: RequestParameters = {
  DS_MERCHANT_AMOUNT: '234756',
  DS_MERCHANT_ORDER: '1234ABCDEFGH',
  DS_MERCHANT_MERCHANTCODE: '999008881',
  DS_MERCHANT_CURRENCY: '978',
  DS_MERCHANT_TRANSACTIONTYPE: '0',
  DS_MERCHANT_TERMINAL: '1',
  DS_MERCHANT_MERCHANTURL: 'http://localhost:3000/api/payments/notification',
  DS_MERCHANT_URLOK: 'http://localhost:3000/tasks/ok/1',
  DS_MERCHANT_URLKO: 'http://localhost:3000/tasks/ko/1',
};

const amountShown = (html: string) => /<dd>([^<]*)<\/dd>/.exec(html)?.[1];

describe('the sandbox bank page', () => {
  it('writes the amount as the portal does: grouped, the euro sign where the language puts it', () => {
    expect(amountShown(renderBankPage('es', {}, params, 'Verba'))).toBe('2.347,56 €');
    expect(amountShown(renderBankPage('ca', {}, params, 'Verba'))).toBe('2.347,56 €');
    expect(amountShown(renderBankPage('en', {}, params, 'Verba'))).toBe('€2,347.56');
  });
});
