import { GuestPaymentAnswer } from '../components/payment-answer.tsx';

export default function GuestPaymentKoPage() {
  return <GuestPaymentAnswer outcome="ko" />;
}
