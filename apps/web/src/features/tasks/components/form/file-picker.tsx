import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCloudUpload } from '@tabler/icons-react';
import { ACCEPTED_EXTENSIONS } from '@verba/contracts';
import type { PendingFile } from '../../lib/file-rules.ts';
import { FileRow } from './file-row.tsx';

const ACCEPT_ATTR = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** A file the task already has: kept unless removed. */
export interface KeptFile {
  id: number;
  file_name: string;
  size: number;
}

interface FilePickerProps {
  /** Whose texts (`form.files.*`): the task form's or the public quote form's. */
  ns: 'tasks' | 'quotes';
  kept?: readonly KeptFile[];
  pending: readonly PendingFile[];
  progress: number[] | null;
  error: ReactNode;
  busy: boolean;
  onDrop: (files: File[]) => void;
  onRemoveKept?: (id: number) => void;
  onRemovePending: (key: string) => void;
  testIds: { dropzone: string; list: string; error: string };
}

/**
 * The source files of a task or a quote: a drop zone (click or drop; the accepted types named), the error of the
 * field, and the files kept from the task or added now, with their upload progress.
 */
export function FilePicker({
  ns,
  kept = [],
  pending,
  progress,
  error,
  busy,
  onDrop,
  onRemoveKept,
  onRemovePending,
  testIds,
}: FilePickerProps) {
  const { t } = useTranslation(ns);
  return (
    <Stack gap="md">
      <Dropzone
        onDrop={onDrop}
        multiple
        disabled={busy}
        accept={undefined}
        activateOnClick
        inputProps={{ accept: ACCEPT_ATTR, 'aria-label': t('form.files.choose') } as never}
        data-testid={testIds.dropzone}
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
        <Text c="red.8" size="sm" role="alert" data-testid={testIds.error}>
          {error}
        </Text>
      ) : null}
      {kept.length + pending.length > 0 ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testIds.list}>
          {kept.map((file) => (
            <FileRow
              key={`kept-${file.id}`}
              name={file.file_name}
              size={file.size}
              note={t('form.files.uploaded')}
              removeLabel={t('form.files.remove', { name: file.file_name })}
              disabled={busy}
              onRemove={() => onRemoveKept?.(file.id)}
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
    </Stack>
  );
}
