import { PaymentResult } from '../components/payment-result.tsx';

export default function TaskPaymentOkPage() {
  return <PaymentResult outcome="ok" />;
}
