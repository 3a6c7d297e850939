import { useTranslation } from 'react-i18next';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatFileSize } from '../../../../lib/format.ts';
import { useUiLocale } from '../../../../components/use-locale.ts';
import { downloadReferenceFile } from '../../api/download-reference-file.ts';
import type { TaskDetail } from '../../api/types.ts';
import { Section } from '../section.tsx';

/** The files the client gave the translators: everyone who sees the task downloads them. */
export function ReferenceFilesSection({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const locale = useUiLocale();
  return (
    <Section title={t('detail.references.title')} testId="section-reference-files">
      {task.reference_files.length ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {task.reference_files.map((file) => (
            <Group key={file.id} component="li" gap="xs" wrap="nowrap">
              <Anchor
                component="button"
                type="button"
                onClick={() => void downloadReferenceFile(task.id, file)}
                aria-label={t('detail.references.download', { name: file.file_name })}
                style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
                data-testid="reference-file-download"
              >
                <Group gap={6} wrap="nowrap" component="span">
                  <IconDownload size={16} aria-hidden style={{ flexShrink: 0 }} />
                  {file.file_name}
                </Group>
              </Anchor>
              <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
                {formatFileSize(file.size, locale)}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="gray.7">
          {t('detail.references.empty')}
        </Text>
      )}
    </Section>
  );
}
