import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button } from '@mantine/core';
import { IconClockX, IconQuestionMark } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useGuestTask } from '../api/get-guest-task.ts';
import { GuestQuote } from '../components/guest-quote.tsx';
import { MessageThread } from '../../messages/index.ts';

/** `/guest-task/:id`: the guest's quote by its link token; an expired one says so. */
export default function GuestTaskPage() {
  const { t } = useTranslation(['common', 'quotes', 'amounts']);
  const token = useParams().id ?? '';
  const task = useGuestTask(token);
  if (task.isPending) return <PageLoader />;
  if (task.isError) {
    const expired = task.error instanceof ApiError && task.error.status === 410;
    return (
      <EmptyState
        headingLevel={1}
        icon={expired ? <IconClockX size={36} aria-hidden /> : <IconQuestionMark size={36} aria-hidden />}
        title={t(expired ? 'quotes:guest.expiredTitle' : 'quotes:guest.unknownTitle')}
        description={expired ? (task.error.message ?? '') : t('quotes:guest.unknownBody')}
        testId={expired ? 'guest-task-expired' : 'guest-task-unknown'}
      >
        <Button component={Link} to="/quote">
          {t('quotes:payment.newQuote')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <Box maw={960} mx="auto" w="100%" data-testid="screen-guestTasks.detail">
      <PageHeader
        title={t('screens.guestTasks.detail.title')}
        description={
          task.data.state === 'DONE'
            ? t('quotes:guest.deliveredDescription')
            : task.data.state === 'TEMPORAL'
              ? t('screens.guestTasks.detail.description')
              : t('amounts:guest.paidDescription')
        }
      />
      <GuestQuote task={task.data} />
      <Box mt="lg">
        <MessageThread source={{ kind: 'guest', token }} />
      </Box>
    </Box>
  );
}
