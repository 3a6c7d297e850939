import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function DepartmentListPage() {
  return <ScreenPlaceholder screen="departments.list" />;
}
