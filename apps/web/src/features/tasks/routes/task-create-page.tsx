import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useTask } from '../api/get-task.ts';
import { TaskForm } from '../components/task-form.tsx';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useMyDepartments } from '../api/get-my-departments.ts';

/** `/tasks/create`, or `/tasks/create?again=<id>` to order a task again (the form pre-filled from it). */
export default function TaskCreatePage() {
  const { t } = useTranslation('tasks');
  const { t: ta } = useTranslation('amounts');
  const againId = Number(useSearchParams()[0].get('again'));
  const again = useTask(againId);
  const user = useAuthStore((state) => state.user);
  const client = user?.type === 'CLIENT_USER' || user?.type === 'CLIENT_ADMIN';
  const departments = useMyDepartments(client);
  if ((againId > 0 && again.isPending) || (client && departments.isPending)) return <PageLoader />;
  // A client orders for a department: without one, the page says so instead of offering the form.
  if (client && departments.data && departments.data.departments.length === 0)
    return (
      <div data-testid="task-create-page">
        <EmptyState
          headingLevel={1}
          icon={<IconBuildingCommunity size={32} aria-hidden />}
          title={ta('noDepartment.title')}
          description={ta('noDepartment.body')}
          testId="task-create-no-department"
        >
          <Button component={Link} to="/tasks" variant="default">
            {ta('noDepartment.back')}
          </Button>
        </EmptyState>
      </div>
    );
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
