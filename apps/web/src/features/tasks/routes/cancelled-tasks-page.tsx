import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function CancelledTasksPage() {
  return <ScreenPlaceholder screen="tasks.cancelled" />;
}
