import type { Db } from '../db/client.ts';
import type { Deps } from './service.ts';

/**
 * Queued when something a quote is computed from changes (rates, minimums, payable grid,
 * discount, a translation type's percent): the tasks module prices its DRAFT and TEMPORAL
 * quotes again in the background. Here, outside the tasks module, because the modules that
 * change those figures are the ones the tasks module prices with (they cannot import it).
 */
export const RECALCULATE_QUOTES_JOB = 'tasks.recalculate-quotes';

export interface RecalculationRequest {
  /** Only this customer's quotes; null: every quote (a general rate, the global grid, a type). */
  customerId: number | null;
  /** What changed, for the task history ("general rate en→es"). */
  cause: string;
}

/** Asks for the quotes concerned to be recalculated once the caller's transaction (if any) commits. */
export async function requestQuoteRecalculation(
  deps: Pick<Deps, 'jobs'>,
  request: RecalculationRequest,
  tx?: Db,
): Promise<void> {
  await deps.jobs.enqueue(RECALCULATE_QUOTES_JOB, { ...request }, tx);
}
