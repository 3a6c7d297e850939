import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@mantine/hooks';
import { ActionIcon, Anchor, Badge, Button, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconSearch, IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import type { UserListRowDto as UserRow } from '@verba/contracts';
import { useUsers } from '../api/get-users.ts';
import { useConfirmDeleteUser } from '../components/delete-user.ts';

export default function UserListPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const me = useAuthStore((state) => state.user);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useUsers({ page, search: debounced });
  const confirmDelete = useConfirmDeleteUser();
  const showCustomer = me?.type === 'VERBA_ADMIN';

  const columns: PagedTableColumn<UserRow>[] = [
    {
      key: 'name',
      header: t('list.name'),
      render: (row) => (
        <Anchor component={Link} to={`/users/${row.id}`} fw={600} tabIndex={-1}>
          {row.name}
        </Anchor>
      ),
    },
    { key: 'lastname', header: t('list.lastname'), render: (row) => row.lastname },
    {
      key: 'email',
      header: t('list.email'),
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.email}
        </Text>
      ),
      wide: true,
    },
    {
      key: 'type',
      header: t('list.type'),
      render: (row) => (
        <Stack gap={4}>
          <Text size="sm">{t(`roles.${row.type}`, { ns: 'common' })}</Text>
          {row.is_active ? null : (
            <Badge color="gray" c="dark.7" variant="dot" size="sm" w="fit-content">
              {t('status.inactive')}
            </Badge>
          )}
        </Stack>
      ),
      wide: true,
    },
  ];
  if (showCustomer)
    columns.push({
      key: 'customer',
      header: t('list.customer'),
      render: (row) => row.customer_name ?? '—',
      wide: true,
    });
  columns.push({
    key: 'actions',
    header: t('list.actions'),
    align: 'right',
    render: (row) =>
      row.id === me?.id ? null : (
        <Tooltip label={t('delete.label', { name: `${row.name} ${row.lastname}` })}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('delete.label', { name: `${row.name} ${row.lastname}` })}
            onClick={() => confirmDelete(row)}
            data-testid={`delete-user-${row.id}`}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
  });

  const data = query.data;
  return (
    <div data-testid="user-list-page">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => navigate('/users/create')}
            data-testid="add-user"
          >
            {t('list.add')}
          </Button>
        }
      />
      <Stack gap="md">
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
          data-testid="user-search"
        />
        <PagedTable
          caption={t('list.title')}
          columns={columns}
          rows={data?.data}
          rowKey={(row) => row.id}
          rowTestId={(row) => `user-row-${row.id}`}
          rowHref={(row) => `/users/${row.id}`}
          loading={query.isPending}
          loadingLabel={t('states.loading', { ns: 'common' })}
          page={page}
          lastPage={data?.last_page}
          onPage={setPage}
          total={data ? t('list.total', { count: data.total }) : null}
          testId="user-table"
          empty={
            <EmptyState
              icon={<IconUsers size={30} aria-hidden />}
              title={debounced ? t('list.noMatchTitle') : t('list.emptyTitle')}
              description={debounced ? t('list.noMatch') : t('list.empty')}
              testId="users-empty"
            />
          }
        />
      </Stack>
    </div>
  );
}
