import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconFilter, IconFilterOff, IconListSearch } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { useUiLocale } from '../../../components/use-locale.ts';
import { serverFieldErrors } from '../../../components/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import formClasses from '../../../components/forms.module.css';
import { useActionLogs, type ActionLogFilters } from '../api/action-logs.ts';

const NO_FILTERS: ActionLogFilters = { action: '', email: '', start_date: '', end_date: '' };

export default function LogsPage() {
  const { t } = useTranslation('logs');
  const locale = useUiLocale();
  const [draft, setDraft] = useState(NO_FILTERS);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const logs = useActionLogs(filters, page);
  const errors = serverFieldErrors(logs.error) ?? {};
  const filtered = Object.values(filters).some(Boolean);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({
      action: draft.action.trim(),
      email: draft.email.trim(),
      start_date: draft.start_date,
      end_date: draft.end_date,
    });
    setPage(1);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setPage(1);
  };
  const field = (key: keyof ActionLogFilters, type: 'text' | 'email' | 'date') => (
    <TextInput
      label={t(`filters.${key}`)}
      placeholder={type === 'date' ? undefined : t(`filters.${key}Placeholder`)}
      type={type}
      value={draft[key]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setDraft((current) => ({ ...current, [key]: value }));
      }}
      error={errors[key]}
      data-testid={`logs-${key}`}
    />
  );

  return (
    <div data-testid="logs-page">
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="md">
        <Paper
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          component="form"
          onSubmit={apply}
          noValidate
          className={formClasses.form}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {field('action', 'text')}
            {field('email', 'email')}
            {field('start_date', 'date')}
            {field('end_date', 'date')}
          </SimpleGrid>
          <Group justify="flex-end" mt="md" gap="sm">
            <Button variant="default" leftSection={<IconFilterOff size={18} aria-hidden />} onClick={clear}>
              {t('filters.clear')}
            </Button>
            <Button type="submit" leftSection={<IconFilter size={18} aria-hidden />} data-testid="logs-apply">
              {t('filters.apply')}
            </Button>
          </Group>
        </Paper>
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
          lastPage={logs.data?.last_page}
          onPage={setPage}
          total={logs.data ? t('total', { count: logs.data.total }) : null}
          testId="logs-table"
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
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(row.created_at, locale)}
                </Text>
              ),
            },
            {
              key: 'action',
              header: t('columns.action'),
              render: (row) => <Code>{row.action}</Code>,
            },
            {
              key: 'description',
              header: t('columns.description'),
              render: (row) => (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.description || '—'}
                </Text>
              ),
              wide: true,
            },
            {
              key: 'user',
              header: t('columns.user'),
              render: (row) => (
                // A column squeezed by a phone would break an address letter by letter: it scrolls instead.
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 180 }}>
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
            { key: 'ip', header: t('columns.ip'), render: (row) => row.ip || '—', wide: true },
          ]}
        />
      </Stack>
    </div>
  );
}
