import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function GuestPaymentKoPage() {
  return <ScreenPlaceholder screen="guestTasks.paymentKo" />;
}
