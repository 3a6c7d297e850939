import { describe, expect, it } from 'vitest';
import {
  sendDeferredReply,
  startPaymentReply,
  verifyGuestPaymentBody,
  verifyGuestPaymentReply,
  verifyPaymentBody,
  verifyPaymentReply,
} from './payments.ts';

const fields = { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'e30=', Ds_Signature: 'c2ln' };
const payment = {
  order_number: '0420AB12CD34',
  amount: '121.00',
  balance_used: '21.00',
  card_amount: '100.00',
  status: 'PENDING',
};

describe('payment replies', () => {
  it('a card form or a balance approval, as the server builds them; nothing else travels', () => {
    const card = {
      paymentDone: false,
      form: { action: '/api/sandbox-bank', method: 'POST', fields },
      payment,
    };
    expect(startPaymentReply.parse({ data: { ...card, internal: 1 } })).toEqual({ data: card });
    const balance = {
      paymentDone: true,
      form: null,
      message: 'Paid with your balance',
      task: { id: 7, state: 'APPROVED' },
      payment: { ...payment, status: 'AUTHORISED' },
    };
    expect(startPaymentReply.parse({ data: balance })).toEqual({ data: balance });
    // a database numeric may come as a number: the wire carries a decimal string
    expect(
      startPaymentReply.parse({ data: { ...card, payment: { ...payment, amount: 121.5 } } }).data.payment
        .amount,
    ).toBe('121.5');
  });

  it('refuses what the server never sends (a mismatch is a 500, not a silent wrong reply)', () => {
    const card = { paymentDone: false, form: { action: 'x', method: 'POST', fields }, payment };
    expect(
      startPaymentReply.safeParse({ data: { ...card, payment: { ...payment, status: 'PAID' } } }).success,
    ).toBe(false);
    expect(startPaymentReply.safeParse({ data: { ...card, form: null } }).success).toBe(false);
    expect(
      verifyPaymentReply.safeParse({
        data: { paymentDone: true, message: 'ok', task: { id: 1, state: 'PAID' } },
      }).success,
    ).toBe(false);
  });

  it('send to production: on deferred terms, or the payment of an ON_DEMAND client', () => {
    const deferred = { paymentDone: false, form: null, message: 'Sent', task: { id: 3, state: 'DEFERRED' } };
    expect(sendDeferredReply.parse({ data: deferred })).toEqual({ data: deferred });
    const card = { paymentDone: false, form: { action: 'x', method: 'POST', fields }, payment };
    expect(sendDeferredReply.parse({ data: card })).toEqual({ data: card });
  });

  it("a guest's verification carries the task's state only, or no task", () => {
    for (const task of [{ state: 'APPROVED' }, null]) {
      const reply = { data: { paymentDone: task !== null, message: 'm', task } };
      expect(verifyGuestPaymentReply.parse(reply)).toEqual(reply);
    }
  });
});

describe('payment requests', () => {
  it('verifyPayment takes the signed fields flat or nested under merchantParameters', () => {
    expect(verifyPaymentBody.parse({ taskId: '7', ...fields })).toEqual({ taskId: 7, ...fields });
    expect(verifyPaymentBody.parse({ taskId: 7, merchantParameters: fields }).merchantParameters).toEqual(
      fields,
    );
    expect(verifyPaymentBody.safeParse({ taskId: 7, Ds_Signature: 'x'.repeat(129) }).success).toBe(false);
  });

  it("a guest's taskId is its link token, optional on the KO page", () => {
    expect(verifyGuestPaymentBody.parse({ ...fields }).taskId).toBeUndefined();
    expect(verifyGuestPaymentBody.safeParse({ taskId: 'short' }).success).toBe(false);
    expect(verifyGuestPaymentBody.parse({ taskId: 'a'.repeat(32) }).taskId).toBe('a'.repeat(32));
  });
});
