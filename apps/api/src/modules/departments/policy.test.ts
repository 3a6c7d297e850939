import { describe, expect, it } from 'vitest';
import {
  EVERYONE,
  OTHER_CUSTOMER,
  OWN_CUSTOMER,
  userOf,
  verdict,
  type Who,
} from '../../../test/policy-users.ts';
import * as policy from './policy.ts';

const own = { customer_id: OWN_CUSTOMER };
const others = { customer_id: OTHER_CUSTOMER };
const refused = (who: Who) => (who === 'guest' ? 401 : 403);

describe('departments policy', () => {
  describe('list and create (the client admin’s own customer)', () => {
    it.each(EVERYONE)('%s', (who) => {
      const yes = who === 'CLIENT_ADMIN';
      const user = userOf(who);
      expect(policy.canViewDepartments(user)).toBe(yes);
      expect(policy.canCreateDepartment(user)).toBe(yes);
      expect(verdict(() => policy.assertCanViewDepartments(user))).toBe(yes ? 'ok' : refused(who));
      expect(verdict(() => policy.assertCanCreateDepartment(user))).toBe(yes ? 'ok' : refused(who));
      if (yes) {
        expect(policy.assertCanViewDepartments(user)).toBe(OWN_CUSTOMER);
        expect(policy.assertCanCreateDepartment(user)).toBe(OWN_CUSTOMER);
      }
    });
  });

  describe('view and manage one department', () => {
    it.each(EVERYONE)("%s: its own customer's only; another's, or a missing one, is 404", (who) => {
      const user = userOf(who);
      const yes = who === 'CLIENT_ADMIN';
      expect(policy.canViewDepartment(user, own)).toBe(yes);
      expect(policy.canManageDepartment(user, own)).toBe(yes);
      expect(policy.canViewDepartment(user, others)).toBe(false);
      expect(policy.canManageDepartment(user, others)).toBe(false);
      const whenAllowed = (answer: 'ok' | 404) => (yes ? answer : refused(who));
      expect(verdict(() => policy.assertCanViewDepartment(user, own))).toBe(whenAllowed('ok'));
      expect(verdict(() => policy.assertCanManageDepartment(user, own))).toBe(whenAllowed('ok'));
      expect(verdict(() => policy.assertCanViewDepartment(user, others))).toBe(whenAllowed(404));
      expect(verdict(() => policy.assertCanManageDepartment(user, others))).toBe(whenAllowed(404));
      expect(verdict(() => policy.assertCanManageDepartment(user, undefined))).toBe(whenAllowed(404));
    });
  });

  it('a client admin of no customer sees none (404)', () => {
    const orphan = { ...userOf('CLIENT_ADMIN')!, customer_id: null };
    expect(policy.canViewDepartments(orphan)).toBe(false);
    expect(verdict(() => policy.assertCanViewDepartments(orphan))).toBe(404);
  });

  it.each([
    ['CLIENT_ADMIN', { customerId: OWN_CUSTOMER, onlyForUser: undefined }],
    ['CLIENT_USER', { customerId: OWN_CUSTOMER, onlyForUser: 4 }],
    ['VERBA_ADMIN', null],
    ['VERBA_PM', null],
    ['guest', null],
  ] as const)('%s orders tasks for %o', (who, scope) => {
    expect(policy.orderableDepartments(userOf(who))).toEqual(scope);
  });
});
