import {
  transitionRefusal,
  type StateChangeReason,
  type TaskActorKind,
  type TaskState,
  type TaskTransitionContext,
} from '@verba/contracts';
import { AppError } from '../../lib/app-error.ts';
import { publishEvent, type DomainEventType } from '../events/service.ts';
import * as repo from './repository.ts';
import type { Tx, TaskRow } from './repository.ts';

export interface Move {
  taskId: number;
  /** The state the task is in now; null when the caller has just inserted it in `to`. */
  from: TaskState | null;
  to: TaskState;
  by: TaskActorKind;
  /** The person the move is recorded for (the payer for a payment); null for the system or a guest. */
  userId: number | null;
  /** The facts the table's guards read (DESIGN §6). */
  facts?: TaskTransitionContext;
  reason?: StateChangeReason;
  note?: string | undefined;
  /** Columns written together with the state. */
  set?: Partial<TaskRow>;
}

/** The 422 of a move the transition table does not allow. */
export const illegalTransition = (from: string | null, to: string) =>
  new AppError(422, 'tasks.illegal_transition', {
    values: { from, to },
    fields: { state: [{ key: 'tasks.illegal_transition', values: { from, to } }] },
  });

/**
 * Every state change of a task goes through here: the move must be in the transition table with
 * its guards holding (otherwise `tasks.illegal_transition`), the task moves only if it is still
 * in `from`, and the history row is written in the same transaction. False when the task was
 * moved meanwhile (nothing written).
 */
export async function transition(tx: Tx, move: Move): Promise<boolean> {
  const { taskId, from, to, userId } = move;
  if (transitionRefusal(from, to, move.by, move.facts) !== null) throw illegalTransition(from, to);
  if (from !== null) {
    const moved = await repo.moveState(tx, taskId, [from], to, userId, move.set);
    if (!moved) return false;
  }
  await repo.recordStateChange(tx, taskId, from, to, userId, move.note, move.reason);
  const type = eventOf(move);
  if (type) {
    const task = await repo.findTask(tx, taskId);
    await publishEvent(tx, {
      type,
      task_id: taskId,
      invoice_id: null,
      customer_id: task?.customer_id ?? null,
      actor_user_id: userId,
      data: { from, to, code: task?.code ?? null },
    });
  }
  return true;
}

/** The domain event a move is (analysis done is the quote being ready). */
function eventOf({ from, to, by }: Move): DomainEventType | null {
  if (from === 'CALCULATING' && by === 'system') return 'task.quoted';
  if (to === 'APPROVED' && by === 'payment') return 'task.paid';
  if (to === 'APPROVED' || to === 'DEFERRED') return 'task.approved';
  if (to === 'IN_COURSE') return 'task.in_course';
  if (to === 'DONE') return 'task.done';
  if (to === 'CANCELLED') return 'task.cancelled';
  return null;
}
