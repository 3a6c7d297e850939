import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function DepartmentDetailPage() {
  return <ScreenPlaceholder screen="departments.detail" />;
}
