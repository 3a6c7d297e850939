import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function TaskQuotePage() {
  return <ScreenPlaceholder screen="tasks.quote" />;
}
