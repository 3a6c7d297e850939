import { can as roleHas, isClient, isStaff } from '@verba/contracts';
import { assertCanFrom, canFrom, type AssertCan, type PolicyUser, type Rules } from '../../lib/policy.ts';

/**
 * The task an action is about, as far as the rule needs it. Which client user sees which task
 * (departments, requester) is the tasks module's visibility rule, applied when the task is looked
 * up; this policy adds the role and the tenant on top.
 */
interface PaymentSubject {
  customer_id: number | null;
  /** The customer's scheme (PAYMENT_SCHEMES, as the row stores it); only `send-deferred` reads it. */
  payment_scheme?: string | null;
}

/**
 * What a caller may do with a task's payments (DESIGN §5; deny by default). The user is null for a
 * guest, who reached its task through the unguessable link token.
 */
interface Subjects {
  /** open a card order (or pay with the balance) for a draft */
  pay: PaymentSubject;
  /** bring the bank's answer back from the browser (the OK/KO page) */
  verify: PaymentSubject;
  /** send a draft of a DEFERRED-scheme customer to production unpaid */
  'send-deferred': PaymentSubject;
  /** see the task's payments table */
  view: PaymentSubject;
  /** record a payment received by other means */
  add: PaymentSubject;
}

/** The tenant side: a guest owns only a task of no customer, a client its customer's, staff all. */
function owns(user: PolicyUser, task: PaymentSubject): true | 404 {
  if (!user) return task.customer_id === null || 404;
  if (isStaff(user.type)) return true;
  return (user.customer_id !== null && task.customer_id === user.customer_id) || 404;
}

/** Clients and guests pay (a guest its own temporary task); staff never do. */
const payer = (user: PolicyUser) => !user || (isClient(user.type) && roleHas(user.type, 'tasks:pay')) || 403;

const rules: Rules<Subjects> = {
  pay: { role: payer, subject: owns },
  verify: { role: payer, subject: owns },
  'send-deferred': {
    role: (user) => (user && roleHas(user.type, 'tasks:send-deferred')) || 403,
    subject: (user, task) => {
      const tenant = owns(user, task);
      return tenant === true && task.payment_scheme !== 'DEFERRED' ? 403 : tenant;
    },
  },
  // The PM reads the payments table too (only the admin records payments); a client user reads the
  // payments of the tasks it may see (what was paid and when), as its admin does.
  view: {
    role: (user) => (user && (isStaff(user.type) || isClient(user.type))) || 403,
    subject: owns,
  },
  add: { role: (user) => (user && roleHas(user.type, 'payments:add')) || 403, subject: owns },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
