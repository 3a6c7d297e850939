import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Box, Button, Group, Menu, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBook2, IconChevronDown, IconDownload, IconTrash } from '@tabler/icons-react';
import type { GlossaryDto as Glossary, GlossaryExportFormat } from '@verba/contracts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useModalStore } from '../../../components/modals/modal-store.ts';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table.tsx';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteGlossary } from '../api/delete-glossary.ts';
import { downloadGlossary } from '../api/download-glossary.ts';
import { useGlossaries, type GlossaryFilters } from '../api/get-glossaries.ts';

interface GlossaryListProps {
  /** Staff: every customer's, with the customer column and the filters. */
  staff: boolean;
  customers: Array<{ id: number; name: string }>;
  languages: Array<{ id: number; iso_code: string; name: string }>;
}

const FORMATS: GlossaryExportFormat[] = ['original', 'csv', 'tbx'];

const languagesOf = (g: Glossary) => g.languages.map((l) => l.iso_code).join(g.type === '1' ? ' → ' : ', ');

function DownloadMenu({ glossary }: { glossary: Glossary }) {
  const { t } = useTranslation('glossaries');
  const save = (format: GlossaryExportFormat) => {
    downloadGlossary(glossary, format).catch(() => {
      // the global failure table already told the user
    });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('list.downloadOf', { name: glossary.name })}
          data-testid={`glossary-download-${glossary.id}`}
          px={{ base: 6, sm: 'sm' }}
        >
          {/* On a phone the icons alone keep the actions in view; the label stays for screen readers. */}
          <Box component="span" visibleFrom="sm">
            {t('list.download')}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => save(format)} data-testid={`glossary-export-${format}`}>
            {t(`formats.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The glossaries below the form (clients) or under the info text (staff), paged. */
export function GlossaryList({ staff, customers, languages }: GlossaryListProps) {
  const { t } = useTranslation('glossaries');
  const locale = useUiLocale();
  const [filters, setFilters] = useState<GlossaryFilters>({ customer_id: null, language: null });
  const [page, setPage] = useState(1);
  const list = useGlossaries(filters, page);
  const remove = useDeleteGlossary();
  const openModal = useModalStore((state) => state.openModal);

  const confirmDelete = (glossary: Glossary) =>
    openModal('confirm', {
      title: t('delete.title'),
      message: t('delete.message', { name: glossary.name }),
      confirmLabel: t('delete.confirm'),
      danger: true,
      onConfirm: async () => {
        const result = await remove.mutateAsync(glossary.id);
        notifications.show({ color: 'green', message: result.message });
      },
    });

  const filter = (key: keyof GlossaryFilters, value: string | null) => {
    setFilters((current) => ({ ...current, [key]: value ? Number(value) : null }));
    setPage(1);
  };

  const columns: PagedTableColumn<Glossary>[] = [
    {
      key: 'name',
      header: t('list.name'),
      render: (g) => (
        <Stack gap={2}>
          <Text fw={500} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {g.name}
          </Text>
          {/* On a phone the other columns are hidden: their facts go under the name. */}
          <Text fz="xs" c="gray.7" hiddenFrom="sm">
            {[staff ? g.customer_name : null, languagesOf(g), t('list.termCount', { count: g.term_count })]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      ),
    },
    ...(staff
      ? [
          {
            key: 'customer',
            header: t('list.customer'),
            render: (g: Glossary) => g.customer_name,
            wide: true,
          },
        ]
      : []),
    {
      key: 'type',
      header: t('list.type'),
      render: (g) => <Text fz="sm">{t(`types.${g.type}`)}</Text>,
      wide: true,
    },
    { key: 'languages', header: t('list.languages'), render: languagesOf, wide: true },
    {
      key: 'terms',
      header: t('list.terms'),
      render: (g) => g.term_count.toLocaleString(locale),
      align: 'right',
      wide: true,
    },
    {
      key: 'uploaded',
      header: t('list.uploaded'),
      render: (g) => (
        <Stack gap={0}>
          <Text fz="sm">{g.uploaded_by ? `${g.uploaded_by.name} ${g.uploaded_by.lastname}` : '—'}</Text>
          <Text fz="xs" c="gray.7">
            {formatDateTime(g.created_at, locale)}
          </Text>
        </Stack>
      ),
      wide: true,
    },
    {
      key: 'actions',
      header: <span>{t('list.actions')}</span>,
      render: (g) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <DownloadMenu glossary={g} />
          {g.can_delete ? (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('delete.labelOf', { name: g.name })}
              onClick={() => confirmDelete(g)}
              data-testid={`glossary-delete-${g.id}`}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
      ),
      align: 'right',
    },
  ];

  return (
    <Stack gap="md" data-testid="glossary-list-section">
      <Title order={2} fz="xl">
        {staff ? t('list.staffTitle') : t('list.title')}
      </Title>
      {staff ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="glossary-filters">
          <Select
            label={t('list.filterCustomer')}
            placeholder={t('list.all')}
            data={customers.map((c) => ({ value: String(c.id), label: c.name }))}
            value={filters.customer_id === null ? null : String(filters.customer_id)}
            onChange={(value) => filter('customer_id', value)}
            searchable
            clearable
            data-testid="glossary-filter-customer"
          />
          <Select
            label={t('list.filterLanguage')}
            placeholder={t('list.all')}
            data={languages.map((l) => ({ value: String(l.id), label: `${l.name} (${l.iso_code})` }))}
            value={filters.language === null ? null : String(filters.language)}
            onChange={(value) => filter('language', value)}
            searchable
            clearable
            data-testid="glossary-filter-language"
          />
        </SimpleGrid>
      ) : null}
      <PagedTable
        caption={staff ? t('list.staffTitle') : t('list.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(g) => g.id}
        loading={list.isLoading}
        loadingLabel={t('list.loading')}
        empty={
          <EmptyState
            icon={<IconBook2 size={32} aria-hidden />}
            title={t('list.emptyTitle')}
            description={staff ? t('list.emptyStaff') : t('list.empty')}
            headingLevel={3}
            testId="glossary-list-empty"
          />
        }
        page={page}
        lastPage={list.data?.last_page}
        onPage={setPage}
        total={list.data ? t('list.total', { count: list.data.total }) : undefined}
        testId="glossary-list"
        rowTestId={(g) => `glossary-row-${g.id}`}
      />
    </Stack>
  );
}
