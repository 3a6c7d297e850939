import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconListSearch } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { lastPageOf, PagedTable } from '../../../components/paged-table.tsx';
import { LIST_TOTAL_CAP } from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { serverFieldErrors } from '../../../components/form-errors.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { FilterBar, useListFilters } from '../../../components/filter-bar.tsx';
import { LocalizedDateInput } from '../../../components/localized-date-input.tsx';
import type { ActionLogFilters } from '../api/action-log-filters.ts';
import { downloadActionLogs } from '../api/download-action-logs.ts';
import { useActionChoices } from '../api/get-action-choices.ts';
import { useActionLogs } from '../api/get-action-logs.ts';

const NO_FILTERS: ActionLogFilters = { action: '', email: '', start_date: '', end_date: '' };

export default function LogsPage() {
  const { t } = useTranslation('logs');
  const locale = useUiLocale();
  const { draft, filters, page, setPage, filtered, set, apply, clear } = useListFilters(NO_FILTERS, (d) => ({
    ...d,
    action: d.action.trim(),
    email: d.email.trim(),
  }));
  const logs = useActionLogs(filters, page, locale);
  const choices = useActionChoices(locale);
  const [exporting, setExporting] = useState(false);
  const errors = serverFieldErrors(logs.error) ?? {};

  const exportRows = () => {
    setExporting(true);
    downloadActionLogs(filters)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };
  const dateField = (key: 'start_date' | 'end_date') => (
    <LocalizedDateInput
      label={t(`filters.${key}`)}
      value={draft[key]}
      onChange={set(key)}
      error={errors[key]}
      testId={`logs-${key}`}
    />
  );

  return (
    <div data-testid="logs-page">
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="md">
        <FilterBar
          onApply={apply}
          onClear={clear}
          applyLabel={t('filters.apply')}
          clearLabel={t('filters.clear')}
          applyTestId="logs-apply"
          lg={4}
          extra={
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={exportRows}
              loading={exporting}
              disabled={!logs.data?.total}
              data-testid="logs-export"
            >
              {t('filters.export')}
            </Button>
          }
        >
          <Select
            label={t('filters.action')}
            placeholder={t('filters.allActions')}
            data={(choices.data ?? []).map((c) => ({ value: c.action, label: c.label }))}
            value={draft.action || null}
            onChange={set('action')}
            searchable
            clearable
            nothingFoundMessage={t('filters.noAction')}
            error={errors.action}
            data-testid="logs-action"
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('filters.email')}
            placeholder={t('filters.emailPlaceholder')}
            type="email"
            value={draft.email}
            onChange={(event) => set('email')(event.currentTarget.value)}
            error={errors.email}
            data-testid="logs-email"
          />
          {dateField('start_date')}
          {dateField('end_date')}
        </FilterBar>
        {logs.isError && !Object.keys(errors).length ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {t('loadError')}
          </Alert>
        ) : null}
        <PagedTable
          caption={t('title')}
          rows={logs.data?.data}
          rowKey={(row) => row.id}
          loading={logs.isPending && !logs.isError}
          loadingLabel={t('states.loading', { ns: 'common' })}
          page={page}
          lastPage={lastPageOf(logs.data)}
          onPage={setPage}
          total={
            logs.data
              ? logs.data.total_is_capped
                ? t('totalCapped', { cap: formatNumber(LIST_TOTAL_CAP, locale) })
                : t('total', { count: logs.data.total })
              : null
          }
          testId="logs-table"
          dense
          empty={
            <EmptyState
              icon={<IconListSearch size={30} aria-hidden />}
              title={t('emptyTitle')}
              description={filtered ? t('noMatch') : t('empty')}
              testId="logs-empty"
            />
          }
          columns={[
            {
              key: 'date',
              header: t('columns.date'),
              render: (row) => (
                // Date over time where the six columns need the room (all of them fit beside the menu at 1280 px).
                <Text size="sm" miw="5.5rem" data-testid="log-date">
                  {formatDateTime(row.created_at, locale)}
                </Text>
              ),
            },
            {
              key: 'action',
              header: t('columns.action'),
              render: (row) => (
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {row.action_label}
                  </Text>
                  {row.action_label !== row.action ? (
                    <Text size="xs" c="gray.7" ff="monospace">
                      {row.action}
                    </Text>
                  ) : null}
                  {/* On a phone the description column is hidden: what happened goes under the action. */}
                  <Text
                    size="sm"
                    mt={4}
                    hiddenFrom="sm"
                    style={{ overflowWrap: 'anywhere' }}
                    data-testid="log-description-phone"
                  >
                    {row.description || '—'}
                  </Text>
                </Stack>
              ),
            },
            {
              key: 'description',
              header: t('columns.description'),
              render: (row) => (
                // Long descriptions (a bank answer) read as lines, not as a narrow column of words.
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: '12rem' }}>
                  {row.description || '—'}
                </Text>
              ),
              wide: true,
            },
            {
              key: 'user',
              header: t('columns.user'),
              render: (row) => (
                // An address keeps its width (a squeezed column would break it letter by letter); a very long one wraps.
                <Text size="sm" style={{ overflowWrap: 'break-word' }}>
                  {row.user_email || '—'}
                </Text>
              ),
            },
            {
              key: 'customer',
              header: t('columns.customer'),
              render: (row) => row.customer_name || '—',
              wide: true,
            },
            {
              key: 'ip',
              header: t('columns.ip'),
              // An IPv6 address wraps rather than widening the table past the screen.
              render: (row) => (
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: '6rem' }}>
                  {row.ip || '—'}
                </Text>
              ),
              wide: true,
            },
          ]}
        />
      </Stack>
    </div>
  );
}
