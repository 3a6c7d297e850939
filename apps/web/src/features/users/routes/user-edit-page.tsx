import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function UserEditPage() {
  return <ScreenPlaceholder screen="users.edit" />;
}
