import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function GuestPaymentOkPage() {
  return <ScreenPlaceholder screen="guestTasks.paymentOk" />;
}
