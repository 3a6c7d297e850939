import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconBuildingStore, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useModalStore } from '../../../components/modals/modal-store.ts';
import { DateText } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { userCan } from '../../../lib/permissions.ts';
import type { CustomerListRowDto as CustomerRow } from '@verba/contracts';
import { useDeleteCustomer } from '../api/delete-customer.ts';
import { useCustomers } from '../api/get-customers.ts';

export default function CustomerListPage() {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const openModal = useModalStore((state) => state.openModal);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useCustomers({ page, search: debounced });
  const remove = useDeleteCustomer();
  const canDelete = userCan(user, 'customers:delete');
  const canCreate = userCan(user, 'customers:create');

  const confirmDelete = (customer: CustomerRow) =>
    openModal('confirm', {
      title: t('delete.title'),
      message: t('delete.message', { name: customer.name }),
      confirmLabel: t('delete.confirm'),
      danger: true,
      onConfirm: async () => {
        try {
          const result = await remove.mutateAsync(customer.id);
          notifications.show({
            color: result.deactivated ? 'yellow' : 'green',
            title: result.deactivated ? t('delete.deactivatedTitle') : t('delete.doneTitle'),
            message: result.message,
          });
        } catch {
          // The global handler already told the user.
        }
      },
    });

  const columns: PagedTableColumn<CustomerRow>[] = [
    {
      key: 'name',
      header: t('list.name'),
      render: (row) => (
        <Stack gap={2}>
          <Anchor component={Link} to={`/customers/${row.id}/edit`} fw={600} tabIndex={-1}>
            {row.name}
          </Anchor>
          {row.is_active ? null : (
            <Badge color="gray" c="dark.7" variant="dot" size="sm" w="fit-content">
              {t('status.inactive')}
            </Badge>
          )}
        </Stack>
      ),
    },
    { key: 'lastLogin', header: t('list.lastLogin'), render: (row) => row.last_login ?? '—', wide: true },
    {
      key: 'lastLoginDate',
      header: t('list.lastLoginDate'),
      render: (row) => (row.last_login_date ? <DateText value={row.last_login_date} /> : '—'),
    },
    {
      key: 'lastApproved',
      header: t('list.lastProjectApproved'),
      render: (row) => row.last_project_approved ?? '—',
      wide: true,
    },
    {
      key: 'lastApprovedDate',
      header: t('list.lastProjectApprovedDate'),
      render: (row) =>
        row.last_project_approved_date ? <DateText value={row.last_project_approved_date} /> : '—',
      wide: true,
    },
  ];
  if (canDelete)
    columns.push({
      key: 'actions',
      header: <span>{t('list.actions')}</span>,
      align: 'right',
      render: (row) => (
        <Tooltip label={t('delete.label', { name: row.name })}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('delete.label', { name: row.name })}
            onClick={() => confirmDelete(row)}
            data-testid={`delete-customer-${row.id}`}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    });

  const data = query.data;
  return (
    <div data-testid="customer-list-page">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          canCreate && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => navigate('/customers/create')}
              data-testid="add-customer"
            >
              {t('list.add')}
            </Button>
          )
        }
      />
      <Stack gap="md">
        <Group>
          <TextInput
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 360 }}
            data-testid="customer-search"
          />
        </Group>
        <PagedTable
          caption={t('list.title')}
          columns={columns}
          rows={data?.data}
          rowKey={(row) => row.id}
          rowTestId={(row) => `customer-row-${row.id}`}
          rowHref={(row) => `/customers/${row.id}/edit`}
          loading={query.isPending}
          loadingLabel={t('states.loading', { ns: 'common' })}
          page={page}
          lastPage={data?.last_page}
          onPage={setPage}
          total={data ? <Text span>{t('list.total', { count: data.total })}</Text> : null}
          testId="customer-table"
          empty={
            <EmptyState
              icon={<IconBuildingStore size={30} aria-hidden />}
              title={debounced ? t('list.noMatchTitle') : t('list.emptyTitle')}
              description={debounced ? t('list.noMatch') : t('list.empty')}
              testId="customers-empty"
            />
          }
        />
      </Stack>
    </div>
  );
}
