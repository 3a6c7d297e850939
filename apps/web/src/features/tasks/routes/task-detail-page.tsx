import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function TaskDetailPage() {
  return <ScreenPlaceholder screen="tasks.detail" />;
}
