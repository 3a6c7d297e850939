import { describe, expect, it } from 'vitest';
import { TASK_STATES, type TaskState } from './task-states.ts';
import {
  TASK_ACTOR_KINDS,
  TASK_TRANSITIONS,
  PaymentProof,
  actorKindOf,
  findTransition,
  mayAct,
  mayTransition,
  offersAction,
  staffStatusOptions,
  transitionRefusal,
  type TaskTransitionContext,
} from './task-transitions.ts';

/**
 * DESIGN §6 written out by hand, one line per allowed (from, to, who) with its guards; every
 * other combination must be refused.
 */
const EXPECTED: Record<string, string> = {
  'new>CALCULATING:client': '',
  'DRAFT>CALCULATING:client': '',
  'CALCULATING>DRAFT:system': '',
  'new>CALCULATING:guest': 'guest_task',
  'CALCULATING>TEMPORAL:system': 'guest_task',
  'TEMPORAL>DRAFT:staff': 'guest_task',
  'DRAFT>CANCELLED:client': '',
  'CANCELLED>DRAFT:client': '',
  'CANCELLED>DRAFT:staff': '',
  'DRAFT>APPROVED:payment': 'payment_verified',
  'TEMPORAL>APPROVED:payment': 'payment_verified',
  'DRAFT>DEFERRED:client': 'deferred_scheme',
  'DRAFT>DEFERRED:staff': 'deferred_scheme',
  'DEFERRED>IN_COURSE:staff': 'customer_task',
  'APPROVED>TEMPORAL:staff': '',
  'APPROVED>DEFERRED:staff': '',
  'APPROVED>IN_COURSE:staff': '',
  'APPROVED>DONE:staff': 'translations_complete',
  'IN_COURSE>TEMPORAL:staff': '',
  'IN_COURSE>DEFERRED:staff': '',
  'IN_COURSE>APPROVED:staff': 'customer_task',
  'IN_COURSE>DONE:staff': 'translations_complete',
  'DONE>TEMPORAL:staff': '',
  'DONE>DEFERRED:staff': '',
  'DONE>APPROVED:staff': 'customer_task',
  'DONE>IN_COURSE:staff': '',
};

/** A proof as the payments code makes one (it extends PaymentProof the same way). */
class VerifiedOrder extends PaymentProof {
  constructor(taskId: number, priceVersion: number) {
    super(taskId, priceVersion, '1234ABCDEFGH');
  }
}
const TASK = { id: 7, priceVersion: 3 };
const paid = { proof: new VerifiedOrder(7, 3), task: TASK };

/** The facts under which every guard holds. */
const ALL_HOLD: TaskTransitionContext = {
  isGuestTask: false,
  paymentScheme: 'DEFERRED',
  payment: paid,
  missingTranslations: 0,
};

const FROMS: Array<TaskState | null> = [null, ...TASK_STATES];

