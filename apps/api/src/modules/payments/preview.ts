import type { PaymentPreview } from '@verba/contracts';
import type { Actor, Deps } from '../../lib/service.ts';
import { assertPayable, balanceAvailableFor, splitPayment } from './payable.ts';
import { taskToPay } from './start-payment.ts';

/**
 * GET /tasks/{id}/payment-preview: what paying the task now would take from the customer's
 * balance and what from the card, computed as `startPayment` would (the balance others' open
 * orders hold excluded). A read: nothing is held, the real split is fixed when the order opens.
 */
export async function paymentPreview(deps: Deps, actor: Actor, taskId: number): Promise<PaymentPreview> {
  const task = await taskToPay(deps, actor, taskId);
  await assertPayable(deps.db, task);
  const amount = task.amount_to_pay;
  const balance = task.customer_id
    ? await balanceAvailableFor(deps.db, task.customer_id, taskId, new Date())
    : '0.00';
  const { balanceUsed, card } = splitPayment(amount, balance);
  return { amount, balance_used: balanceUsed, card_amount: card };
}
