import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function QuoteRegisteredPage() {
  return <ScreenPlaceholder screen="quotes.registered" />;
}
