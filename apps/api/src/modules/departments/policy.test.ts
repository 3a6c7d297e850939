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
      expect(policy.can(user, 'list')).toBe(yes);
      expect(policy.can(user, 'create')).toBe(yes);
      expect(verdict(() => policy.assertCan(user, 'list'))).toBe(yes ? 'ok' : refused(who));
      expect(verdict(() => policy.assertCan(user, 'create'))).toBe(yes ? 'ok' : refused(who));
    });
  });

  describe('view and manage one department', () => {
    it.each(EVERYONE)("%s: its own customer's only; another's, or a missing one, is 404", (who) => {
      const user = userOf(who);
      const yes = who === 'CLIENT_ADMIN';
      expect(policy.can(user, 'view', own)).toBe(yes);
      expect(policy.can(user, 'manage', own)).toBe(yes);
      expect(policy.can(user, 'view', others)).toBe(false);
      expect(policy.can(user, 'manage', others)).toBe(false);
      const whenAllowed = (answer: 'ok' | 404) => (yes ? answer : refused(who));
      expect(verdict(() => policy.assertCan(user, 'view', own))).toBe(whenAllowed('ok'));
      expect(verdict(() => policy.assertCan(user, 'manage', own))).toBe(whenAllowed('ok'));
      expect(verdict(() => policy.assertCan(user, 'view', others))).toBe(whenAllowed(404));
      expect(verdict(() => policy.assertCan(user, 'manage', others))).toBe(whenAllowed(404));
      expect(verdict(() => policy.assertCan(user, 'manage', undefined))).toBe(whenAllowed(404));
    });
  });

  it('a client admin of no customer sees none (404)', () => {
    const orphan = { ...userOf('CLIENT_ADMIN')!, customer_id: null };
    expect(policy.can(orphan, 'list')).toBe(false);
    expect(verdict(() => policy.assertCan(orphan, 'list'))).toBe(404);
    expect(verdict(() => policy.assertCan(orphan, 'create'))).toBe(404);
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