describe('the task transition table (DESIGN §6)', () => {
  it('allows exactly the listed moves, each with its guards, and refuses every other', () => {
    const seen: string[] = [];
    for (const from of FROMS)
      for (const to of TASK_STATES)
        for (const who of TASK_ACTOR_KINDS) {
          const key = `${from ?? 'new'}>${to}:${who}`;
          const row = findTransition(from, to, who);
          if (key in EXPECTED) {
            seen.push(key);
            expect(row, key).toBeDefined();
            expect(row?.guards.join(','), key).toBe(EXPECTED[key]);
            const facts = row?.guards.includes('guest_task') ? { ...ALL_HOLD, isGuestTask: true } : ALL_HOLD;
            expect(mayTransition(from, to, who, facts), key).toBe(true);
          } else {
            expect(row, key).toBeUndefined();
            expect(transitionRefusal(from, to, who, ALL_HOLD), key).toBe('no_such_move');
            expect(mayTransition(from, to, who, ALL_HOLD), key).toBe(false);
          }
        }
    expect(seen.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('has one row per (from, to, who), and none that stays put', () => {
    const keys = TASK_TRANSITIONS.flatMap((row) => row.who.map((who) => `${row.from}>${row.to}:${who}`));
    expect(new Set(keys).size).toBe(keys.length);
    expect(TASK_TRANSITIONS.filter((row) => row.from === row.to)).toEqual([]);
  });

  it('refuses a guarded move when its fact fails or is unknown, naming the guard', () => {
    for (const row of TASK_TRANSITIONS)
      for (const guard of row.guards) {
        const broken: TaskTransitionContext = {
          ...ALL_HOLD,
          ...(row.guards.includes('guest_task') ? { isGuestTask: true } : {}),
          ...(guard === 'guest_task' ? { isGuestTask: false } : {}),
          ...(guard === 'customer_task' ? { isGuestTask: true } : {}),
          ...(guard === 'deferred_scheme' ? { paymentScheme: 'ON_DEMAND' } : {}),
          ...(guard === 'payment_verified' ? { payment: undefined } : {}),
          ...(guard === 'translations_complete' ? { missingTranslations: 2 } : {}),
        };
        const who = row.who[0]!;
        expect(transitionRefusal(row.from, row.to, who, broken)).toBe(guard);
        expect(mayTransition(row.from, row.to, who, {})).toBe(false);
      }
  });

  it('lets a guest task (no customer) go to TEMPORAL, DEFERRED, or through production, never back to APPROVED', () => {
    const guest = { ...ALL_HOLD, isGuestTask: true };
    expect(mayTransition('APPROVED', 'TEMPORAL', 'staff', guest)).toBe(true);
    expect(mayTransition('DONE', 'DEFERRED', 'staff', guest)).toBe(true);
    expect(mayTransition('APPROVED', 'IN_COURSE', 'staff', guest)).toBe(true);
    expect(mayTransition('IN_COURSE', 'DONE', 'staff', guest)).toBe(true);
    expect(transitionRefusal('IN_COURSE', 'DONE', 'staff', { ...guest, missingTranslations: 1 })).toBe(
      'translations_complete',
    );
    expect(transitionRefusal('IN_COURSE', 'APPROVED', 'staff', guest)).toBe('customer_task');
    expect(transitionRefusal('DEFERRED', 'IN_COURSE', 'staff', guest)).toBe('customer_task');
  });

  it('approves a payment only with a proof the payments code made, for this task at its current price', () => {
    const approve = (payment: TaskTransitionContext['payment']) =>
      transitionRefusal('DRAFT', 'APPROVED', 'payment', { payment });
    expect(approve(paid)).toBeNull();
    expect(approve({ proof: new VerifiedOrder(8, 3), task: TASK })).toBe('payment_verified');
    expect(approve({ proof: new VerifiedOrder(7, 2), task: TASK })).toBe('payment_verified');
    // The same fields written by hand are no proof.
    const literal = { taskId: 7, priceVersion: 3, orderNumber: '1234ABCDEFGH' } as unknown as PaymentProof;
    expect(approve({ proof: literal, task: TASK })).toBe('payment_verified');
    expect(approve(undefined)).toBe('payment_verified');
    expect(
      transitionRefusal('DRAFT', 'APPROVED', 'payment', { paymentVerified: true } as TaskTransitionContext),
    ).toBe('payment_verified');
  });

  it('offers an action from a state, its guards aside', () => {
    expect(offersAction('pay', 'DRAFT', 'payment')).toBe(true);
    expect(offersAction('pay', 'TEMPORAL', 'payment')).toBe(true);
    expect(offersAction('pay', 'APPROVED', 'payment')).toBe(false);
    expect(offersAction('pay', 'DRAFT', 'client')).toBe(false);
  });

  it('maps roles to actor kinds', () => {
    expect(actorKindOf('CLIENT_USER')).toBe('client');
    expect(actorKindOf('CLIENT_ADMIN')).toBe('client');
    expect(actorKindOf('VERBA_PM')).toBe('staff');
    expect(actorKindOf('VERBA_ADMIN')).toBe('staff');
  });
});

describe('staffStatusOptions', () => {
  it('offers the other status-screen states from APPROVED, IN_COURSE and DONE', () => {
    expect(staffStatusOptions('APPROVED', false)).toEqual(['TEMPORAL', 'DEFERRED', 'IN_COURSE', 'DONE']);
    expect(staffStatusOptions('IN_COURSE', false)).toEqual(['TEMPORAL', 'DEFERRED', 'APPROVED', 'DONE']);
    expect(staffStatusOptions('DONE', false)).toEqual(['TEMPORAL', 'DEFERRED', 'APPROVED', 'IN_COURSE']);
  });

  it('offers a guest task TEMPORAL, DEFERRED and the production path (ADR 0018)', () => {
    expect(staffStatusOptions('APPROVED', true)).toEqual(['TEMPORAL', 'DEFERRED', 'IN_COURSE', 'DONE']);
    expect(staffStatusOptions('IN_COURSE', true)).toEqual(['TEMPORAL', 'DEFERRED', 'DONE']);
    expect(staffStatusOptions('DEFERRED', true)).toEqual([]);
  });

  it('starts a deferred task, and offers nothing from the other states', () => {
    expect(staffStatusOptions('DEFERRED', false)).toEqual(['IN_COURSE']);
    for (const state of ['TEMPORAL', 'DRAFT', 'CALCULATING', 'CANCELLED'])
      expect(staffStatusOptions(state, false), state).toEqual([]);
  });
});

describe('mayAct', () => {
  it('reads the actions a task in a state allows', () => {
    expect(mayAct('cancel', 'DRAFT', 'client')).toBe(true);
    expect(mayAct('cancel', 'DRAFT', 'staff')).toBe(false);
    expect(mayAct('reactivate', 'CANCELLED', 'staff')).toBe(true);
    expect(mayAct('edit', 'APPROVED', 'client')).toBe(false);
    expect(mayAct('send_to_production', 'DRAFT', 'client', { paymentScheme: 'DEFERRED' })).toBe(true);
    expect(mayAct('send_to_production', 'DRAFT', 'client', { paymentScheme: 'ON_DEMAND' })).toBe(false);
    expect(mayAct('change_status', 'DONE', 'staff', { isGuestTask: true })).toBe(true);
    expect(mayAct('change_status', 'DEFERRED', 'staff', { isGuestTask: true })).toBe(false);
  });
});
