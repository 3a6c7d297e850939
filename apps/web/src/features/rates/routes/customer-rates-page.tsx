import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function CustomerRatesPage() {
  return <ScreenPlaceholder screen="rates.customer" />;
}
