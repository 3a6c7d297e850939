import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function TaskStatusPage() {
  return <ScreenPlaceholder screen="tasks.status" />;
}
