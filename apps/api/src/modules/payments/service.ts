/**
 * The payments module's services (DESIGN §13: a module is used through its service): starting a
 * payment or a send-to-production, the bank's response, and the approval mails.
 */
export { sendDeferred, startGuestPayment, startPayment } from './start-payment.ts';
export { handleBankResponse, verifyGuestReturn, verifyReturn } from './bank-response.ts';
export { paymentPreview } from './preview.ts';
export { PaymentRefused } from './payable.ts';
