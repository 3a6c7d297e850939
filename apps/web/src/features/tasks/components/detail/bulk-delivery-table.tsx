import { useTranslation } from 'react-i18next';
import { Badge, Group, Select, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DeliveryBatchFile } from '@verba/contracts';
import { TableScrollRegion } from '../../../../components/table-scroll-region.tsx';
import type { TaskDetail } from '../../api/types.ts';
import { formatFileSize } from '../../../../lib/format.ts';
import { useUiLocale } from '../../../../components/use-locale.ts';

/** A file's choice: `"<source id>:<language id>"`, or SKIP for "do not deliver". */
export type Choice = string;
export const SKIP: Choice = 'skip';
export const choiceOf = (file: DeliveryBatchFile): Choice =>
  file.source_file_id && file.language_id ? `${file.source_file_id}:${file.language_id}` : SKIP;

/** Options: every source file in every target language, grouped by source file. */
function useChoiceOptions(task: TaskDetail) {
  const { t } = useTranslation('tasks');
  return [
    { value: SKIP, label: t('detail.bulk.skip') },
    ...task.source_files.map((source) => ({
      group: source.file_name,
      items: task.target_languages.map((target) => ({
        value: `${source.id}:${target.target_language_id}`,
        label: `${source.file_name} → ${target.target_language.name}`,
      })),
    })),
  ];
}

function MatchBadge({ file, choice }: { file: DeliveryBatchFile; choice: Choice }) {
  const { t } = useTranslation('tasks');
  // A sentence that may be long: text that wraps on a phone, not a badge cut short.
  if (choice === SKIP)
    return (
      <Group gap={4} wrap="nowrap" align="flex-start" data-testid="unmatched-badge">
        <IconAlertTriangle
          size={14}
          color="var(--mantine-color-orange-7)"
          aria-hidden
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Text size="xs" fw={600} c="gray.8">
          {t(`detail.bulk.reasons.${file.reason ?? 'no_source'}`)}
        </Text>
      </Group>
    );
  const proposed = choice === choiceOf(file);
  return (
    <Badge color={proposed ? 'teal' : 'blue'} variant="light" c="dark.7" radius="sm">
      {proposed && file.rule ? t(`detail.bulk.rules.${file.rule}`) : t('detail.bulk.rules.manual')}
      {proposed && file.replaces ? ` · ${t('detail.bulk.replaces')}` : ''}
    </Badge>
  );
}

function FileName({ file }: { file: DeliveryBatchFile }) {
  const locale = useUiLocale();
  return (
    <div>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {file.name}
      </Text>
      <Text size="xs" c="gray.7">
        {formatFileSize(file.size, locale)}
      </Text>
    </div>
  );
}

/** The proposed match of each file, which the PM confirms or changes (one select per file). */
export function BulkDeliveryTable({
  task,
  files,
  choices,
  onChoose,
}: {
  task: TaskDetail;
  files: DeliveryBatchFile[];
  choices: Record<string, Choice>;
  onChoose: (name: string, choice: Choice) => void;
}) {
  const { t } = useTranslation('tasks');
  const options = useChoiceOptions(task);
  return (
    <TableScrollRegion label={t('detail.bulk.tableCaption')}>
      <Table verticalSpacing="xs" data-testid="bulk-delivery-table">
        <caption style={{ position: 'absolute', left: -10000 }}>{t('detail.bulk.tableCaption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" visibleFrom="sm">
              {t('detail.bulk.file')}
            </Table.Th>
            <Table.Th scope="col" miw={220}>
              {t('detail.bulk.match')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => {
            const refused = file.reason === 'unsafe_path' || file.reason === 'encrypted';
            const choice = choices[file.name] ?? SKIP;
            return (
              <Table.Tr
                key={file.name}
                data-testid="bulk-delivery-row"
                data-matched={choice === SKIP ? 'no' : 'yes'}
              >
                <Table.Td visibleFrom="sm">
                  <FileName file={file} />
                </Table.Td>
                <Table.Td>
                  {/* On a phone the name goes above its choice (one column). */}
                  <Group hiddenFrom="sm" mb={4}>
                    <FileName file={file} />
                  </Group>
                  <Select
                    aria-label={t('detail.bulk.matchFor', { name: file.name })}
                    data={options}
                    value={choice}
                    onChange={(value) => onChoose(file.name, value ?? SKIP)}
                    disabled={refused}
                    allowDeselect={false}
                    size="sm"
                    comboboxProps={{ withinPortal: true }}
                    data-testid="bulk-delivery-choice"
                  />
                  <div style={{ marginTop: 4 }}>
                    <MatchBadge file={file} choice={choice} />
                  </div>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
