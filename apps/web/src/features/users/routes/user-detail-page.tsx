import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function UserDetailPage() {
  return <ScreenPlaceholder screen="users.detail" />;
}
