import { GuestPaymentAnswer } from '../components/payment-answer.tsx';

export default function GuestPaymentOkPage() {
  return <GuestPaymentAnswer outcome="ok" />;
}
