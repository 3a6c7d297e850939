import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function DepartmentEditPage() {
  return <ScreenPlaceholder screen="departments.edit" />;
}
