import { idField } from './common.ts';
import { z } from 'zod';
import { TASK_STATES } from '../task-states.ts';
import { dataReply, decimalString } from './replies.ts';

/**
 * Where a card order stands: open, paid, refused, paid but not applied (to refund), or cancelled
 * because the task's price changed after it was issued.
 */
export const PAYMENT_STATUSES = [
  'PENDING',
  'AUTHORISED',
  'DECLINED',
  'DUPLICATE',
  'UNAPPLIED',
  'CANCELLED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// ---- Requests ----

/** A guest task's link token (its only key on the public routes). */
export const guestTaskToken = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** POST /tasks/paymentGateway. */
export const payTaskBody = z.object({
  taskId: idField,
  lang: z.string().optional(),
});

/** The bank's three signed fields as a browser or a bank posts them (a KO page may lack them). */
export const postedSignedFields = z.object({
  Ds_SignatureVersion: z.string().max(32).optional(),
  Ds_MerchantParameters: z.string().max(8192).optional(),
  Ds_Signature: z.string().max(128).optional(),
});

/** POST /tasks/verifyPayment: the fields flat, or nested (the spec's "form with merchantParameters"). */
export const verifyPaymentBody = z.object({
  taskId: idField,
  lang: z.string().optional(),
  ...postedSignedFields.shape,
  merchantParameters: postedSignedFields.optional(),
});

/** POST /task/temporal/verifyPayment: taskId is the link token (optional on the KO page). */
export const verifyGuestPaymentBody = verifyPaymentBody.extend({ taskId: guestTaskToken.optional() });

// ---- Replies ----

/** The three signed fields of the Redsys protocol, as the web auto-submits them to the bank. */
export const signedFieldsSchema = z.object({
  Ds_SignatureVersion: z.string(),
  Ds_MerchantParameters: z.string(),
  Ds_Signature: z.string(),
});

/** The form the web app auto-submits to the bank. */
export const paymentFormSchema = z.object({
  action: z.string(),
  method: z.literal('POST'),
  fields: signedFieldsSchema,
});
export type PaymentForm = z.infer<typeof paymentFormSchema>;

/** One order: the amount, the part the balance covers and the part the card is charged. */
export const paymentSummarySchema = z.object({
  order_number: z.string(),
  amount: decimalString,
  balance_used: decimalString,
  card_amount: decimalString,
  status: z.enum(PAYMENT_STATUSES),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** The card form to auto-submit (the balance covers part of the amount at most). */
const cardPaymentSchema = z.object({
  paymentDone: z.literal(false),
  form: paymentFormSchema,
  payment: paymentSummarySchema,
});

/** The balance covered everything: approved at once, no form. */
const balancePaymentSchema = z.object({
  paymentDone: z.literal(true),
  form: z.null(),
  message: z.string(),
  task: z.object({ id: z.number().int(), state: z.literal('APPROVED') }),
  payment: paymentSummarySchema,
});

/** POST /tasks/paymentGateway, /tasks/payDraft/{id}, GET /task/temporal/{token}/pay. */
export const startPaymentSchema = z.union([cardPaymentSchema, balancePaymentSchema]);
export type StartPayment = z.infer<typeof startPaymentSchema>;
export const startPaymentReply = dataReply(startPaymentSchema);

/**
 * GET /tasks/{id}/payment-preview: before the client leaves for the bank, what the payment will
 * take from the balance and what from the card (nothing is held or stored).
 */
export const paymentPreviewSchema = z.object({
  amount: decimalString,
  balance_used: decimalString,
  card_amount: decimalString,
});
export type PaymentPreview = z.infer<typeof paymentPreviewSchema>;
export const paymentPreviewReply = dataReply(paymentPreviewSchema);

/** POST /tasks/{id}/update/deferred: sent to production, or (ON_DEMAND clients) a payment. */
export const sendDeferredSchema = z.union([
  cardPaymentSchema,
  balancePaymentSchema,
  z.object({
    paymentDone: z.literal(false),
    form: z.null(),
    message: z.string(),
    task: z.object({ id: z.number().int(), state: z.literal('DEFERRED') }),
  }),
]);
export type SendDeferred = z.infer<typeof sendDeferredSchema>;
export const sendDeferredReply = dataReply(sendDeferredSchema);

/** POST /tasks/verifyPayment: the bank's answer read, and where the task stands now. */
export const verifyPaymentSchema = z.object({
  paymentDone: z.boolean(),
  message: z.string(),
  task: z.object({ id: z.number().int(), state: z.enum(TASK_STATES) }),
});
export type VerifyPayment = z.infer<typeof verifyPaymentSchema>;
export const verifyPaymentReply = dataReply(verifyPaymentSchema);

/** POST /task/temporal/verifyPayment: the same for a guest (no id; no task when unknown). */
export const verifyGuestPaymentSchema = z.object({
  paymentDone: z.boolean(),
  message: z.string(),
  task: z.object({ state: z.enum(TASK_STATES) }).nullable(),
});
export type VerifyGuestPayment = z.infer<typeof verifyGuestPaymentSchema>;
export const verifyGuestPaymentReply = dataReply(verifyGuestPaymentSchema);

/** POST /payments/notification: the bank only needs a 200. */
export const paymentNotificationReply = dataReply(z.object({ received: z.literal(true) }));
