import { isStaff, type Role } from './roles.ts';
import type { TaskState } from './task-states.ts';
import { STAFF_TARGET_STATES } from './schemas/tasks.ts';

/**
 * Who moves a task: a signed-in client (CLIENT_ADMIN, CLIENT_USER) or staff member (VERBA_ADMIN,
 * VERBA_PM), the system (the analysis job), a payment (the bank's verified answer, or a
 * balance that covers the quote), or a guest of the public quote form.
 */
export const TASK_ACTOR_KINDS = ['client', 'staff', 'system', 'payment', 'guest'] as const;
export type TaskActorKind = (typeof TASK_ACTOR_KINDS)[number];

export const actorKindOf = (role: Role): TaskActorKind => (isStaff(role) ? 'staff' : 'client');

/** What the person or process does; one action may move a task between several pairs of states. */
export const TASK_ACTIONS = [
  'create',
  'edit',
  'analyse',
  'cancel',
  'reactivate',
  'pay',
  'send_to_production',
  'change_status',
  'convert_to_customer',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/**
 * Conditions on the task beside its state:
 * - `customer_task`: the task has a customer (a guest's task only goes to TEMPORAL or DEFERRED);
 * - `guest_task`: the task has no customer (a guest's quote request);
 * - `deferred_scheme`: the customer works on deferred terms;
 * - `payment_verified`: a payment the payments code verified pays the task at its current price
 *   (the bank authorised the card part, or the balance covers the quote): a `PaymentProof`;
 * - `translations_complete`: every source file has its translation in every target language.
 */
export const TASK_TRANSITION_GUARDS = [
  'customer_task',
  'guest_task',
  'deferred_scheme',
  'payment_verified',
  'translations_complete',
] as const;
export type TaskTransitionGuard = (typeof TASK_TRANSITION_GUARDS)[number];

export interface TaskTransition {
  /** null: the task is being created */
  from: TaskState | null;
  to: TaskState;
  who: readonly TaskActorKind[];
  action: TaskAction;
  guards: readonly TaskTransitionGuard[];
}

/**
 * What proves a task paid: a payment order the payments code stored as verified (the bank's signed
 * answer for the exact amount, merchant and currency, or a balance that covers the quote). Only
 * that code makes one, by extending this class; an object written by hand is not one (the private
 * field), so no caller can claim a payment with a literal.
 */
export abstract class PaymentProof {
  readonly #proof = true;
  protected constructor(
    /** the task the order pays */
    readonly taskId: number,
    /** the price the order was made for (any change of the price cancels it, ADR 0015) */
    readonly priceVersion: number,
    readonly orderNumber: string,
  ) {}

  static is(value: unknown): value is PaymentProof {
    return typeof value === 'object' && value !== null && #proof in value;
  }
}

/** The facts the guards read; a guard whose fact is missing fails. */
export interface TaskTransitionContext {
  isGuestTask?: boolean;
  paymentScheme?: string | null;
  /** the payment that approves the task, and the task it must pay at its current price */
  payment?: { proof: PaymentProof | null; task: { id: number; priceVersion: number } };
  missingTranslations?: number;
}

/** A state staff may pick on the status screen. */
export type StaffTarget = (typeof STAFF_TARGET_STATES)[number];

/**
 * The status-screen targets open to a guest task (no customer): the spec's two (TEMPORAL, the
 * deferred-type state), plus the production path IN_COURSE and DONE, so a paid guest task is
 * translated and the guest downloads it from its link (ADR 0018).
 */
const GUEST_TARGETS: readonly TaskState[] = ['TEMPORAL', 'DEFERRED', 'IN_COURSE', 'DONE'];

/** The status screen's moves (spec part 2): from APPROVED, IN_COURSE or DONE to any other of its states. */
const statusScreenMoves: TaskTransition[] = (['APPROVED', 'IN_COURSE', 'DONE'] as const).flatMap((from) =>
  STAFF_TARGET_STATES.filter((to) => to !== from).map((to): TaskTransition => ({
    from,
    to,
    who: ['staff'],
    action: 'change_status',
    guards: [
      ...(GUEST_TARGETS.includes(to) ? [] : ['customer_task' as const]),
      ...(to === 'DONE' ? ['translations_complete' as const] : []),
    ],
  })),
);

/** Every move a task may make (DESIGN §6). Anything not listed is refused. */
export const TASK_TRANSITIONS: readonly TaskTransition[] = [
  { from: null, to: 'CALCULATING', who: ['client'], action: 'create', guards: [] },
  { from: 'DRAFT', to: 'CALCULATING', who: ['client'], action: 'edit', guards: [] },
  { from: 'CALCULATING', to: 'DRAFT', who: ['system'], action: 'analyse', guards: [] },
  // A guest's quote request: analysed like any task, then a TEMPORAL quote the guest may pay.
  { from: null, to: 'CALCULATING', who: ['guest'], action: 'create', guards: ['guest_task'] },
  { from: 'CALCULATING', to: 'TEMPORAL', who: ['system'], action: 'analyse', guards: ['guest_task'] },
  // Staff turn the request into a customer: its unpaid quote becomes that customer's draft.
  { from: 'TEMPORAL', to: 'DRAFT', who: ['staff'], action: 'convert_to_customer', guards: ['guest_task'] },
  { from: 'DRAFT', to: 'CANCELLED', who: ['client'], action: 'cancel', guards: [] },
  { from: 'CANCELLED', to: 'DRAFT', who: ['client', 'staff'], action: 'reactivate', guards: [] },
  { from: 'DRAFT', to: 'APPROVED', who: ['payment'], action: 'pay', guards: ['payment_verified'] },
  { from: 'TEMPORAL', to: 'APPROVED', who: ['payment'], action: 'pay', guards: ['payment_verified'] },
  {
    from: 'DRAFT',
    to: 'DEFERRED',
    who: ['client', 'staff'],
    action: 'send_to_production',
    guards: ['deferred_scheme'],
  },
  {
    from: 'DEFERRED',
    to: 'IN_COURSE',
    who: ['staff'],
    action: 'change_status',
    guards: ['customer_task'],
  },
  ...statusScreenMoves,
];

const guardHolds = (guard: TaskTransitionGuard, ctx: TaskTransitionContext): boolean => {
  switch (guard) {
    case 'customer_task':
      return ctx.isGuestTask === false;
    case 'guest_task':
      return ctx.isGuestTask === true;
    case 'deferred_scheme':
      return ctx.paymentScheme === 'DEFERRED';
    case 'payment_verified':
      return (
        PaymentProof.is(ctx.payment?.proof) &&
        ctx.payment.proof.taskId === ctx.payment.task.id &&
        ctx.payment.proof.priceVersion === ctx.payment.task.priceVersion
      );
    case 'translations_complete':
      return ctx.missingTranslations === 0;
  }
};

/** The table's row for this move by this kind of actor, if there is one (guards not checked). */
export function findTransition(
  from: TaskState | null,
  to: TaskState,
  who: TaskActorKind,
): TaskTransition | undefined {
  return TASK_TRANSITIONS.find((row) => row.from === from && row.to === to && row.who.includes(who));
}

/**
 * Why the move is refused: `no_such_move` when the table has no row for it, otherwise the first
 * guard that fails; null when it is allowed.
 */
export function transitionRefusal(
  from: TaskState | null,
  to: TaskState,
  who: TaskActorKind,
  ctx: TaskTransitionContext = {},
): 'no_such_move' | TaskTransitionGuard | null {
  const row = findTransition(from, to, who);
  if (!row) return 'no_such_move';
  return row.guards.find((guard) => !guardHolds(guard, ctx)) ?? null;
}

export function mayTransition(
  from: TaskState | null,
  to: TaskState,
  who: TaskActorKind,
  ctx: TaskTransitionContext = {},
): boolean {
  return transitionRefusal(from, to, who, ctx) === null;
}

/**
 * The states the staff status screen offers for a task in `from`, in the screen's order. Whether
 * the translations are complete is checked when staff pick DONE, so DONE is offered regardless.
 */
export function staffStatusOptions(from: string, isGuestTask: boolean): StaffTarget[] {
  return STAFF_TARGET_STATES.filter((to) => {
    const row = TASK_TRANSITIONS.find(
      (r) => r.from === from && r.to === to && r.who.includes('staff') && r.action === 'change_status',
    );
    return !!row && (!isGuestTask || !row.guards.includes('customer_task'));
  });
}

/**
 * Whether the table has a move of `action` by `who` out of `from`, its guards aside (e.g. whether
 * a task could be paid now: the payment itself is checked when it arrives).
 */
export const offersAction = (action: TaskAction, from: TaskState, who: TaskActorKind): boolean =>
  TASK_TRANSITIONS.some((row) => row.action === action && row.from === from && row.who.includes(who));

/**
 * Whether `who` may start `action` on a task in state `from` (some row of the action leaves it
 * and its guards hold for the facts given).
 */
export function mayAct(
  action: TaskAction,
  from: TaskState,
  who: TaskActorKind,
  ctx: TaskTransitionContext = {},
): boolean {
  return TASK_TRANSITIONS.some(
    (row) =>
      row.action === action &&
      row.from === from &&
      row.who.includes(who) &&
      mayTransition(from, row.to, who, ctx),
  );
}
