import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function UserListPage() {
  return <ScreenPlaceholder screen="users.list" />;
}
