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

type Check = [name: string, can: (who: Who) => boolean, assert: (who: Who) => void];
const actions: Check[] = [
  ['list', (w) => policy.canListCustomers(userOf(w)), (w) => policy.assertCanListCustomers(userOf(w))],
  ['view', (w) => policy.canViewCustomer(userOf(w)), (w) => policy.assertCanViewCustomer(userOf(w))],
  ['create', (w) => policy.canCreateCustomer(userOf(w)), (w) => policy.assertCanCreateCustomer(userOf(w))],
  ['edit', (w) => policy.canEditCustomer(userOf(w)), (w) => policy.assertCanEditCustomer(userOf(w))],
  ['delete', (w) => policy.canDeleteCustomer(userOf(w)), (w) => policy.assertCanDeleteCustomer(userOf(w))],
  ['bonuses', (w) => policy.canManageBonuses(userOf(w)), (w) => policy.assertCanManageBonuses(userOf(w))],
  [
    'assign projects',
    (w) => policy.canAssignProjects(userOf(w)),
    (w) => policy.assertCanAssignProjects(userOf(w)),
  ],
];

/** Who may do each action; everyone else is refused: a guest with 401, a signed-in role with 403. */
const allowed: Record<string, Who[]> = {
  list: ['VERBA_ADMIN', 'VERBA_PM'],
  view: ['VERBA_ADMIN', 'VERBA_PM'],
  // Issue 20: the spec's PM routes have no customer creation (DESIGN §5: the PM lists and edits).
  create: ['VERBA_ADMIN'],
  edit: ['VERBA_ADMIN', 'VERBA_PM'],
  delete: ['VERBA_ADMIN'],
  bonuses: ['VERBA_ADMIN'],
  'assign projects': ['VERBA_ADMIN', 'VERBA_PM'],
};

describe('customers policy', () => {
  describe.each(actions)('%s', (name, can, assert) => {
    it.each(EVERYONE)('%s', (who) => {
      const yes = allowed[name]?.includes(who) ?? false;
      expect(can(who)).toBe(yes);
      expect(verdict(() => assert(who))).toBe(yes ? 'ok' : who === 'guest' ? 401 : 403);
    });
  });

  it.each([
    ['VERBA_ADMIN', 'ok', 'ok'],
    ['VERBA_PM', 'ok', 'ok'],
    ['CLIENT_ADMIN', 'ok', 404],
    ['CLIENT_USER', 'ok', 404],
    ['guest', 401, 401],
  ] as const)("%s reads a customer's discount: own %s, another's %s", (who, own, other) => {
    expect(verdict(() => policy.assertCanReadDiscount(userOf(who), OWN_CUSTOMER))).toBe(own);
    expect(verdict(() => policy.assertCanReadDiscount(userOf(who), OTHER_CUSTOMER))).toBe(other);
    expect(policy.canReadDiscount(userOf(who), OWN_CUSTOMER)).toBe(own === 'ok');
    expect(policy.canReadDiscount(userOf(who), OTHER_CUSTOMER)).toBe(other === 'ok');
  });
});
