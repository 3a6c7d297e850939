import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function LogsPage() {
  return <ScreenPlaceholder screen="logs.list" />;
}
