import { can as roleCan, isClient, isStaff } from '@verba/contracts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';

/**
 * What a caller may do with a task's payments (DESIGN §5; deny by default):
 * - `pay`: open a card order (or pay with the balance) for a draft;
 * - `verify`: bring the bank's answer back from the browser (the OK/KO page);
 * - `send-deferred`: send a draft of a DEFERRED-scheme customer to production unpaid;
 * - `view`: see the task's payments table;
 * - `add`: record a payment received by other means.
 */
export type PaymentAction = 'pay' | 'verify' | 'send-deferred' | 'view' | 'add';

/**
 * The task the action is about, as far as the rule needs it. Which client user sees which task
 * (departments, requester) is the tasks module's visibility rule, applied when the task is looked
 * up; this policy adds the role and the tenant on top.
 */
export interface PaymentSubject {
  customer_id: number | null;
  /** The customer's scheme (PAYMENT_SCHEMES, as the row stores it); only `send-deferred` reads it. */
  payment_scheme?: string | null;
}

/** The role side of a rule: false means no task at all would allow it (403, not 404). */
export function roleMay(user: CurrentUser | null, action: PaymentAction): boolean {
  if (!user) return action === 'pay' || action === 'verify';
  switch (action) {
    case 'pay':
    case 'verify':
      return isClient(user.type) && roleCan(user.type, 'tasks:pay');
    case 'send-deferred':
      return roleCan(user.type, 'tasks:send-deferred');
    case 'view':
      // The PM reads the payments table too (only the admin records payments).
      return isStaff(user.type) || roleCan(user.type, 'payments:view');
    case 'add':
      return roleCan(user.type, 'payments:add');
    default:
      return false;
  }
}

/** The tenant side: a guest owns only a task of no customer, a client its customer's, staff all. */
function owns(user: CurrentUser | null, task: PaymentSubject): boolean {
  if (!user) return task.customer_id === null;
  if (isStaff(user.type)) return true;
  return user.customer_id !== null && task.customer_id === user.customer_id;
}

/** What the task itself must allow, whoever asks. */
const taskAllows = (action: PaymentAction, task: PaymentSubject): boolean =>
  action !== 'send-deferred' || task.payment_scheme === 'DEFERRED';

/**
 * Whether `user` (null: a guest, who reached the task through its unguessable link token) may
 * do `action` on `task`.
 */
export function can(user: CurrentUser | null, action: PaymentAction, task: PaymentSubject): boolean {
  return roleMay(user, action) && owns(user, task) && taskAllows(action, task);
}

/**
 * Throws unless `can`: 404 when the task is another tenant's (as if it did not exist), else 403.
 */
export function assertCan(user: CurrentUser | null, action: PaymentAction, task: PaymentSubject): void {
  if (!roleMay(user, action)) throw forbidden();
  if (!owns(user, task)) throw notFound();
  if (!taskAllows(action, task)) throw forbidden();
}
