import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { RateDto } from '@verba/contracts';
import { useModalStore } from '../../../components/modals/modal-store.ts';
import type { PagedTableColumn } from '../../../components/paged-table.tsx';
import { useDeleteRate } from '../api/delete-rate.ts';
import { useRates } from '../api/get-rates.ts';
import type { RateOwner } from '../api/rate-owner.ts';
import { RateExcelActions } from './rate-excel-actions.tsx';
import { RateFormModal } from './rate-form-modal.tsx';
import { RatesTable } from './rates-table.tsx';

interface RateListProps {
  owner: RateOwner;
  caption: string;
  /** VERBA_ADMIN: create, edit, delete, import; others read (and export). */
  canManage: boolean;
  /** The general list is only exported by whoever manages it. */
  canExport: boolean;
  emptyText: string;
  extraColumns?: PagedTableColumn<RateDto>[];
  testId: string;
}

/** A paged list of rates (general or a customer's own) with its create/edit/delete modals and Excel. */
export function RateList({
  owner,
  caption,
  canManage,
  canExport,
  emptyText,
  extraColumns,
  testId,
}: RateListProps) {
  const { t } = useTranslation('rates');
  const openModal = useModalStore((state) => state.openModal);
  const [page, setPage] = useState(1);
  const query = useRates(owner, page);
  const remove = useDeleteRate(owner);
  const [editing, setEditing] = useState<RateDto | 'new' | null>(null);
  const data = query.data;

  const confirmDelete = (rate: RateDto) =>
    openModal('confirm', {
      title: t('delete.title'),
      message: t('delete.message', {
        source: rate.source_language.name,
        target: rate.target_language.name,
      }),
      confirmLabel: t('delete.confirm'),
      danger: true,
      onConfirm: async () => {
        try {
          await remove.mutateAsync(rate.id);
          notifications.show({ color: 'green', title: t('delete.doneTitle'), message: t('delete.done') });
          // the last row of a page gone: show the page before
          if (data && data.data.length === 1 && page > 1) setPage(page - 1);
        } catch {
          // the global failure table already told the user
        }
      },
    });

  return (
    <Stack gap="md">
      {canManage || canExport ? (
        <Group gap="sm">
          {canManage ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setEditing('new')}
              data-testid="add-rate"
            >
              {t('actions.add')}
            </Button>
          ) : null}
          <RateExcelActions owner={owner} canImport={canManage} />
        </Group>
      ) : null}
      <RatesTable
        caption={caption}
        rows={data?.data}
        loading={query.isPending}
        page={page}
        lastPage={data?.last_page}
        total={data?.total}
        onPage={setPage}
        onEdit={canManage ? setEditing : undefined}
        onDelete={canManage ? confirmDelete : undefined}
        extraColumns={extraColumns}
        testId={testId}
        empty={
          <Text size="sm" c="gray.7" data-testid={`${testId}-empty`}>
            {emptyText}
          </Text>
        }
      />
      {editing ? (
        <RateFormModal
          owner={owner}
          rate={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
