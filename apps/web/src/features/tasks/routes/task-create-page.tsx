import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useTask } from '../api/get-task.ts';
import { TaskForm } from '../components/task-form.tsx';

/** `/tasks/create`, or `/tasks/create?again=<id>` to order a task again (the form pre-filled from it). */
export default function TaskCreatePage() {
  const { t } = useTranslation('tasks');
  const againId = Number(useSearchParams()[0].get('again'));
  const again = useTask(againId);
  if (againId > 0 && again.isPending) return <PageLoader />;
  const from = again.data;
  return (
    <div data-testid="task-create-page">
      <PageHeader
        title={from ? t('again.title') : t('form.createTitle')}
        description={
          from ? t('again.description', { code: from.code || from.id }) : t('form.createDescription')
        }
      />
      <TaskForm key={from?.id ?? 'new'} again={from} />
    </div>
  );
}
