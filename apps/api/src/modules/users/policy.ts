import { AppError } from '../../lib/app-error.ts';
import { assertCanFrom, canFrom, type AssertCan, type PolicyUser, type Rules } from '../../lib/policy.ts';

/**
 * Who may manage which users (DESIGN §5, spec part 2 §6): VERBA_ADMIN everyone, CLIENT_ADMIN its
 * own customer's users; nobody else. A user out of reach answers 404, as if it did not exist.
 */
type Target = { id: number; customer_id: number | null };

interface Subjects {
  /** your own password and language: anyone else's id answers 404 */
  'manage-own-account': { id: number };
  list: undefined;
  view: Target;
  create: undefined;
  edit: Target;
  /** nobody deletes themselves (422, said so) */
  delete: Target;
  /**
   * learn that this user has an email: VERBA_ADMIN of anyone, a client admin only of its own
   * customer's users (another tenant's or staff's email looks free to it)
   */
  'see-email-holder': Target;
  /** see and set a user's bonus */
  'manage-bonus': undefined;
}

/** Whether the user is within the manager's reach (its permission aside). */
function reaches(user: PolicyUser, target: Target): true | 404 {
  if (user?.type === 'VERBA_ADMIN') return true;
  const ownCustomers =
    user?.type === 'CLIENT_ADMIN' && user.customer_id !== null && target.customer_id === user.customer_id;
  return ownCustomers || 404;
}

const cannotDeleteSelf = () =>
  new AppError(422, 'errors.cannot_delete_self', { fields: { id: ['errors.cannot_delete_self'] } });

const rules: Rules<Subjects> = {
  'manage-own-account': { role: 'account:manage', subject: (user, { id }) => user?.id === id || 404 },
  list: { role: 'users:list' },
  view: { role: 'users:view', subject: reaches },
  create: { role: 'users:create' },
  edit: { role: 'users:edit', subject: reaches },
  delete: {
    role: 'users:delete',
    subject: (user, target) => (target.id === user?.id ? cannotDeleteSelf() : reaches(user, target)),
  },
  'see-email-holder': { role: (user) => (user ? true : 401), subject: reaches },
  'manage-bonus': { role: (user) => user?.type === 'VERBA_ADMIN' || 403 },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);

/**
 * Whose users the list shows: VERBA_ADMIN the customer it asks for (or all), a client admin its
 * own customer's whatever it asks.
 */
export function listScope(user: PolicyUser, asked: number | undefined): number | undefined {
  assertCan(user, 'list');
  return user?.type === 'VERBA_ADMIN' ? asked : (user?.customer_id ?? -1);
}
