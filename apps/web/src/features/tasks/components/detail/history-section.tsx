import { useTranslation } from 'react-i18next';
import { Text, Timeline } from '@mantine/core';
import { DateTimeText } from '../../../../components/money.tsx';
import type { TaskDetail } from '../../api/types.ts';
import { Section } from '../section.tsx';

/** The state changes, oldest first, with who made them and why. */
export function HistorySection({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  return (
    <Section title={t('detail.history.title')} help="history" testId="section-history">
      {task.changes.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('detail.history.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={task.changes.length}>
          {task.changes.map((change, index) => (
            <Timeline.Item
              key={`${change.created_at}-${index}`}
              title={
                change.from_state
                  ? t('detail.history.move', {
                      from: t(`states.${change.from_state}`),
                      to: t(`states.${change.to_state}`),
                    })
                  : t(`states.${change.to_state}`)
              }
            >
              <Text size="xs" c="gray.7">
                <DateTimeText value={change.created_at} />
                {change.user_name ? ` · ${change.user_name} ${change.user_lastname ?? ''}` : ''}
              </Text>
              {change.reason ? <Text size="sm">{t(`detail.history.reasons.${change.reason}`)}</Text> : null}
              {change.note ? <Text size="sm">{change.note}</Text> : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
