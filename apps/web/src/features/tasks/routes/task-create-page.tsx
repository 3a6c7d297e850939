import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { TaskForm } from '../components/task-form.tsx';

export default function TaskCreatePage() {
  const { t } = useTranslation('tasks');
  return (
    <div data-testid="task-create-page">
      <PageHeader title={t('form.createTitle')} description={t('form.createDescription')} />
      <TaskForm />
    </div>
  );
}
