import { useTranslation } from 'react-i18next';
import { Alert, Stack, Text } from '@mantine/core';
import { useUiLocale } from '../../../../components/use-locale.ts';
import { formatDate } from '../../../../lib/format.ts';
import { requestedDateMissed } from '../../lib/amounts.ts';
import { DateText } from '../../../../components/money.tsx';
import { useAuthStore } from '../../../../lib/auth-store.ts';
import { userCan } from '../../../../lib/permissions.ts';
import type { TaskDetail } from '../../api/types.ts';
import { Section } from '../section.tsx';
import { DaysToAddForm } from './staff-forms.tsx';

export function DeliverySection({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const { t: ta } = useTranslation('amounts');
  const locale = useUiLocale();
  const user = useAuthStore((state) => state.user)!;
  return (
    <Section title={t('detail.delivery.title')} help="deliveryDate" testId="section-delivery">
      <Stack gap="md">
        <Text fz="xl" fw={700} data-testid="due-date">
          {task.due_date ? <DateText value={task.due_date} /> : t('detail.delivery.pending')}
        </Text>
        <Text size="sm" c="gray.7">
          {t('detail.delivery.note')}
        </Text>
        {task.requested_date ? (
          <Text size="sm" fw={600} data-testid="requested-date">
            {ta('requested.staff', { date: formatDate(`${task.requested_date}T12:00:00Z`, locale) })}
          </Text>
        ) : null}
        {requestedDateMissed(task.requested_date, task.due_date) ? (
          <Alert color="orange" variant="light" p="xs" data-testid="requested-date-missed">
            {ta('requested.cannotMeet', {
              date: formatDate(`${task.requested_date}T12:00:00Z`, locale),
              due: formatDate(task.due_date!, locale),
            })}
          </Alert>
        ) : null}
        {userCan(user, 'tasks:days-to-add') ? <DaysToAddForm key={task.days_to_add} task={task} /> : null}
      </Stack>
    </Section>
  );
}
