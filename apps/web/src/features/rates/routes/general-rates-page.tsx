import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function GeneralRatesPage() {
  return <ScreenPlaceholder screen="rates.general" />;
}
