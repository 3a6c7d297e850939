import { describe, expect, it } from 'vitest';
import type { Role } from '@verba/contracts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { assertCan, can } from './policy.ts';

type PaymentAction = Parameters<typeof can>[1];
type PaymentSubject = NonNullable<Parameters<typeof can>[2]>;

const ACME = 1;
const GLOBEX = 2;

const user = (type: Role, customer_id: number | null): CurrentUser => ({
  id: 7,
  type,
  email: `${type.toLowerCase()}@example.test`,
  name: 'N',
  lastname: 'L',
  language: 'en',
  customer_id,
  session_id: 1,
});

const callers = {
  VERBA_ADMIN: user('VERBA_ADMIN', null),
  VERBA_PM: user('VERBA_PM', null),
  CLIENT_ADMIN: user('CLIENT_ADMIN', ACME),
  CLIENT_USER: user('CLIENT_USER', ACME),
  guest: null,
} as const;
type Caller = keyof typeof callers;

const acmeOnDemand: PaymentSubject = { customer_id: ACME, payment_scheme: 'ON_DEMAND' };
const acmeDeferred: PaymentSubject = { customer_id: ACME, payment_scheme: 'DEFERRED' };
const globexDeferred: PaymentSubject = { customer_id: GLOBEX, payment_scheme: 'DEFERRED' };
const guestTask: PaymentSubject = { customer_id: null };

const status = (fn: () => void): number | 'allowed' => {
  try {
    fn();
    return 'allowed';
  } catch (err) {
    return (err as { status: number }).status;
  }
};

/** Every caller × action on its own customer's task (guests: their task of no customer). */
const own: Record<Caller, Record<PaymentAction, number | 'allowed'>> = {
  VERBA_ADMIN: { pay: 403, verify: 403, 'send-deferred': 'allowed', view: 'allowed', add: 'allowed' },
  VERBA_PM: { pay: 403, verify: 403, 'send-deferred': 'allowed', view: 'allowed', add: 403 },
  CLIENT_ADMIN: { pay: 'allowed', verify: 'allowed', 'send-deferred': 'allowed', view: 'allowed', add: 403 },
  // A client user reads the payments of a task it sees (what was paid and when).
  CLIENT_USER: { pay: 'allowed', verify: 'allowed', 'send-deferred': 'allowed', view: 'allowed', add: 403 },
  guest: { pay: 'allowed', verify: 'allowed', 'send-deferred': 403, view: 403, add: 403 },
};

describe('payments policy: each role on a task it may see', () => {
  for (const [caller, actions] of Object.entries(own) as Array<[Caller, (typeof own)[Caller]]>) {
    for (const [action, expected] of Object.entries(actions) as Array<[PaymentAction, number | 'allowed']>) {
      it(`${caller} ${action}: ${expected}`, () => {
        const task = callers[caller] ? acmeDeferred : guestTask;
        expect(status(() => assertCan(callers[caller], action, task))).toBe(expected);
        expect(can(callers[caller], action, task)).toBe(expected === 'allowed');
      });
    }
  }
});

describe('payments policy: tenants and task conditions', () => {
  it("a client never acts on another customer's task: 404, as if it did not exist", () => {
    for (const caller of ['CLIENT_ADMIN', 'CLIENT_USER'] as const) {
      for (const action of ['pay', 'verify', 'send-deferred'] as const) {
        expect(can(callers[caller], action, globexDeferred)).toBe(false);
        expect(status(() => assertCan(callers[caller], action, globexDeferred))).toBe(404);
      }
      expect(can(callers[caller], 'pay', guestTask)).toBe(false);
    }
    expect(status(() => assertCan(callers.CLIENT_ADMIN, 'view', globexDeferred))).toBe(404);
    expect(status(() => assertCan(callers.CLIENT_USER, 'view', globexDeferred))).toBe(404);
  });

  it('a client with no customer owns no task', () => {
    const orphan = user('CLIENT_ADMIN', null);
    expect(can(orphan, 'pay', guestTask)).toBe(false);
    expect(status(() => assertCan(orphan, 'pay', guestTask))).toBe(404);
  });

  it("staff act on every customer's task, within their role", () => {
    expect(can(callers.VERBA_PM, 'send-deferred', globexDeferred)).toBe(true);
    expect(can(callers.VERBA_PM, 'view', globexDeferred)).toBe(true);
    expect(can(callers.VERBA_ADMIN, 'add', globexDeferred)).toBe(true);
    expect(can(callers.VERBA_ADMIN, 'pay', globexDeferred)).toBe(false);
  });

  it('a guest pays and verifies only a task of no customer', () => {
    expect(can(null, 'pay', acmeOnDemand)).toBe(false);
    expect(can(null, 'verify', acmeOnDemand)).toBe(false);
    expect(status(() => assertCan(null, 'verify', acmeOnDemand))).toBe(404);
  });

  it('only a DEFERRED-scheme task goes to production unpaid (403 otherwise, for everyone)', () => {
    for (const caller of ['VERBA_ADMIN', 'VERBA_PM', 'CLIENT_ADMIN', 'CLIENT_USER'] as const) {
      expect(can(callers[caller], 'send-deferred', acmeOnDemand)).toBe(false);
      expect(status(() => assertCan(callers[caller], 'send-deferred', acmeOnDemand))).toBe(403);
      expect(can(callers[caller], 'send-deferred', { customer_id: ACME })).toBe(false);
    }
  });

  it('denies an action it does not know', () => {
    for (const caller of Object.values(callers))
      expect(can(caller, 'refund' as PaymentAction, guestTask)).toBe(false);
  });
});
