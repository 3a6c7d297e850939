import { describe, expect, it } from 'vitest';
import { TASK_STATES, invoiceTag } from './task-states.ts';

describe('invoiceTag (spec part 1 §4)', () => {
  it('reads paid for an on-demand customer once the task is past quoting and payment', () => {
    const paid = TASK_STATES.filter((state) => invoiceTag(state, 'ON_DEMAND') === 'paid');
    expect(paid).toEqual(['DRAFT', 'APPROVED', 'IN_COURSE', 'DONE']);
  });

  it('reads pending on deferred terms, and without a customer (guests)', () => {
    for (const state of TASK_STATES) {
      expect(invoiceTag(state, 'DEFERRED')).toBe('pending');
      expect(invoiceTag(state, null)).toBe('pending');
    }
  });
});
