import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function GuestTaskPage() {
  return <ScreenPlaceholder screen="guestTasks.detail" />;
}
