import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useTask } from '../api/get-task.ts';
import { TaskForm } from '../components/task-form.tsx';

export default function TaskEditPage() {
  const { t } = useTranslation('tasks');
  const id = Number(useParams().id);
  const task = useTask(id);
  if (!task.data) return <PageLoader />;
  if (task.data.state !== 'DRAFT') return <Navigate to={`/tasks/${id}`} replace />;
  return (
    <div data-testid="task-edit-page">
      <PageHeader
        title={t('form.editTitle', { code: task.data.code })}
        description={t('form.editDescription')}
      />
      <TaskForm key={task.data.id} task={task.data} />
    </div>
  );
}
