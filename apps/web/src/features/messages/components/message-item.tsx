import { useTranslation } from 'react-i18next';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { TaskMessage } from '@verba/contracts';
import { FileDownloadList } from '../../../components/file-download-list.tsx';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadAttachment } from '../api/download-attachment.ts';
import type { ThreadSource } from '../api/thread-source.ts';

// dark shades on white: the outline badges keep AA contrast
const SIDE_COLOR = { staff: 'blue.9', client: 'teal.9', guest: 'grape.9' } as const;

/** One message: who wrote it and when, its text, its attachments; an internal note stands out. */
export function MessageItem({
  source,
  message,
  fresh,
}: {
  source: ThreadSource;
  message: TaskMessage;
  /** Not read before this panel opened. */
  fresh: boolean;
}) {
  const { t } = useTranslation('messages');
  const locale = useUiLocale();
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-testid={message.internal ? 'message-internal' : 'message'}
      bg={message.internal ? 'yellow.0' : undefined}
      style={
        message.internal ? { borderColor: 'var(--mantine-color-yellow-7)', borderStyle: 'dashed' } : undefined
      }
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {message.author.name}
            </Text>
            <Badge size="sm" variant="outline" color={SIDE_COLOR[message.author.side]} radius="sm">
              {t(`side.${message.author.side}`)}
            </Badge>
            {message.internal ? (
              <Badge
                size="sm"
                color="yellow.4"
                autoContrast
                radius="sm"
                leftSection={<IconLock size={12} aria-hidden />}
                data-testid="message-internal-badge"
              >
                {t('internalBadge')}
              </Badge>
            ) : null}
            {fresh ? (
              <Badge size="sm" color="red.8" radius="sm" data-testid="message-new">
                {t('new')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="gray.7" component="time" dateTime={message.created_at}>
            {formatDateTime(message.created_at, locale)}
          </Text>
        </Group>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="message-body"
        >
          {message.body}
        </Text>
        {message.files.length ? (
          <FileDownloadList
            files={message.files}
            onDownload={(file) => void downloadAttachment(source, message.id, file)}
            label={(file) => t('download', { name: file.file_name })}
            testId="message-attachment"
            size="sm"
            gap={4}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
