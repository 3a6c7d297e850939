import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function CustomerEditPage() {
  return <ScreenPlaceholder screen="customers.edit" />;
}
