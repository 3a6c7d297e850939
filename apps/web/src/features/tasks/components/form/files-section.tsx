import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Paper, Title } from '@mantine/core';
import type { SourceFile } from '../../api/types.ts';
import type { PendingFile } from '../../lib/file-rules.ts';
import { InfoButton } from '../info-button.tsx';
import { FilePicker } from './file-picker.tsx';

interface FilesSectionProps {
  kept: readonly SourceFile[];
  pending: readonly PendingFile[];
  progress: number[] | null;
  error: ReactNode;
  busy: boolean;
  onDrop: (files: File[]) => void;
  onRemoveKept: (id: number) => void;
  onRemovePending: (key: string) => void;
}

/** The task form's files: the drop zone, and the files kept from the task or added now (with upload progress). */
export function FilesSection(props: FilesSectionProps) {
  const { t } = useTranslation('tasks');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group gap={4} mb="md">
        <Title order={2} fz="lg">
          {t('form.files.title')}
        </Title>
        <InfoButton section="sourceFiles" />
      </Group>
      <FilePicker
        ns="tasks"
        {...props}
        testIds={{ dropzone: 'task-dropzone', list: 'task-file-list', error: 'task-files-error' }}
      />
    </Paper>
  );
}
