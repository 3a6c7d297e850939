import { useTranslation } from 'react-i18next';
import { Stack, Text } from '@mantine/core';
import { DateText } from '../../../../components/money.tsx';
import { useAuthStore } from '../../../../lib/auth-store.ts';
import { userCan } from '../../../../lib/permissions.ts';
import type { TaskDetail } from '../../api/types.ts';
import { Section } from '../section.tsx';
import { DaysToAddForm } from './staff-forms.tsx';

export function DeliverySection({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
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
        {userCan(user, 'tasks:days-to-add') ? <DaysToAddForm key={task.days_to_add} task={task} /> : null}
      </Stack>
    </Section>
  );
}
