import { describe, expect, it } from 'vitest';
import {
  bankReceipt,
  deliveryKind,
  isOverdue,
  isSettled,
  lastPaymentDate,
  requestedDateMissed,
  totalLabelKey,
} from './amounts.ts';

const encode = (params: Record<string, string>) => btoa(JSON.stringify(params));

describe('amounts and deliveries, as the task detail labels them', () => {
  it('a quote shows what is to pay; an order shows its total, never "amount to pay"', () => {
    expect(totalLabelKey('DRAFT')).toBe('amounts.owed');
    for (const state of ['APPROVED', 'DEFERRED', 'IN_COURSE', 'DONE'])
      expect(totalLabelKey(state)).toBe('amounts.orderTotal');
    expect(isSettled('0.00')).toBe(true);
    expect(isSettled('12.10')).toBe(false);
  });

  it('the last payment is the latest one', () => {
    expect(lastPaymentDate([])).toBeNull();
    expect(
      lastPaymentDate([
        { created_at: '2026-11-02T10:00:00.000Z' },
        { created_at: '2026-11-20T09:00:00.000Z' },
      ]),
    ).toBe('2026-11-20T09:00:00.000Z');
  });

  it('a delivery is final, partial, or not started', () => {
    expect(deliveryKind({ delivered: 6, total: 6, final: true })).toBe('final');
    expect(deliveryKind({ delivered: 2, total: 6, final: false })).toBe('partial');
    expect(deliveryKind({ delivered: 6, total: 6, final: false })).toBe('partial');
    expect(deliveryKind({ delivered: 0, total: 6, final: false })).toBe('inProgress');
  });

  it('overdue: past the due date and not DONE or CANCELLED', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(isOverdue('2026-11-26T22:59:59Z', 'IN_COURSE', now)).toBe(true);
    expect(isOverdue('2026-11-26T22:59:59Z', 'DONE', now)).toBe(false);
    expect(isOverdue('2026-11-26T22:59:59Z', 'CANCELLED', now)).toBe(false);
    expect(isOverdue('2026-11-30T22:59:59Z', 'APPROVED', now)).toBe(false);
    expect(isOverdue(null, 'APPROVED', now)).toBe(false);
  });

  it('a requested day before the offered delivery day (Madrid) cannot be met', () => {
    // 23:59 in Madrid on 30 November is 22:59 UTC
    expect(requestedDateMissed('2026-11-29', '2026-11-30T22:59:59Z')).toBe(true);
    expect(requestedDateMissed('2026-11-30', '2026-11-30T22:59:59Z')).toBe(false);
    expect(requestedDateMissed(null, '2026-11-30T22:59:59Z')).toBe(false);
  });

  it("the receipt reads the bank's answer: amount, order, card's last digits when given, date", () => {
    expect(
      bankReceipt(
        encode({
          Ds_Order: '0042AB',
          Ds_Amount: '234756',
          Ds_Card_Number: '454881******0004',
          Ds_Date: '27%2F11%2F2026',
          Ds_Hour: '15%3A04',
        }),
      ),
    ).toEqual({ order: '0042AB', amount: '2347.56', cardDigits: '0004', date: '27/11/2026 15:04' });
    expect(bankReceipt(encode({ Ds_Order: '1', Ds_Amount: '100' }))).toEqual({
      order: '1',
      amount: '1.00',
      cardDigits: null,
      date: null,
    });
    expect(bankReceipt('not base64 json')).toBeNull();
    expect(bankReceipt(null)).toBeNull();
  });
});
