import { Anchor, Group, Stack, Text, type MantineSize } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatFileSize } from '../lib/format.ts';
import { useUiLocale } from './use-locale.ts';

interface DownloadableFile {
  id: number;
  file_name: string;
  size: number;
}

/** A list of files, each a download button with its name and size (attachments, reference files). */
export function FileDownloadList<F extends DownloadableFile>({
  files,
  onDownload,
  label,
  testId,
  size,
  gap = 'xs',
}: {
  files: readonly F[];
  onDownload: (file: F) => void;
  /** The button's accessible name, e.g. "Download glossary.pdf". */
  label: (file: F) => string;
  testId: string;
  size?: MantineSize;
  gap?: MantineSize | number;
}) {
  const locale = useUiLocale();
  return (
    <Stack gap={gap} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map((file) => (
        <Group key={file.id} component="li" gap="xs" wrap="nowrap">
          <Anchor
            component="button"
            type="button"
            {...(size ? { size } : {})}
            onClick={() => onDownload(file)}
            aria-label={label(file)}
            style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
            data-testid={testId}
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
  );
}
