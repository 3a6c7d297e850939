import { ActionIcon, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFile, IconTrash } from '@tabler/icons-react';
import { formatFileSize } from '../../../../lib/format.ts';
import { useUiLocale } from '../../../../components/use-locale.ts';

export function FileRow({
  name,
  size,
  note,
  progress,
  progressLabel,
  removeLabel,
  disabled,
  onRemove,
}: {
  name: string;
  size: number;
  note?: string;
  progress?: number;
  progressLabel?: string;
  removeLabel: string;
  disabled: boolean;
  /** Without it the file cannot be removed here. */
  onRemove?: () => void;
}) {
  const locale = useUiLocale();
  return (
    <Paper component="li" withBorder p="sm" radius="sm" data-testid="task-file">
      <Group wrap="nowrap" gap="sm">
        <IconFile size={20} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="xs" c="gray.7">
            {formatFileSize(size, locale)}
            {note ? ` · ${note}` : ''}
          </Text>
          {progress !== undefined ? (
            <Progress
              value={progress}
              size="sm"
              aria-label={progressLabel}
              animated={progress < 100}
              data-testid="file-progress"
            />
          ) : null}
        </Stack>
        {onRemove ? (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={removeLabel}
            onClick={onRemove}
            disabled={disabled}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
    </Paper>
  );
}
