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
    // max-content: in a crowded table the cell must not shrink the state to "D…"
    <Badge
      color={COLORS[state]}
      variant="dot"
      radius="sm"
      data-testid="task-state"
      style={{ minWidth: 'max-content' }}
    >
      {t(`states.${state}`)}
    </Badge>
  );
}
