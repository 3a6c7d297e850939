import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function CustomerCreatePage() {
  return <ScreenPlaceholder screen="customers.create" />;
}
