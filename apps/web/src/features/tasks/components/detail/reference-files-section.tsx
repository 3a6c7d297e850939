import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { FileDownloadList } from '../../../../components/file-download-list.tsx';
import { downloadReferenceFile } from '../../api/download-reference-file.ts';
import type { TaskDetail } from '../../api/types.ts';
import { Section } from '../section.tsx';

/** The files the client gave the translators: everyone who sees the task downloads them. */
export function ReferenceFilesSection({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  return (
    <Section title={t('detail.references.title')} testId="section-reference-files">
      {task.reference_files.length ? (
        <FileDownloadList
          files={task.reference_files}
          onDownload={(file) => void downloadReferenceFile(task.id, file)}
          label={(file) => t('detail.references.download', { name: file.file_name })}
          testId="reference-file-download"
        />
      ) : (
        <Text size="sm" c="gray.7">
          {t('detail.references.empty')}
        </Text>
      )}
    </Section>
  );
}
