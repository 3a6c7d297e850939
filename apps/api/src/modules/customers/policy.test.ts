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

const actions = ['list', 'view', 'create', 'edit', 'delete', 'bonuses', 'assign-projects'] as const;

/** Who may do each action; everyone else is refused: a guest with 401, a signed-in role with 403. */
const allowed: Record<string, Who[]> = {
  list: ['VERBA_ADMIN', 'VERBA_PM'],
  view: ['VERBA_ADMIN', 'VERBA_PM'],
  // The spec's PM routes have no customer creation (DESIGN §5: the PM lists and edits).
  create: ['VERBA_ADMIN'],
  edit: ['VERBA_ADMIN', 'VERBA_PM'],
  delete: ['VERBA_ADMIN'],
  bonuses: ['VERBA_ADMIN'],
  'assign-projects': ['VERBA_ADMIN', 'VERBA_PM'],
};

describe('customers policy', () => {
  describe.each(actions)('%s', (action) => {
    it.each(EVERYONE)('%s', (who) => {
      const yes = allowed[action]?.includes(who) ?? false;
      expect(policy.can(userOf(who), action)).toBe(yes);
      expect(verdict(() => policy.assertCan(userOf(who), action))).toBe(
        yes ? 'ok' : who === 'guest' ? 401 : 403,
      );
    });
  });

  it.each([
    ['VERBA_ADMIN', 'ok', 'ok'],
    ['VERBA_PM', 'ok', 'ok'],
    ['CLIENT_ADMIN', 'ok', 404],
    ['CLIENT_USER', 'ok', 404],
    ['guest', 401, 401],
  ] as const)("%s reads a customer's discount: own %s, another's %s", (who, own, other) => {
    const [ownCustomer, otherCustomer] = [{ id: OWN_CUSTOMER }, { id: OTHER_CUSTOMER }];
    expect(verdict(() => policy.assertCan(userOf(who), 'read-discount', ownCustomer))).toBe(own);
    expect(verdict(() => policy.assertCan(userOf(who), 'read-discount', otherCustomer))).toBe(other);
    expect(policy.can(userOf(who), 'read-discount', ownCustomer)).toBe(own === 'ok');
    expect(policy.can(userOf(who), 'read-discount', otherCustomer)).toBe(other === 'ok');
  });
});
