import { actorKindOf, type PaymentProof, type StateChangeReason } from '@verba/contracts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import { findCustomer } from '../customers/service.ts';
import { visibleTasks } from './policy.ts';
import { quoteTask } from './pricing/quote-task.ts';
import * as repo from './repository.ts';
import type { TaskRow, Tx } from './repository.ts';
import { transition } from './transitions.ts';

export interface Approval {
  /** who paid (null for a guest) */
  userId: number | null;
  at: Date;
  reason: Extract<StateChangeReason, 'paid_with_balance' | 'paid_by_card'>;
  /**
   * The payments module's proof that an order pays this task (its number is the history row's
   * note); without it (null) the transition table refuses the move.
   */
  payment: PaymentProof | null;
}

/**
 * DRAFT/TEMPORAL -> APPROVED inside the caller's transaction, once the payment is verified:
 * approval time and user, the due date recomputed from now (business days, holidays table), the
 * history row, the customer's last approved project. False when the task is no longer payable.
 */
export async function approveTask(tx: Tx, task: TaskRow, approval: Approval): Promise<boolean> {
  const { userId, at } = approval;
  const quote = await quoteTask(tx, task, at);
  const moved = await transition(tx, {
    taskId: task.id,
    from: task.state,
    to: 'APPROVED',
    by: 'payment',
    userId,
    facts: { payment: { proof: approval.payment, task: { id: task.id, priceVersion: task.price_version } } },
    reason: approval.reason,
    note: approval.payment?.orderNumber,
    set: {
      approved_at: at,
      approved_user_id: userId,
      ...(quote.dueDate ? { due_date: new Date(quote.dueDate) } : {}),
    },
  });
  if (!moved) return false;
  if (task.customer_id) await repo.markCustomerApproval(tx, task.customer_id, task.id, at);
  return true;
}

/**
 * DRAFT -> DEFERRED: a DEFERRED-scheme customer's draft goes to production (its client or staff),
 * approved now with the due date counted from now. Whether the draft is priced and payable is
 * the caller's check; a task that left DRAFT meanwhile answers `payments.not_payable`.
 */
export async function sendToProduction(
  deps: Deps,
  actor: Actor,
  taskId: number,
): Promise<Outcome<{ id: number; state: 'DEFERRED' }>> {
  const task = await repo.findVisibleTask(deps.db, visibleTasks(actor.user), taskId);
  if (!task) throw notFound();
  const customer = task.customer_id ? await findCustomer(deps.db, task.customer_id) : undefined;
  const userId = actor.user.id;
  const now = new Date();
  const moved = await deps.db.transaction(async (tx) => {
    const fresh = await repo.lockTask(tx, taskId);
    if (fresh?.state !== 'DRAFT') return false;
    const quote = await quoteTask(tx, fresh, now);
    const ok = await transition(tx, {
      taskId,
      from: 'DRAFT',
      to: 'DEFERRED',
      by: actorKindOf(actor.user.type),
      userId,
      facts: { paymentScheme: customer?.payment_scheme ?? null },
      reason: 'sent_to_production',
      set: {
        approved_at: now,
        approved_user_id: userId,
        ...(quote.dueDate ? { due_date: new Date(quote.dueDate) } : {}),
      },
    });
    if (ok && customer) await repo.markCustomerApproval(tx, customer.id, taskId, now);
    return ok;
  });
  if (!moved) throw new AppError(422, 'payments.not_payable', { values: { state: task.state } });
  return outcome(
    { id: taskId, state: 'DEFERRED' as const },
    {
      action: 'payments.deferred',
      key: 'tasks.sent_deferred',
      params: { code: task.code, amount: task.amount_to_pay },
      customerId: task.customer_id,
    },
  );
}
