import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTaskPrice } from '../../api/get-task-price.ts';
import type { TaskDetail } from '../../api/types.ts';

const PRICED_STATES = new Set(['DRAFT', 'TEMPORAL']);

/** Staff: the quote has a target language without a rate, so it cannot be priced until one is set. */
export function MissingRateAlert({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const price = useTaskPrice(task.id, PRICED_STATES.has(task.state));
  const missing = (price.data ?? []).filter((p) => p.rateMissing);
  if (!missing.length) return null;
  const names = missing
    .map(
      (p) =>
        task.target_languages.find((l) => l.target_language_id === p.targetLanguageId)?.target_language.name,
    )
    .filter(Boolean)
    .join(', ');
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('detail.rateMissing.title')}
      data-testid="task-rate-missing"
      c="dark.7"
    >
      {t('detail.rateMissing.body', { languages: names })}{' '}
      {task.customer ? (
        <Anchor component={Link} to={`/customers/${task.customer.id}/edit`}>
          {t('detail.rateMissing.link', { customer: task.customer.name })}
        </Anchor>
      ) : null}
    </Alert>
  );
}
