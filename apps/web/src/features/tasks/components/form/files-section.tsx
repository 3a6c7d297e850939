import { useTranslation } from 'react-i18next';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCloudUpload } from '@tabler/icons-react';
import { ACCEPTED_EXTENSIONS } from '@verba/contracts';
import type { SourceFile } from '../../api/types.ts';
import type { PendingFile } from '../../lib/file-rules.ts';
import { InfoButton } from '../info-button.tsx';
import { FileRow } from './file-row.tsx';

const ACCEPT_ATTR = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',');

interface FilesSectionProps {
  kept: readonly SourceFile[];
  pending: readonly PendingFile[];
  progress: number[] | null;
  error: string | undefined;
  busy: boolean;
  onDrop: (files: File[]) => void;
  onRemoveKept: (id: number) => void;
  onRemovePending: (key: string) => void;
}

/** The drop zone, and the files kept from the task or added now (with upload progress). */
export function FilesSection({
  kept,
  pending,
  progress,
  error,
  busy,
  onDrop,
  onRemoveKept,
  onRemovePending,
}: FilesSectionProps) {
  const { t } = useTranslation('tasks');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group gap={4} mb="md">
        <Title order={2} fz="lg">
          {t('form.files.title')}
        </Title>
        <InfoButton section="sourceFiles" />
      </Group>
      <Dropzone
        onDrop={onDrop}
        multiple
        disabled={busy}
        accept={undefined}
        activateOnClick
        inputProps={{ accept: ACCEPT_ATTR, 'aria-label': t('form.files.choose') } as never}
        data-testid="task-dropzone"
        aria-invalid={Boolean(error)}
        styles={{ root: { borderColor: error ? 'var(--mantine-color-red-6)' : undefined } }}
      >
        <Stack align="center" gap="xs" py="lg" style={{ pointerEvents: 'none' }} ta="center">
          <IconCloudUpload size={40} aria-hidden color="var(--mantine-color-blue-6)" />
          <Text fw={600}>{t('form.files.drop')}</Text>
          <Text size="sm" c="gray.7">
            {t('form.files.types', { types: ACCEPTED_EXTENSIONS.join(', ') })}
          </Text>
        </Stack>
      </Dropzone>
      {error ? (
        <Text c="red.8" size="sm" mt="xs" role="alert" data-testid="task-files-error">
          {error}
        </Text>
      ) : null}
      {kept.length + pending.length > 0 ? (
        <Stack
          gap="xs"
          mt="md"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          data-testid="task-file-list"
        >
          {kept.map((file) => (
            <FileRow
              key={`kept-${file.id}`}
              name={file.file_name}
              size={file.size}
              note={t('form.files.uploaded')}
              removeLabel={t('form.files.remove', { name: file.file_name })}
              disabled={busy}
              onRemove={() => onRemoveKept(file.id)}
            />
          ))}
          {pending.map((item, index) => (
            <FileRow
              key={item.key}
              name={item.file.name}
              size={item.file.size}
              progress={progress?.[index]}
              progressLabel={t('form.files.progress', { name: item.file.name })}
              removeLabel={t('form.files.remove', { name: item.file.name })}
              disabled={busy}
              onRemove={() => onRemovePending(item.key)}
            />
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}
