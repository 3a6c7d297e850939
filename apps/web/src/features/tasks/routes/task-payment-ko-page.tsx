import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function TaskPaymentKoPage() {
  return <ScreenPlaceholder screen="tasks.paymentKo" />;
}
