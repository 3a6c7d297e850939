import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, FileButton, Group, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight, IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { PRICE_LINES } from '@verba/contracts/pricing';
import { useRemoveTranslationMutation } from '../../api/remove-translation.ts';
import { useUploadTranslationMutation } from '../../api/upload-translation.ts';
import { downloadSourceFile, downloadTranslatedFile } from '../../api/download-task-files.ts';
import type { SourceFile, TaskDetail } from '../../api/types.ts';
import { formatFileSize } from '../../../../lib/format.ts';
import { useUiLocale } from '../../../../components/use-locale.ts';
import { languageInSentence } from '../../../../lib/language-in-sentence.ts';
import { useNumber } from '../../lib/use-number.ts';
import { TableScrollRegion } from '../../../../components/table-scroll-region.tsx';

export function SourceFilesTable({ task, staff }: { task: TaskDetail; staff: boolean }) {
  const { t } = useTranslation('tasks');
  const [open, setOpen] = useState<Set<number>>(new Set());
  const number = useNumber();
  const locale = useUiLocale();
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const words = (file: SourceFile) => Math.max(0, ...file.word_count.map((count) => count.total_words));
  const calculating = task.state === 'CALCULATING';
  const wordsText = (file: SourceFile) => (file.error || calculating ? '—' : number(words(file)));
  // Below `sm` three columns show; an expanded row spanning the hidden ones would squeeze the name.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });

  return (
    <TableScrollRegion label={t('detail.files.title')}>
      {/* Fixed layout: an expanded row's band table scrolls in its own region instead of widening this one. */}
      <Table verticalSpacing="sm" layout="fixed" data-testid="source-files">
        <caption style={{ captionSide: 'top', textAlign: 'left', position: 'absolute', left: -10000 }}>
          {t('detail.files.title')}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={48}>
              <span style={{ position: 'absolute', left: -10000 }}>{t('detail.files.expand')}</span>
            </Table.Th>
            <Table.Th scope="col">{t('detail.files.name')}</Table.Th>
            <Table.Th scope="col" w={100} visibleFrom="sm">
              {t('detail.files.size')}
            </Table.Th>
            <Table.Th scope="col" w={100} ta="right" visibleFrom="sm">
              {t('detail.files.words')}
            </Table.Th>
            <Table.Th scope="col" w={150} visibleFrom="sm">
              {t('detail.files.status')}
            </Table.Th>
            <Table.Th scope="col" w={56} ta="right">
              <span style={{ position: 'absolute', left: -10000 }}>{t('detail.files.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {task.source_files.map((file) => {
            const expanded = open.has(file.id);
            return (
              <Fragment key={file.id}>
                <Table.Tr data-testid="source-file-row">
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      onClick={() => toggle(file.id)}
                      aria-expanded={expanded}
                      aria-controls={`file-bands-${file.id}`}
                      aria-label={t(expanded ? 'detail.files.collapseRow' : 'detail.files.expandRow', {
                        name: file.file_name,
                      })}
                      data-testid="expand-file"
                    >
                      {expanded ? (
                        <IconChevronDown size={18} aria-hidden />
                      ) : (
                        <IconChevronRight size={18} aria-hidden />
                      )}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {file.file_name}
                    </Text>
                    {/* On a phone the words and the status go under the name (their columns are hidden). */}
                    <Group hiddenFrom="sm" gap="xs" mt={2}>
                      <FileStatus file={file} calculating={calculating} />
                      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {t('detail.files.words')}: {wordsText(file)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{formatFileSize(file.size, locale)}</Table.Td>
                  <Table.Td ta="right" visibleFrom="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {wordsText(file)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <FileStatus file={file} calculating={calculating} errorTestId="file-error" />
                  </Table.Td>
                  <Table.Td ta="right">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('detail.files.download', { name: file.file_name })}
                      onClick={() => void downloadSourceFile(task.id, file).catch(() => undefined)}
                    >
                      <IconDownload size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
                {expanded ? (
                  <Table.Tr id={`file-bands-${file.id}`}>
                    <Table.Td colSpan={wide ? 6 : 3} bg="gray.0">
                      <FileBands task={task} file={file} staff={staff} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

/** Analysed, analysing or failed; `errorTestId` on one copy only (the phone copy under the name has none). */
function FileStatus({
  file,
  calculating,
  errorTestId,
}: {
  file: SourceFile;
  calculating: boolean;
  errorTestId?: string;
}) {
  const { t } = useTranslation('tasks');
  if (file.error)
    return (
      <Text size="sm" fw={600} c="red.9" data-testid={errorTestId}>
        {t('detail.files.failed')}
      </Text>
    );
  return calculating ? (
    <Text size="sm" fw={600} c="cyan.9">
      {t('detail.files.analysing')}
    </Text>
  ) : (
    <Text size="sm" fw={600} c="teal.9">
      {t('detail.files.counted')}
    </Text>
  );
}

function FileBands({ task, file, staff }: { task: TaskDetail; file: SourceFile; staff: boolean }) {
  const { t } = useTranslation('tasks');
  const locale = useUiLocale();
  const number = useNumber();
  const upload = useUploadTranslationMutation();
  const remove = useRemoveTranslationMutation();
  const canDeliver = staff && !['DRAFT', 'TEMPORAL', 'CALCULATING', 'CANCELLED'].includes(task.state);
  const counts = task.target_languages.map((target) => ({
    target,
    count: file.word_count.find((item) => item.target_language_id === target.target_language_id),
  }));
  if (file.error)
    return (
      <Text size="sm" c="red.8" data-testid="file-error-message">
        {t(file.error, { defaultValue: t('analysis.errors.internal') })}
      </Text>
    );
  return (
    <Stack gap="sm">
      <TableScrollRegion label={t('detail.files.bandsCaption', { name: file.file_name })}>
        {/* Its own layout: the fixed one of the files table would otherwise be inherited. */}
        {/* One row per band and one column per language (as the quote lists its bands): eight bands across
            did not fit beside the menu at 1280 px, let alone on a phone; languages are few. */}
        <Table withTableBorder layout="auto" fz="xs" verticalSpacing={4} data-testid="file-bands">
          <caption style={{ position: 'absolute', left: -10000 }}>
            {t('detail.files.bandsCaption', { name: file.file_name })}
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('quote.band')}</Table.Th>
              {counts.map(({ target }) => (
                <Table.Th key={target.target_language_id} scope="col" ta="right">
                  {target.target_language.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PRICE_LINES.map((band) => (
              <Table.Tr key={band.key}>
                <Table.Th scope="row" fw={500}>
                  {t(`bands.${band.key}`)}
                </Table.Th>
                {counts.map(({ target, count }) => (
                  <Table.Td
                    key={target.target_language_id}
                    ta="right"
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {count ? number(count[band.band]) : '—'}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">{t('detail.files.words')}</Table.Th>
              {counts.map(({ target, count }) => (
                <Table.Td
                  key={target.target_language_id}
                  ta="right"
                  fw={600}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {count ? number(count.total_words) : '—'}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      {task.state !== 'DRAFT' && task.state !== 'CALCULATING' ? (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('detail.files.translations')}
          </Text>
          {task.target_languages.map((target) => {
            const delivered = file.translated_files.filter(
              (item) => item.language_id === target.target_language_id,
            );
            return (
              <Group key={target.target_language_id} gap="xs" wrap="wrap">
                <Text size="sm" w={120}>
                  {target.target_language.name}
                </Text>
                {delivered.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    {t('detail.files.noTranslation')}
                  </Text>
                ) : null}
                {delivered.map((item) => (
                  <Group key={item.id} gap={4}>
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      onClick={() => void downloadTranslatedFile(task.id, item).catch(() => undefined)}
                    >
                      {item.file_name}
                    </Button>
                    {canDeliver ? (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('detail.files.removeTranslation', { name: item.file_name })}
                        onClick={() => remove.mutate({ id: task.id, fileId: item.id })}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    ) : null}
                  </Group>
                ))}
                {canDeliver ? (
                  <FileButton
                    onChange={(picked) => {
                      if (!picked) return;
                      upload.mutate(
                        {
                          id: task.id,
                          file: picked,
                          sourceFileId: file.id,
                          languageId: target.target_language_id,
                        },
                        {
                          onSuccess: () =>
                            notifications.show({ color: 'teal', message: t('detail.files.uploaded') }),
                        },
                      );
                    }}
                  >
                    {(props) => (
                      <Button
                        {...props}
                        size="compact-sm"
                        variant="default"
                        loading={upload.isPending}
                        leftSection={<IconUpload size={14} aria-hidden />}
                        aria-label={t('detail.files.uploadTranslation', {
                          language: languageInSentence(
                            target.target_language.iso_code,
                            target.target_language.name,
                            locale,
                          ),
                        })}
                      >
                        {t('detail.files.upload')}
                      </Button>
                    )}
                  </FileButton>
                ) : null}
              </Group>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
