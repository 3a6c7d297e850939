import { can as roleHas, type Permission } from '@verba/contracts';
import type { CurrentUser } from '../plugins/auth.ts';
import { forbidden, notFound, unauthenticated, type AppError } from './app-error.ts';

/** Who a policy judges: a signed-in user, or nobody (a guest, or a caller without a session). */
export type PolicyUser = CurrentUser | null | undefined;

/**
 * A rule's answer: true, or why not: 401 nobody is signed in, 403 refused (the role, or the
 * subject's condition), 404 the subject is out of the user's reach (answered as if it did not
 * exist, DESIGN §5), or an error of the rule's own (e.g. a 422 that says why).
 */
type Verdict = true | 401 | 403 | 404 | AppError;

/**
 * One action of a module's policy (ADR 0030). `role` is judged first, from the user alone: a
 * permission of contracts' ROLE_PERMISSIONS (401 without a user, 403 without the permission) or a
 * function. `subject`, when the action has one, is judged next; a missing subject (a row that
 * does not exist or the user may not see) is 404.
 */
interface Rule<Subject> {
  role: Permission | ((user: PolicyUser) => Verdict);
  subject?: (user: PolicyUser, subject: Subject) => Verdict;
}

/** A module's rules: one per action, keyed by the action; `Subjects` maps each action to its subject. */
export type Rules<Subjects> = { [Action in keyof Subjects]: Rule<Subjects[Action]> };

/** Whether `user` may do `action` to `subject`; an unknown action or a missing subject is no. */
type Can<Subjects> = <Action extends keyof Subjects>(
  user: PolicyUser,
  action: Action,
  subject?: Subjects[Action] | null,
) => boolean;

/** Throws unless `can`: the error of the rule's verdict (401, 403, 404 or its own). */
export type AssertCan<Subjects> = <Action extends keyof Subjects>(
  user: PolicyUser,
  action: Action,
  subject?: Subjects[Action] | null,
) => asserts subject is Subjects[Action];

/** 401 without a user, 403 when the role lacks the permission (deny by default, DESIGN §5). */
export const hasPermission = (user: PolicyUser, permission: Permission): Verdict =>
  !user ? 401 : roleHas(user.type, permission) ? true : 403;

/**
 * A client's action on its own customer: the permission, and a customer to act on (a user of no
 * customer answers `missing`).
 */
export const permissionWithCustomer =
  (permission: Permission, missing: 403 | 404 = 404) =>
  (user: PolicyUser): Verdict => {
    const verdict = hasPermission(user, permission);
    return verdict === true && user?.customer_id === null ? missing : verdict;
  };

function judge<Subjects>(
  rules: Rules<Subjects>,
  user: PolicyUser,
  action: keyof Subjects,
  subject: unknown,
): Verdict {
  const rule = rules[action] as Rule<unknown> | undefined;
  if (!rule) return 403;
  const role = typeof rule.role === 'string' ? hasPermission(user, rule.role) : rule.role(user);
  if (role !== true || !rule.subject) return role;
  if (subject === undefined || subject === null) return 404;
  return rule.subject(user, subject);
}

const errorOf = (verdict: Exclude<Verdict, true>): AppError =>
  verdict === 401
    ? unauthenticated()
    : verdict === 403
      ? forbidden()
      : verdict === 404
        ? notFound()
        : verdict;

/** A module's `can` from its rules. */
export function canFrom<Subjects>(rules: Rules<Subjects>): Can<Subjects> {
  return (user, action, subject) => judge(rules, user, action, subject) === true;
}

/** A module's `assertCan` from its rules (declare it with the `AssertCan` type: TypeScript asks for it). */
export function assertCanFrom<Subjects>(rules: Rules<Subjects>): AssertCan<Subjects> {
  return (user, action, subject) => {
    const verdict = judge(rules, user, action, subject);
    if (verdict !== true) throw errorOf(verdict);
  };
}

/**
 * The customer a client's own-customer action is about, once `assertCan` let the user do it
 * (its rule refuses a user of no customer).
 */
export function ownCustomerOf(user: CurrentUser): number {
  if (user.customer_id === null) throw notFound();
  return user.customer_id;
}
