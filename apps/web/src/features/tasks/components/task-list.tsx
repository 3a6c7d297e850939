import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowsSort,
  IconFileText,
  IconMessage,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { LIST_TOTAL_CAP, TASK_STATE_FILTERS, type TaskStateFilter } from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatNumber } from '../../../lib/format.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { DateText, Money } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { lastPageOf, PagedTable, type PagedTableColumn } from '../../../components/paged-table.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { userCan } from '../../../lib/permissions.ts';
import { useCustomerOptions } from '../api/get-customer-options.ts';
import { useMyDepartments } from '../api/get-my-departments.ts';
import { useTasks } from '../api/get-tasks.ts';
import { useUnreadCounts } from '../../messages/index.ts';
import type { TaskListRow } from '../api/types.ts';
import { TaskStateBadge } from './task-state-badge.tsx';
import { InvoiceFolio } from './invoice-folio.tsx';
import { NoDepartmentNotice } from './no-department-notice.tsx';
import { isOverdue } from '../lib/amounts.ts';

type SortField = 'id' | 'description' | 'created_at' | 'state' | 'amount';

export function TaskList({ cancelled }: { cancelled: boolean }) {
  const { t } = useTranslation(['tasks', 'messages']);
  const locale = useUiLocale();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const staff = user?.type === 'VERBA_ADMIN' || user?.type === 'VERBA_PM';
  const [page, setPage] = useState(1);
  const [state, setState] = useState<TaskStateFilter | undefined>(cancelled ? 'CANCELLED' : undefined);
  const [client, setClient] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const [sort, setSort] = useState<SortField>('id');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [overdue, setOverdue] = useState(false);
  const { t: ta } = useTranslation('amounts');
  const customers = useCustomerOptions(staff);
  const departments = useMyDepartments(!staff && user !== null);
  const tasks = useTasks({
    page,
    state: cancelled ? 'CANCELLED' : state,
    client: client ? Number(client) : undefined,
    search: debouncedSearch.trim(),
    showCancelled: cancelled,
    overdue: overdue && !cancelled,
    sort,
    order,
  });
  const unread = useUnreadCounts(user !== null);
  if (!user) return null;
  // Clients create tasks only once they belong to a department (spec part 1, task list).
  const mayCreate = userCan(user, 'tasks:create') && (departments.data?.departments.length ?? 0) > 0;

  const sortHeader = (field: SortField, label: string) => {
    const active = sort === field;
    const Icon = !active ? IconArrowsSort : order === 'asc' ? IconSortAscending : IconSortDescending;
    return (
      <UnstyledButton
        onClick={() => {
          if (active) setOrder(order === 'asc' ? 'desc' : 'asc');
          else {
            setSort(field);
            setOrder('asc');
          }
          setPage(1);
        }}
        aria-label={t('list.sortBy', { column: label })}
        aria-pressed={active}
        fw={600}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        data-testid={`sort-${field}`}
      >
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    );
  };

  const columns: PagedTableColumn<TaskListRow>[] = [
    {
      key: 'id',
      header: sortHeader('id', t('list.columns.id')),
      render: (row) => {
        const count = unread.data?.get(row.id) ?? 0;
        return (
          <Group gap={6} wrap="nowrap">
            <Anchor
              component={Link}
              to={`/tasks/${row.id}`}
              fw={600}
              tabIndex={-1}
              data-testid="task-link"
              // a code such as Q-DEMO-1 stays on one line instead of breaking at each hyphen
              style={{ whiteSpace: 'nowrap' }}
            >
              {row.code || row.id}
            </Anchor>
            {count > 0 ? (
              <Badge
                size="sm"
                color="red.8"
                radius="xl"
                leftSection={<IconMessage size={12} aria-hidden />}
                role="img"
                aria-label={t('messages:listBadge', { count })}
                title={t('messages:listBadge', { count })}
                data-testid="task-unread-badge"
              >
                {count}
              </Badge>
            ) : null}
          </Group>
        );
      },
    },
    {
      key: 'description',
      header: sortHeader('description', t('list.columns.name')),
      render: (row) => (
        <Text size="sm" lineClamp={2} style={{ minWidth: 140 }}>
          {row.description}
        </Text>
      ),
    },
    {
      key: 'po_number',
      header: t('list.columns.poNumber'),
      render: (row) =>
        row.po_number || row.client_reference ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.po_number ?? '—'}
            {row.client_reference ? (
              <Text span size="xs" c="gray.7" display="block">
                {row.client_reference}
              </Text>
            ) : null}
          </Text>
        ) : (
          '—'
        ),
      wide: true,
    },
    {
      key: 'created_at',
      header: sortHeader('created_at', t('list.columns.created')),
      render: (row) => <DateText value={row.created_at} />,
      wide: true,
    },
    {
      key: 'state',
      header: sortHeader('state', t('list.columns.state')),
      render: (row) => <TaskStateBadge state={row.state} />,
    },
    {
      key: 'due_date',
      header: ta('list.dueDate'),
      render: (row) =>
        row.due_date ? (
          // The badge under the date: side by side they needed a column wider than the list can give at 1280 px.
          <Stack gap={4} align="flex-start">
            <DateText value={row.due_date} />
            {isOverdue(row.due_date, row.state) ? (
              <Badge
                color="red"
                variant="light"
                radius="sm"
                // Its whole word: a squeezed column showed an empty pill.
                styles={{ label: { overflow: 'visible' } }}
                data-testid="overdue-badge"
              >
                {ta('list.overdueBadge')}
              </Badge>
            ) : null}
          </Stack>
        ) : (
          '—'
        ),
    },
    staff
      ? {
          key: 'customer',
          header: t('list.columns.customer'),
          render: (row) =>
            row.customer?.name ??
            (row.guest_name
              ? t('list.guestRequest', {
                  who: row.guest_company ? `${row.guest_company} · ${row.guest_name}` : row.guest_name,
                })
              : t('list.guest')),
          wide: true,
        }
      : {
          key: 'department',
          header: t('list.columns.department'),
          render: (row) => row.department?.title ?? '—',
          wide: true,
        },
    {
      key: 'requested_by',
      header: t('list.columns.requestedBy'),
      render: (row) => (row.requested_by ? `${row.requested_by.name} ${row.requested_by.lastname}` : '—'),
      wide: true,
    },
    {
      key: 'invoice',
      header: t('list.columns.invoice'),
      render: (row) => <InvoiceFolio folio={row.invoice_folio} tag={row.invoice_tag} empty="—" compact />,
      wide: true,
    },
    {
      key: 'amount',
      header: sortHeader('amount', t('list.columns.amount')),
      render: (row) =>
        row.amount_without_taxes === null ? '—' : <Money amount={row.amount_without_taxes} />,
      align: 'right',
    },
  ];

  const data = tasks.data;
  const total = data
    ? data.total_is_capped
      ? t('list.totalCapped', { cap: formatNumber(LIST_TOTAL_CAP, locale) })
      : t('list.total', { count: data.total })
    : undefined;
  const filtered = Boolean(state || client || debouncedSearch || overdue);

  return (
    <div data-testid={cancelled ? 'cancelled-tasks-page' : 'task-list-page'}>
      <PageHeader
        title={cancelled ? t('list.cancelledTitle') : t('list.title')}
        description={
          cancelled
            ? t('list.cancelledDescription')
            : staff
              ? t('list.staffDescription')
              : t('list.description')
        }
        actions={
          <Group gap="sm">
            {cancelled ? (
              <Button variant="default" component={Link} to="/tasks" data-testid="show-all-tasks">
                {t('list.showAll')}
              </Button>
            ) : (
              <Button variant="default" component={Link} to="/tasks/cancelled" data-testid="show-cancelled">
                {t('list.showCancelled')}
              </Button>
            )}
            {mayCreate && !cancelled ? (
              <Button
                component={Link}
                to="/tasks/create"
                leftSection={<IconPlus size={18} aria-hidden />}
                data-testid="add-task"
              >
                {t('list.add')}
              </Button>
            ) : null}
          </Group>
        }
      />
      {user.type === 'CLIENT_USER' || user.type === 'CLIENT_ADMIN' ? <NoDepartmentNotice /> : null}
      <Paper withBorder p="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: staff ? 3 : 2 }} spacing="md">
          <TextInput
            label={t('list.filters.search')}
            placeholder={t('list.filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            data-testid="task-search"
          />
          {!cancelled ? (
            <Select
              label={t('list.filters.state')}
              placeholder={t('list.filters.allStates')}
              data={TASK_STATE_FILTERS.map((value) => ({
                value,
                label: t(`states.${value}`),
              }))}
              value={state ?? null}
              onChange={(value) => {
                setState((value as TaskStateFilter | null) ?? undefined);
                setPage(1);
              }}
              clearable
              data-testid="task-state-filter"
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          {staff ? (
            <Select
              label={t('list.filters.customer')}
              placeholder={t('list.filters.allCustomers')}
              data={(customers.data?.data ?? []).map((customer) => ({
                value: String(customer.id),
                label: customer.name,
              }))}
              value={client}
              onChange={(value) => {
                setClient(value);
                setPage(1);
              }}
              searchable
              clearable
              data-testid="task-customer-filter"
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
        </SimpleGrid>
        {!cancelled ? (
          <Switch
            mt="sm"
            label={ta('list.overdue')}
            checked={overdue}
            onChange={(event) => {
              setOverdue(event.currentTarget.checked);
              setPage(1);
            }}
            data-testid="task-overdue-filter"
          />
        ) : null}
      </Paper>
      <PagedTable
        caption={cancelled ? t('list.cancelledTitle') : t('list.title')}
        columns={columns}
        dense
        rows={data?.data}
        rowKey={(row) => row.id}
        loading={tasks.isLoading}
        loadingLabel={t('loading')}
        page={data?.current_page}
        lastPage={lastPageOf(data)}
        onPage={setPage}
        total={total}
        testId="task-table"
        rowTestId={(row) => `task-row-${row.id}`}
        rowHref={(row) => `/tasks/${row.id}`}
        empty={
          <EmptyState
            icon={<IconFileText size={32} aria-hidden />}
            title={filtered ? t('list.emptyFilteredTitle') : t('list.emptyTitle')}
            description={
              filtered
                ? t('list.emptyFilteredDescription')
                : cancelled
                  ? t('list.emptyCancelledDescription')
                  : staff
                    ? t('list.emptyStaffDescription')
                    : mayCreate
                      ? t('list.emptyDescription')
                      : ta('noDepartment.empty')
            }
            testId="tasks-empty"
          >
            {mayCreate && !cancelled && !filtered ? (
              <Button onClick={() => void navigate('/tasks/create')}>{t('list.add')}</Button>
            ) : null}
          </EmptyState>
        }
      />
    </div>
  );
}
