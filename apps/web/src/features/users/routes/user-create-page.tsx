import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function UserCreatePage() {
  return <ScreenPlaceholder screen="users.create" />;
}
