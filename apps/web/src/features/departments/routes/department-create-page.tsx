import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function DepartmentCreatePage() {
  return <ScreenPlaceholder screen="departments.create" />;
}
