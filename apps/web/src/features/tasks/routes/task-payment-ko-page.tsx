import { PaymentResult } from '../components/payment-result.tsx';

export default function TaskPaymentKoPage() {
  return <PaymentResult outcome="ko" />;
}
