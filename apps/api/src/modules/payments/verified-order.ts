import { PaymentProof } from '@verba/contracts';
import * as repo from './repository.ts';

/**
 * The proof the task transition table asks before a payment approves a task (its
 * `payment_verified` guard): a stored order this module recorded as AUTHORISED once it verified
 * it, the bank's signed answer (signature, merchant, currency and amount, bank-response.ts) or a
 * balance that covers the quote (start-payment.ts). Made nowhere else.
 */
export class VerifiedOrder extends PaymentProof {
  private constructor(taskId: number, priceVersion: number, orderNumber: string) {
    super(taskId, priceVersion, orderNumber);
  }

  /** The order as stored in the caller's transaction: its proof, or null unless it is AUTHORISED. */
  static async read(tx: repo.Tx, paymentId: number): Promise<VerifiedOrder | null> {
    const order = await repo.lockPayment(tx, paymentId);
    if (order?.status !== 'AUTHORISED') return null;
    return new VerifiedOrder(order.task_id, order.price_version, order.order_number);
  }
}
