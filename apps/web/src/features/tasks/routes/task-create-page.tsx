import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function TaskCreatePage() {
  return <ScreenPlaceholder screen="tasks.create" />;
}
