import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconLock size={32} aria-hidden />}
      title={t('errors.noAccessTitle')}
      description={t('errors.noAccess')}
      testId="no-access"
      headingLevel={1}
    >
      <Button component={Link} to="/tasks">
        {t('actions.backToTasks')}
      </Button>
    </EmptyState>
  );
}
