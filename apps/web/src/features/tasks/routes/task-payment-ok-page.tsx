import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function TaskPaymentOkPage() {
  return <ScreenPlaceholder screen="tasks.paymentOk" />;
}
