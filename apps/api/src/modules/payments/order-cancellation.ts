import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/service.ts';
import { lockTask, PRICE_CHANGED_JOB } from '../tasks/service.ts';
import * as repo from './repository.ts';

/**
 * A task's price changed (the tasks module queued PRICE_CHANGED_JOB): its open card orders were
 * issued for the old amount, so they are CANCELLED. Should the bank still authorise one, the
 * answer is recorded UNAPPLIED and refunded (see `handleBankResponse`), never approving the task.
 * Idempotent: only orders of another price version than the task's current one are touched.
 */
export async function cancelStaleOrders(deps: Pick<Deps, 'db' | 'log'>, taskId: number): Promise<string[]> {
  const cancelled = await deps.db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    return task ? repo.cancelStaleOrders(tx, taskId, task.price_version) : [];
  });
  if (cancelled.length)
    deps.log.info({ taskId, orders: cancelled }, 'card orders cancelled: the price of the task changed');
  return cancelled;
}

export function registerOrderCancellation(app: FastifyInstance): void {
  app.jobs.work(PRICE_CHANGED_JOB, async (payload) => {
    await cancelStaleOrders(app, Number(payload.taskId));
  });
}
