import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function QuoteRequestPage() {
  return <ScreenPlaceholder screen="quotes.request" />;
}
