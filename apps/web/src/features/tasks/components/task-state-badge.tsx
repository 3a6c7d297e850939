import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaskState } from '@verba/contracts';

const COLORS: Record<TaskState, string> = {
  TEMPORAL: 'gray',
  DRAFT: 'blue',
  CALCULATING: 'cyan',
  DEFERRED: 'grape',
  APPROVED: 'teal',
  IN_COURSE: 'orange',
  DONE: 'green',
  CANCELLED: 'red',
};

export function TaskStateBadge({ state }: { state: TaskState }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge color={COLORS[state]} variant="dot" radius="sm" data-testid="task-state">
      {t(`states.${state}`)}
    </Badge>
  );
}
