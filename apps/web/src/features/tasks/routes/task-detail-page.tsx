import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useTask } from '../api/get-task.ts';
import type { TaskDetail } from '../api/types.ts';
import { AnalysisAlerts } from '../components/detail/analysis-alerts.tsx';
import { MissingRateAlert } from '../components/detail/missing-rate-alert.tsx';
import { ConceptsSection } from '../components/detail/concepts-section.tsx';
import { DeliverySection } from '../components/detail/delivery-section.tsx';
import { DeliveryProgressSection } from '../components/detail/delivery-progress-section.tsx';
import { FilesSection } from '../components/detail/files-section.tsx';
import { GeneralSection } from '../components/detail/general-section.tsx';
import { GuestRequestSection } from '../components/detail/guest-request-section.tsx';
import { HistorySection } from '../components/detail/history-section.tsx';
import { LanguageSections } from '../components/detail/language-sections.tsx';
import { PaymentsSection } from '../components/detail/payments-section.tsx';
import { ReferenceFilesSection } from '../components/detail/reference-files-section.tsx';
import { TaskActions } from '../components/detail/task-actions.tsx';
import { TotalsSection } from '../components/detail/totals-section.tsx';
import { TaskStateBadge } from '../components/task-state-badge.tsx';
import { MessageThread } from '../../messages/index.ts';

export default function TaskDetailPage() {
  const id = Number(useParams().id);
  const task = useTask(id);
  const user = useAuthStore((state) => state.user);
  if (!task.data || !user) return <PageLoader />;
  const staff = user.type === 'VERBA_ADMIN' || user.type === 'VERBA_PM';
  return <TaskDetailView task={task.data} staff={staff} />;
}

function TaskDetailView({ task, staff }: { task: TaskDetail; staff: boolean }) {
  const { t } = useTranslation('tasks');
  return (
    <div data-testid="task-detail-page">
      <PageHeader
        title={task.description}
        description={t('detail.subtitle', { code: task.code || task.id })}
        actions={<TaskActions task={task} />}
      />
      <Stack gap="lg">
        <Group gap="sm">
          <TaskStateBadge state={task.state} />
          {task.custom_quote ? (
            <Badge variant="outline" radius="sm">
              {t('detail.customQuote')}
            </Badge>
          ) : null}
        </Group>
        <AnalysisAlerts task={task} />
        {staff ? <MissingRateAlert task={task} /> : null}
        <GeneralSection task={task} staff={staff} />
        {staff && !task.customer ? <GuestRequestSection task={task} /> : null}
        <LanguageSections task={task} />
        <FilesSection task={task} staff={staff} />
        <ReferenceFilesSection task={task} />
        <MessageThread source={{ kind: 'task', taskId: task.id }} staff={staff} />
        <ConceptsSection task={task} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <TotalsSection task={task} />
          <DeliverySection task={task} />
        </SimpleGrid>
        <DeliveryProgressSection task={task} />
        <PaymentsSection task={task} />
        <HistorySection task={task} />
        <Group>
          <Button variant="subtle" component={Link} to="/tasks">
            {t('detail.back')}
          </Button>
        </Group>
      </Stack>
    </div>
  );
}
