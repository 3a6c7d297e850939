import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Code, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { isSignedIn, useAuthStore } from '../../lib/auth-store.ts';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const signedIn = useAuthStore(isSignedIn);
  const url = params.get('url');
  return (
    <EmptyState
      icon={<IconMapPinOff size={32} aria-hidden />}
      title={t('notFound.title')}
      description={t('notFound.description')}
      testId="not-found-page"
      headingLevel={1}
    >
      {url ? (
        <Text size="sm" c="gray.7">
          {t('notFound.requested')} <Code>{url}</Code>
        </Text>
      ) : null}
      <Button component={Link} to={signedIn ? '/tasks' : '/login'}>
        {signedIn ? t('actions.backToTasks') : t('actions.backToLogin')}
      </Button>
    </EmptyState>
  );
}
