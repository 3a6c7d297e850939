import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function TaskListPage() {
  return <ScreenPlaceholder screen="tasks.list" />;
}
