import { AppError, notFound } from '../../lib/app-error.ts';
import { allows, assertAllowed, type PolicyUser } from '../../lib/policy.ts';

/**
 * Who may manage which users (DESIGN §5, spec part 2 §6): VERBA_ADMIN everyone, CLIENT_ADMIN its
 * own customer's users; nobody else. A user out of reach answers 404, as if it did not exist.
 */
type Target = { id: number; customer_id: number | null };

/** Whether the user is within the manager's reach (its permission aside). */
function reaches(user: PolicyUser, target: Target): boolean {
  if (!user) return false;
  if (user.type === 'VERBA_ADMIN') return true;
  return user.type === 'CLIENT_ADMIN' && user.customer_id !== null && target.customer_id === user.customer_id;
}

/** Your own password and language: anyone else's id answers 404. */
export const canManageOwnAccount = (user: PolicyUser, id: number): boolean =>
  allows(user, 'account:manage') && user.id === id;

export function assertCanManageOwnAccount(user: PolicyUser, id: number): void {
  assertAllowed(user, 'account:manage');
  if (user.id !== id) throw notFound();
}

export const canListUsers = (user: PolicyUser): boolean => allows(user, 'users:list');

/**
 * Whose users the list shows: VERBA_ADMIN the customer it asks for (or all), a client admin its
 * own customer's whatever it asks.
 */
export function userListScope(user: PolicyUser, asked: number | undefined): number | undefined {
  assertAllowed(user, 'users:list');
  return user.type === 'VERBA_ADMIN' ? asked : (user.customer_id ?? -1);
}

export const canViewUser = (user: PolicyUser, target: Target): boolean =>
  allows(user, 'users:view') && reaches(user, target);

export function assertCanViewUser(user: PolicyUser, target: Target): void {
  assertAllowed(user, 'users:view');
  if (!reaches(user, target)) throw notFound();
}

export const canCreateUser = (user: PolicyUser): boolean => allows(user, 'users:create');
export const assertCanCreateUser = (user: PolicyUser): void => assertAllowed(user, 'users:create');

export const canEditUser = (user: PolicyUser, target: Target): boolean =>
  allows(user, 'users:edit') && reaches(user, target);

export function assertCanEditUser(user: PolicyUser, target: Target): void {
  assertAllowed(user, 'users:edit');
  if (!reaches(user, target)) throw notFound();
}

/** Nobody deletes themselves (422, said so); another customer's user is 404. */
export const canDeleteUser = (user: PolicyUser, target: Target): boolean =>
  allows(user, 'users:delete') && reaches(user, target) && target.id !== user.id;

export function assertCanDeleteUser(user: PolicyUser, target: Target): void {
  assertAllowed(user, 'users:delete');
  if (target.id === user.id)
    throw new AppError(422, 'errors.cannot_delete_self', { fields: { id: ['errors.cannot_delete_self'] } });
  if (!reaches(user, target)) throw notFound();
}

/**
 * Whether the manager may learn that this user has an email: VERBA_ADMIN of anyone, a client admin
 * only of its own customer's users (another tenant's or staff's email looks free to it).
 */
export const seesEmailHolder = (user: PolicyUser, holder: Target): boolean => reaches(user, holder);

/** Only VERBA_ADMIN sees and sets a user's bonus. */
export const managesBonus = (user: PolicyUser): boolean => user?.type === 'VERBA_ADMIN';
