import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useMarkMessagesReadMutation } from '../api/mark-messages-read.ts';
import { MESSAGES_PER_PAGE, useMessages } from '../api/get-messages.ts';
import type { ThreadSource } from '../api/thread-source.ts';
import { MessageCompose } from './message-compose.tsx';
import { MessageItem } from './message-item.tsx';

/**
 * A task's thread between the client side and staff: newest first, paged, with a form to write.
 * Opening it (and any message arriving while it is open) marks the thread read for the caller; the
 * messages that were new when it opened keep a "new" mark (at most a page of them). Staff see internal notes, marked.
 */
export function MessageThread({ source, staff = false }: { source: ThreadSource; staff?: boolean }) {
  const { t } = useTranslation('messages');
  const [page, setPage] = useState(1);
  const thread = useMessages(source, page);
  const markRead = useMarkMessagesReadMutation();
  /** The messages that were unread when the panel opened (the newest ones of the first page). */
  const [freshIds, setFreshIds] = useState<ReadonlySet<number> | null>(null);
  const markedFor = useRef<unknown>(null);
  const data = thread.data;
  const unread = data?.unread ?? 0;
  const taskId = source.kind === 'task' ? source.taskId : null;

  useEffect(() => {
    if (!data) return;
    setFreshIds((known) => known ?? new Set(data.data.slice(0, data.unread).map((message) => message.id)));
    // each load that still counts unread messages marks the thread read, once
    if (taskId !== null && data.unread > 0 && markedFor.current !== data) {
      markedFor.current = data;
      markRead.mutate(taskId);
    }
  }, [data, taskId, markRead]);

  const pages = data ? Math.max(1, Math.ceil(data.total / MESSAGES_PER_PAGE)) : 1;
  const fresh = freshIds?.size ?? unread;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" data-testid="message-thread">
      <Group justify="space-between" mb={4} gap="xs">
        <Title order={2} fz="lg">
          {t('title')}
        </Title>
        {fresh > 0 ? (
          <Badge color="red.8" radius="sm" data-testid="message-thread-unread">
            {t('unread', { count: fresh })}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="gray.7" mb="md">
        {source.kind === 'guest' ? t('guestHelp') : staff ? t('staffHelp') : t('help')}
      </Text>
      <Stack gap="md">
        <MessageCompose source={source} staff={staff && source.kind === 'task'} />
        {data && data.data.length ? (
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="message-list">
            {data.data.map((message) => (
              <MessageItem
                key={message.id}
                source={source}
                message={message}
                fresh={freshIds?.has(message.id) ?? false}
              />
            ))}
          </Stack>
        ) : data ? (
          <Text size="sm" c="gray.7" data-testid="message-empty">
            {t('empty')}
          </Text>
        ) : null}
        {pages > 1 ? (
          <Pagination value={page} onChange={setPage} total={pages} size="sm" data-testid="message-pages" />
        ) : null}
      </Stack>
    </Paper>
  );
}
