import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { RateDto } from '@verba/contracts';
import { DateText, Money } from '../../../components/money.tsx';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table.tsx';

interface RatesTableProps {
  caption: string;
  rows: RateDto[] | undefined;
  loading: boolean;
  empty: ReactNode;
  page?: number;
  lastPage?: number;
  total?: number;
  onPage?: (page: number) => void;
  /** With these, each row has edit and delete buttons (VERBA_ADMIN). */
  onEdit?: (rate: RateDto) => void;
  onDelete?: (rate: RateDto) => void;
  /** Columns before the pair (the main action of a row, e.g. an enable switch). */
  leadingColumns?: PagedTableColumn<RateDto>[];
  /** Columns after the prices (an info button). */
  extraColumns?: PagedTableColumn<RateDto>[];
  testId: string;
}

const pairLabel = (rate: RateDto) => `${rate.source_language.iso_code} → ${rate.target_language.iso_code}`;

/** "de → it" over "German → Italian": one column keeps the prices in view on a phone. */
function PairCell({ rate }: { rate: RateDto }) {
  return (
    <Stack gap={0}>
      <Text span fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {pairLabel(rate)}
      </Text>
      <Text span size="xs" c="gray.7">
        {rate.source_language.name} → {rate.target_language.name}
      </Text>
    </Stack>
  );
}

/**
 * A list of rates: languages, r1 (4 decimals) and r2 (2 decimals) as money in the UI locale, and
 * when the API sends them (VERBA_ADMIN only) the date and author of the last change.
 */
export function RatesTable({
  caption,
  rows,
  loading,
  empty,
  page,
  lastPage,
  total,
  onPage,
  onEdit,
  onDelete,
  leadingColumns = [],
  extraColumns = [],
  testId,
}: RatesTableProps) {
  const { t } = useTranslation('rates');
  const withAudit = rows?.some((rate) => rate.updated_at !== undefined) ?? false;

  const columns: PagedTableColumn<RateDto>[] = [
    ...leadingColumns,
    { key: 'pair', header: t('columns.pair'), render: (rate) => <PairCell rate={rate} /> },
    {
      key: 'r1',
      header: t('columns.r1Short'),
      align: 'right',
      render: (rate) => <Money amount={rate.r1} fractionDigits={4} />,
    },
    {
      key: 'r2',
      header: t('columns.r2Short'),
      align: 'right',
      render: (rate) => <Money amount={rate.r2} />,
    },
    ...extraColumns,
  ];
  if (withAudit)
    columns.push(
      {
        key: 'updatedAt',
        header: t('columns.updatedAt'),
        wide: true,
        render: (rate) => (rate.updated_at ? <DateText value={rate.updated_at} /> : '—'),
      },
      {
        key: 'updatedBy',
        header: t('columns.updatedBy'),
        wide: true,
        render: (rate) => (rate.user ? `${rate.user.name} ${rate.user.lastname}` : '—'),
      },
    );
  if (onEdit && onDelete)
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (rate) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('actions.edit', { pair: pairLabel(rate) })}>
            <ActionIcon
              variant="subtle"
              aria-label={t('actions.edit', { pair: pairLabel(rate) })}
              onClick={() => onEdit(rate)}
              data-testid={`edit-rate-${rate.id}`}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('actions.delete', { pair: pairLabel(rate) })}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('actions.delete', { pair: pairLabel(rate) })}
              onClick={() => onDelete(rate)}
              data-testid={`delete-rate-${rate.id}`}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    });

  return (
    <PagedTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(rate) => rate.id}
      rowTestId={(rate) => `rate-${rate.source_language.iso_code}-${rate.target_language.iso_code}`}
      loading={loading}
      loadingLabel={t('states.loading', { ns: 'common' })}
      page={page}
      lastPage={lastPage}
      onPage={onPage}
      total={total === undefined ? undefined : <Text span>{t('list.total', { count: total })}</Text>}
      testId={testId}
      empty={empty}
    />
  );
}
