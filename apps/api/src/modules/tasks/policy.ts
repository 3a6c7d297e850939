import { and, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  actorKindOf,
  isClient,
  isStaff,
  mayAct,
  offersAction,
  can as roleHas,
  staffStatusOptions,
  type Role,
  type TaskAbilities,
  type TaskAction,
  type TaskState,
} from '@verba/contracts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { departmentUsers, tasks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertCanFrom, canFrom, type AssertCan, type PolicyUser, type Rules } from '../../lib/policy.ts';
import { REQUOTABLE_STATES } from './repository/pricing.ts';

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

export const isStaffUser = (user: CurrentUser) => isStaff(user.type);

/** What the rules read of a task, beside its state (the detail knows all of it). */
interface TaskFacts {
  state: string;
  isGuestTask: boolean;
  /** the scheme of the task's customer (null for a guest) */
  paymentScheme: string | null;
  /** a draft with at least one file counted without error: a price to pay */
  quoted: boolean;
  /** a quote is stored (its PDF can be made) */
  hasQuote: boolean;
  /** at least one translation is delivered */
  delivered: boolean;
  /** the task is on an invoice (its amounts are fixed) */
  invoiced: boolean;
}

type State = Pick<TaskFacts, 'state'>;

/**
 * What the caller may do with a task now: the role's permission (contracts' ROLE_PERMISSIONS) and
 * the move in the transition table (DESIGN §6) or the task's own condition. The task detail's
 * `abilities` are these answers, so the web shows an action exactly when the API would accept it.
 */
interface Subjects {
  edit: State;
  cancel: State;
  reactivate: State;
  /** pay an on-demand customer's priced draft (clients only) */
  pay: Pick<TaskFacts, 'state' | 'quoted' | 'paymentScheme'>;
  /** send a deferred-scheme customer's priced draft to production */
  'send-to-production': Pick<TaskFacts, 'state' | 'quoted' | 'paymentScheme'>;
  'download-quote': Pick<TaskFacts, 'state' | 'hasQuote'>;
  /** add, change or remove other concepts: not on a cancelled or invoiced task */
  'edit-concepts': Pick<TaskFacts, 'state' | 'invoiced'>;
  'change-status': Pick<TaskFacts, 'state' | 'isGuestTask'>;
  /** translations are delivered once the work is paid for or in production (422 before) */
  'upload-translations': State;
  'download-translations': Pick<TaskFacts, 'delivered'>;
  /** price a quote again from today's rates; approved tasks keep theirs */
  recalculate: State;
  delete: undefined;
  /** open the order form pre-filled from this task (a customer's task; clients order) */
  'order-again': Pick<TaskFacts, 'isGuestTask'>;
}

/** Translations are delivered once the work is paid for or in production. */
const DELIVERABLE_STATES: readonly string[] = ['APPROVED', 'DEFERRED', 'IN_COURSE', 'DONE'];

/** A move of the transition table the user's kind of actor may start from the task's state. */
const tableAllows =
  (action: TaskAction) =>
  (user: PolicyUser, task: State): true | 403 =>
    (user && mayAct(action, task.state as TaskState, actorKindOf(user.type))) || 403;

const rules: Rules<Subjects> = {
  edit: { role: 'tasks:edit', subject: tableAllows('edit') },
  cancel: { role: 'tasks:cancel', subject: tableAllows('cancel') },
  reactivate: { role: 'tasks:reactivate', subject: tableAllows('reactivate') },
  pay: {
    role: (user) => (user && isClient(user.type) && roleHas(user.type, 'tasks:pay')) || 403,
    subject: (_user, task) =>
      (offersAction('pay', task.state as TaskState, 'payment') &&
        task.quoted &&
        task.paymentScheme === 'ON_DEMAND') ||
      403,
  },
  'send-to-production': {
    role: 'tasks:send-deferred',
    subject: (user, task) =>
      (user &&
        mayAct('send_to_production', task.state as TaskState, actorKindOf(user.type), {
          paymentScheme: task.paymentScheme,
        }) &&
        task.quoted) ||
      403,
  },
  'download-quote': {
    role: 'tasks:quote-pdf',
    subject: (_user, task) => (task.state === 'DRAFT' && task.hasQuote) || 403,
  },
  'edit-concepts': {
    role: 'other-concepts:manage',
    subject: (_user, task) => (task.state !== 'CANCELLED' && !task.invoiced) || 403,
  },
  'change-status': {
    role: 'tasks:change-status',
    subject: (_user, task) => staffStatusOptions(task.state, task.isGuestTask).length > 0 || 403,
  },
  'upload-translations': {
    role: 'tasks:translated-files',
    subject: (_user, { state }) =>
      DELIVERABLE_STATES.includes(state) ||
      new AppError(422, 'tasks.delivery_not_allowed', {
        values: { state },
        fields: { state: [{ key: 'tasks.delivery_not_allowed', values: { state } }] },
      }),
  },
  'download-translations': { role: 'tasks:view', subject: (_user, task) => task.delivered || 403 },
  recalculate: {
    role: 'tasks:amount-to-pay',
    subject: (_user, { state }) => (REQUOTABLE_STATES as readonly string[]).includes(state) || 403,
  },
  delete: { role: 'tasks:delete' },
  'order-again': { role: 'tasks:create', subject: (_user, task) => !task.isGuestTask || 403 },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);

/** The task detail's `abilities`: each one the answer of `can`. */
export function abilitiesFor(user: CurrentUser, task: TaskFacts): TaskAbilities {
  return {
    can_edit: can(user, 'edit', task),
    can_cancel: can(user, 'cancel', task),
    can_reactivate: can(user, 'reactivate', task),
    can_pay: can(user, 'pay', task),
    can_send_to_production: can(user, 'send-to-production', task),
    can_download_quote: can(user, 'download-quote', task),
    can_change_status: can(user, 'change-status', task),
    can_edit_concepts: can(user, 'edit-concepts', task),
    can_upload_translations: can(user, 'upload-translations', task),
    can_download_translations: can(user, 'download-translations', task),
    can_recalculate: can(user, 'recalculate', task),
    can_delete: can(user, 'delete'),
    can_order_again: can(user, 'order-again', task),
  };
}
