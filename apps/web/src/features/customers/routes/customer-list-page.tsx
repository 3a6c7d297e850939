import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function CustomerListPage() {
  return <ScreenPlaceholder screen="customers.list" />;
}
