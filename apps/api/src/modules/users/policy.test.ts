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

const ownCustomersUser = { id: 50, customer_id: OWN_CUSTOMER };
const otherCustomersUser = { id: 51, customer_id: OTHER_CUSTOMER };
const staffUser = { id: 52, customer_id: null };
const refused = (who: Who) => (who === 'guest' ? 401 : 403);
const managers: Who[] = ['VERBA_ADMIN', 'CLIENT_ADMIN'];

describe('users policy', () => {
  describe('own account (password, language)', () => {
    it.each(EVERYONE)('%s: its own id only; anyone else is 404', (who) => {
      const user = userOf(who);
      const ownId = user?.id ?? 1;
      const mine = { id: ownId };
      const another = { id: 999 };
      expect(verdict(() => policy.assertCan(user, 'manage-own-account', mine))).toBe(
        who === 'guest' ? 401 : 'ok',
      );
      expect(verdict(() => policy.assertCan(user, 'manage-own-account', another))).toBe(
        who === 'guest' ? 401 : 404,
      );
      expect(policy.can(user, 'manage-own-account', mine)).toBe(who !== 'guest');
      expect(policy.can(user, 'manage-own-account', another)).toBe(false);
    });
  });

  describe('whose email a check may reveal', () => {
    it.each(EVERYONE)('%s', (who) => {
      const user = userOf(who);
      const admin = who === 'VERBA_ADMIN';
      expect(policy.can(user, 'see-email-holder', ownCustomersUser)).toBe(admin || who === 'CLIENT_ADMIN');
      expect(policy.can(user, 'see-email-holder', otherCustomersUser)).toBe(admin);
      expect(policy.can(user, 'see-email-holder', staffUser)).toBe(admin);
    });
  });

  describe('list', () => {
    it.each(EVERYONE)('%s', (who) => {
      const yes = managers.includes(who);
      expect(policy.can(userOf(who), 'list')).toBe(yes);
      expect(verdict(() => policy.listScope(userOf(who), OTHER_CUSTOMER))).toBe(yes ? 'ok' : refused(who));
    });

    it('VERBA_ADMIN lists the customer it asks for (or all); a client admin only its own', () => {
      expect(policy.listScope(userOf('VERBA_ADMIN'), OTHER_CUSTOMER)).toBe(OTHER_CUSTOMER);
      expect(policy.listScope(userOf('VERBA_ADMIN'), undefined)).toBeUndefined();
      expect(policy.listScope(userOf('CLIENT_ADMIN'), OTHER_CUSTOMER)).toBe(OWN_CUSTOMER);
      expect(policy.listScope(userOf('CLIENT_ADMIN'), undefined)).toBe(OWN_CUSTOMER);
    });
  });

  const reach: Array<[string, { id: number; customer_id: number | null }, Record<Who, 'ok' | number>]> = [
    [
      "its own customer's user",
      ownCustomersUser,
      { VERBA_ADMIN: 'ok', CLIENT_ADMIN: 'ok', VERBA_PM: 403, CLIENT_USER: 403, guest: 401 },
    ],
    [
      "another customer's user",
      otherCustomersUser,
      { VERBA_ADMIN: 'ok', CLIENT_ADMIN: 404, VERBA_PM: 403, CLIENT_USER: 403, guest: 401 },
    ],
    [
      'a staff user',
      staffUser,
      { VERBA_ADMIN: 'ok', CLIENT_ADMIN: 404, VERBA_PM: 403, CLIENT_USER: 403, guest: 401 },
    ],
  ];

  describe.each(reach)('view, edit and delete %s', (_name, target, expected) => {
    it.each(EVERYONE)('%s', (who) => {
      const user = userOf(who);
      const want = expected[who];
      for (const action of ['view', 'edit', 'delete'] as const) {
        expect(verdict(() => policy.assertCan(user, action, target))).toBe(want);
        expect(policy.can(user, action, target)).toBe(want === 'ok');
      }
    });
  });

  describe('create', () => {
    it.each(EVERYONE)('%s', (who) => {
      const yes = managers.includes(who);
      expect(policy.can(userOf(who), 'create')).toBe(yes);
      expect(verdict(() => policy.assertCan(userOf(who), 'create'))).toBe(yes ? 'ok' : refused(who));
    });
  });

  it.each(managers)('%s may not delete itself (422), though it may edit itself', (who) => {
    const me = userOf(who);
    const self = { id: me?.id ?? 0, customer_id: me?.customer_id ?? null };
    expect(verdict(() => policy.assertCan(me, 'delete', self))).toBe(422);
    expect(policy.can(me, 'delete', self)).toBe(false);
    expect(policy.can(me, 'edit', self)).toBe(true);
  });

  it.each(EVERYONE)("%s: only VERBA_ADMIN sees and sets a user's bonus", (who) => {
    expect(policy.can(userOf(who), 'manage-bonus')).toBe(who === 'VERBA_ADMIN');
  });
});
