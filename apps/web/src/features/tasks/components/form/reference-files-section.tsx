import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPaperclip } from '@tabler/icons-react';
import type { TaskReferenceFile } from '@verba/contracts';
import type { PendingFile } from '../../lib/file-rules.ts';
import { FileRow } from './file-row.tsx';

interface ReferenceFilesSectionProps {
  /** Already in the task (edit): kept. */
  kept: readonly TaskReferenceFile[];
  /** Order again: the earlier task's files, copied by the server unless removed here. */
  copied: readonly TaskReferenceFile[];
  pending: readonly PendingFile[];
  error: ReactNode;
  busy: boolean;
  onDrop: (files: File[]) => void;
  onRemoveCopied: (id: number) => void;
  /** Edit: drop a file the task has (removed from the task when the edit is saved). */
  onRemoveKept: (id: number) => void;
  onRemovePending: (key: string) => void;
}

/** The second file picker: style guides, earlier translations, images. Any type; never analysed or priced. */
export function ReferenceFilesSection(props: ReferenceFilesSectionProps) {
  const { t } = useTranslation('tasks');
  const { kept, copied, pending, error, busy } = props;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="task-reference-files">
      <Title order={2} fz="lg" mb={4}>
        {t('form.references.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {t('form.references.help')}
      </Text>
      <Stack gap="md">
        <Dropzone
          onDrop={props.onDrop}
          multiple
          disabled={busy}
          activateOnClick
          inputProps={{ 'aria-label': t('form.references.choose') } as never}
          data-testid="reference-dropzone"
          aria-invalid={Boolean(error)}
          styles={{ root: { borderColor: error ? 'var(--mantine-color-red-6)' : undefined } }}
        >
          <Stack align="center" gap="xs" py="sm" style={{ pointerEvents: 'none' }} ta="center">
            <IconPaperclip size={28} aria-hidden color="var(--mantine-color-blue-6)" />
            <Text fw={600} size="sm">
              {t('form.references.drop')}
            </Text>
          </Stack>
        </Dropzone>
        {error ? (
          <Text c="red.8" size="sm" role="alert" data-testid="reference-files-error">
            {error}
          </Text>
        ) : null}
        {kept.length + copied.length + pending.length > 0 ? (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="reference-file-list"
          >
            {kept.map((file) => (
              <FileRow
                key={`kept-${file.id}`}
                name={file.file_name}
                size={file.size}
                note={t('form.references.kept')}
                removeLabel={t('form.references.remove', { name: file.file_name })}
                disabled={busy}
                onRemove={() => props.onRemoveKept(file.id)}
              />
            ))}
            {copied.map((file) => (
              <FileRow
                key={`copied-${file.id}`}
                name={file.file_name}
                size={file.size}
                note={t('form.references.copied')}
                removeLabel={t('form.references.remove', { name: file.file_name })}
                disabled={busy}
                onRemove={() => props.onRemoveCopied(file.id)}
              />
            ))}
            {pending.map((item) => (
              <FileRow
                key={item.key}
                name={item.file.name}
                size={item.file.size}
                removeLabel={t('form.references.remove', { name: item.file.name })}
                disabled={busy}
                onRemove={() => props.onRemovePending(item.key)}
              />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
