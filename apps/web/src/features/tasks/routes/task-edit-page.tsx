import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function TaskEditPage() {
  return <ScreenPlaceholder screen="tasks.edit" />;
}
