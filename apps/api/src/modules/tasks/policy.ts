import { and, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  actorKindOf,
  can,
  mayAct,
  staffStatusOptions,
  type Role,
  type TaskAbilities,
  type TaskState,
} from '@verba/contracts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { departmentUsers, tasks } from '../../db/schema/index.ts';

/**
 * Which tasks a user may see (DESIGN §5): staff all; a client admin its customer's; a client
 * user those of its departments and those it requested. Everything else answers 404.
 */
export function visibleTasks(user: CurrentUser): SQL | undefined {
  return tasksVisibleTo(user.type, user.customer_id, user.id);
}

/**
 * The same rule with the ids as values or as placeholders of a prepared statement; the SQL text
 * depends only on the role and on whether there is a customer. A table read here must be in the
 * triggers of migrations 0016 and 0017: the task list's and the task detail's replies are kept until
 * it changes (ADR 0022, ADR 0024).
 */
export function tasksVisibleTo(
  type: Role,
  customerId: number | Placeholder | null,
  userId: number | Placeholder,
): SQL | undefined {
  if (type === 'VERBA_ADMIN' || type === 'VERBA_PM') return undefined;
  if (customerId === null) return sql`false`;
  const ownCustomer = eq(tasks.customer_id, customerId);
  if (type === 'CLIENT_ADMIN') return ownCustomer;
  const myDepartments = sql`(select ${departmentUsers.department_id} from ${departmentUsers} where ${departmentUsers.user_id} = ${userId})`;
  return and(ownCustomer, or(eq(tasks.user_id, userId), inArray(tasks.department_id, myDepartments)));
}

export const isStaffUser = (user: CurrentUser) => user.type === 'VERBA_ADMIN' || user.type === 'VERBA_PM';

/** Translations are delivered once the work is paid for or in production. */
const DELIVERABLE_STATES: readonly string[] = ['APPROVED', 'DEFERRED', 'IN_COURSE', 'DONE'];
export const mayDeliver = (state: string): boolean => DELIVERABLE_STATES.includes(state);

export interface TaskAbilityFacts {
  state: TaskState;
  isGuestTask: boolean;
  /** the scheme of the task's customer (null for a guest) */
  paymentScheme: string | null;
  /** a draft with at least one file counted without error: a price to pay */
  quoted: boolean;
  /** a quote is stored (its PDF can be made) */
  hasQuote: boolean;
}

/**
 * What the caller may do with a task now (the task detail's `abilities`): the role's permission
 * (contracts' ROLE_PERMISSIONS) and the move in the transition table (DESIGN §6), so the web
 * shows an action exactly when the API would accept it.
 */
export function abilitiesFor(user: CurrentUser, facts: TaskAbilityFacts): TaskAbilities {
  const role = user.type;
  const by = actorKindOf(role);
  const state = facts.state;
  const client = by === 'client';
  return {
    can_edit: can(role, 'tasks:edit') && mayAct('edit', state, by),
    can_cancel: can(role, 'tasks:cancel') && mayAct('cancel', state, by),
    can_reactivate: can(role, 'tasks:reactivate') && mayAct('reactivate', state, by),
    can_pay:
      client &&
      can(role, 'tasks:pay') &&
      mayAct('pay', state, 'payment', { paymentVerified: true }) &&
      facts.quoted &&
      facts.paymentScheme === 'ON_DEMAND',
    can_send_to_production:
      can(role, 'tasks:send-deferred') &&
      mayAct('send_to_production', state, by, { paymentScheme: facts.paymentScheme }) &&
      facts.quoted,
    can_download_quote: can(role, 'tasks:quote-pdf') && state === 'DRAFT' && facts.hasQuote,
    can_change_status:
      can(role, 'tasks:change-status') && staffStatusOptions(state, facts.isGuestTask).length > 0,
    can_upload_translations: can(role, 'tasks:translated-files') && mayDeliver(state),
    can_delete: can(role, 'tasks:delete'),
  };
}
