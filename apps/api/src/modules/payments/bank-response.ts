import type { TaskState, VerifyGuestPayment, VerifyPayment } from '@verba/contracts';
import { notFound } from '../../lib/app-error.ts';
import { outcome, unlogged, type Actor, type Anonymous, type Deps, type Outcome } from '../../lib/service.ts';
import { findTaskSeenBy, guestTaskByToken, taskState } from '../tasks/service.ts';
import type { BankVerdict } from './gateway/verdict.ts';
import { decideBankResponse, type BankResponseContext } from './bank-decision.ts';
import { reportBankDecision, type BankResult } from './bank-report.ts';
import * as policy from './policy.ts';

export type { BankResponseContext } from './bank-decision.ts';
export type { BankResult } from './bank-report.ts';

/** The bank's answer decided in its transaction, then reported (page message, log row, mails). */
export async function handleBankResponse(
  deps: Deps,
  verdict: BankVerdict,
  context: BankResponseContext,
): Promise<Outcome<BankResult>> {
  return reportBankDecision(deps, await decideBankResponse(deps, verdict, context));
}

/** States of a task that is paid for (or in production on deferred terms). */
const PAID_STATES: readonly TaskState[] = ['APPROVED', 'DEFERRED', 'IN_COURSE', 'DONE'];

/**
 * What the OK/KO page says when there is no new answer to apply: the bank's parameters are
 * missing (a bookmark, a reload) or the order was answered before (the notification came first).
 * It tells where the task stands, from its state, and the call logs nothing.
 */
function standing(state: TaskState | undefined, repeat: BankResult | null) {
  if (state && PAID_STATES.includes(state))
    return {
      paymentDone: true,
      messageKey: state === 'APPROVED' ? 'payments.approved' : 'payments.already_paid',
    };
  if (repeat)
    return { paymentDone: false, messageKey: repeat.messageKey, messageValues: repeat.messageValues };
  return { paymentDone: false, messageKey: 'payments.no_answer' };
}

/**
 * POST /tasks/verifyPayment: the browser's return from the bank (OK or KO page). `verdict` null:
 * the page came without the bank's parameters.
 */
export async function verifyReturn(
  deps: Deps,
  actor: Actor,
  taskId: number,
  verdict: BankVerdict | null,
): Promise<Outcome<VerifyPayment>> {
  const task = await findTaskSeenBy(deps, actor.user, taskId);
  if (!task) throw notFound();
  policy.assertCan(actor.user, 'verify', task);
  const answer = verdict ? await handleBankResponse(deps, verdict, { via: 'return', taskId: task.id }) : null;
  const state = (await taskState(deps, taskId)) ?? task.state;
  if (!answer || answer.data.repeated) {
    const said = standing(state, answer?.data ?? null);
    return unlogged({
      paymentDone: said.paymentDone,
      message: actor.t(said.messageKey, { code: task.code, ...said.messageValues }),
      task: { id: taskId, state },
    });
  }
  const { data, log } = answer;
  return outcome(
    {
      paymentDone: data.paymentDone,
      message: actor.t(data.messageKey, data.messageValues),
      task: { id: taskId, state },
    },
    { ...log!, customerId: log?.customerId ?? task.customer_id },
  );
}

/**
 * POST /task/temporal/verifyPayment: a guest's return from the bank (its link token when known).
 * `verdict` null: the page came without the bank's parameters.
 */
export async function verifyGuestReturn(
  deps: Deps,
  guest: Anonymous,
  token: string | undefined,
  verdict: BankVerdict | null,
): Promise<Outcome<VerifyGuestPayment>> {
  const task = token ? await guestTaskByToken(deps, token) : undefined;
  if (token && !task) throw notFound();
  const answer = verdict
    ? await handleBankResponse(deps, verdict, { via: 'return', taskId: task?.id, guest: true })
    : null;
  const taskId = task?.id ?? answer?.data.taskId;
  const state = taskId ? await taskState(deps, taskId) : undefined;
  if (!answer || answer.data.repeated) {
    const said = standing(state, answer?.data ?? null);
    return unlogged({
      paymentDone: said.paymentDone,
      message: guest.t(said.messageKey, said.messageValues),
      task: state ? { state } : null,
    });
  }
  return {
    data: {
      paymentDone: answer.data.paymentDone,
      message: guest.t(answer.data.messageKey, answer.data.messageValues),
      task: state ? { state } : null,
    },
    log: answer.log,
  };
}
