import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { LocalizedDateInput } from '../../../components/localized-date-input.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { DateText, Money } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { serverFieldErrors } from '../../../components/form-errors.ts';
import { FilterBar, useListFilters } from '../../../components/filter-bar.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { userCan } from '../../../lib/permissions.ts';
import { useCustomerOptions } from '../../customers/index.ts';
import { VERIFACTU_STATES, type InvoiceListRow } from '@verba/contracts';
import { downloadInvoicesCsv } from '../api/download-invoices-csv.ts';
import { useInvoices, type InvoiceFilters } from '../api/get-invoices.ts';
import { InvoiceStatus } from '../components/invoice-status.tsx';

const NO_FILTERS: InvoiceFilters = { customer_id: '', status: '', from: '', to: '', verifactu_state: '' };

export default function InvoiceListPage() {
  const { t } = useTranslation('invoices');
  const user = useAuthStore((state) => state.user);
  const staff = userCan(user, 'invoices:export');
  const canIssue = userCan(user, 'invoices:issue');
  const customers = useCustomerOptions(staff);
  const { draft, filters, page, setPage, filtered, set, apply, clear } = useListFilters(NO_FILTERS);
  const invoices = useInvoices(filters, page);
  const errors = serverFieldErrors(invoices.error) ?? {};

  return (
    <div data-testid="invoices-page">
      <PageHeader
        title={t('list.title')}
        description={t(staff ? 'list.description' : 'list.clientDescription')}
        actions={
          <Group gap="sm">
            {staff ? (
              <Button
                variant="default"
                leftSection={<IconDownload size={18} aria-hidden />}
                onClick={() => void downloadInvoicesCsv(filters.from, filters.to).catch(() => undefined)}
                data-testid="invoices-export"
              >
                {t('list.export')}
              </Button>
            ) : null}
            {canIssue ? (
              <Button
                component={Link}
                to="/invoices/create"
                leftSection={<IconPlus size={18} aria-hidden />}
                data-testid="invoices-create"
              >
                {t('list.create')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <Stack gap="md">
        <FilterBar
          onApply={apply}
          onClear={clear}
          applyLabel={t('filters.apply')}
          clearLabel={t('filters.clear')}
          applyTestId="invoices-apply"
          lg={staff ? 5 : 3}
        >
          {staff ? (
            <Select
              label={t('filters.customer')}
              placeholder={t('filters.anyCustomer')}
              data={(customers.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={draft.customer_id || null}
              onChange={set('customer_id')}
              searchable
              clearable
              data-testid="invoices-customer"
            />
          ) : null}
          <Select
            label={t('filters.status')}
            placeholder={t('filters.anyStatus')}
            data={[
              { value: 'paid', label: t('status.paid') },
              { value: 'pending', label: t('status.pending') },
            ]}
            value={draft.status || null}
            onChange={set('status')}
            clearable
            data-testid="invoices-status"
          />
          {staff ? (
            <Select
              label={t('filters.verifactu')}
              placeholder={t('filters.anyVerifactu')}
              data={VERIFACTU_STATES.map((state) => ({
                value: state,
                label: t(`verifactu.states.${state}`),
              }))}
              value={draft.verifactu_state || null}
              onChange={set('verifactu_state')}
              clearable
              data-testid="invoices-verifactu-state"
            />
          ) : null}
          <LocalizedDateInput
            label={t('filters.from')}
            value={draft.from}
            onChange={set('from')}
            error={errors.from}
            testId="invoices-from"
          />
          <LocalizedDateInput
            label={t('filters.to')}
            value={draft.to}
            onChange={set('to')}
            error={errors.to}
            testId="invoices-to"
          />
        </FilterBar>
        {invoices.isError && !Object.keys(errors).length ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {t('list.loadError')}
          </Alert>
        ) : null}
        <PagedTable
          caption={t('list.title')}
          rows={invoices.data?.data}
          rowKey={(row) => row.id}
          rowTestId={(row) => `invoice-row-${row.folio}`}
          loading={invoices.isPending && !invoices.isError}
          loadingLabel={t('states.loading', { ns: 'common' })}
          page={page}
          lastPage={invoices.data?.last_page}
          onPage={setPage}
          total={invoices.data ? t('list.total', { count: invoices.data.total }) : null}
          testId="invoices-table"
          empty={
            <EmptyState
              icon={<IconFileInvoice size={30} aria-hidden />}
              title={t('list.emptyTitle')}
              description={filtered ? t('list.noMatch') : t('list.empty')}
              testId="invoices-empty"
            />
          }
          columns={[
            {
              key: 'folio',
              header: t('columns.folio'),
              render: (row) => (
                <Anchor component={Link} to={`/invoices/${row.id}`} fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {row.folio}
                </Anchor>
              ),
            },
            // A client admin sees its own company's only: the column would repeat its name.
            ...(staff
              ? [
                  {
                    key: 'customer',
                    header: t('columns.customer'),
                    render: (row: InvoiceListRow) => row.customer.name,
                  },
                ]
              : []),
            {
              key: 'date',
              header: t('columns.date'),
              render: (row) => <DateText value={`${row.issued_at}T12:00:00Z`} />,
              wide: true,
            },
            {
              key: 'untaxed',
              header: t('columns.untaxed'),
              render: (row) => <Money amount={row.amount_without_taxes} />,
              align: 'right',
              wide: true,
            },
            {
              key: 'amount',
              header: t('columns.amount'),
              render: (row) => <Money amount={row.amount} />,
              align: 'right',
            },
            {
              key: 'status',
              header: t('columns.status'),
              render: (row) => (
                <InvoiceStatus
                  status={row.payment_status}
                  rectifies={row.rectifies_folio}
                  rectifiedBy={row.rectified_by_folio}
                  voided={row.voided}
                />
              ),
            },
          ]}
        />
      </Stack>
    </div>
  );
}
