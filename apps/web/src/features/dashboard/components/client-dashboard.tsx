import { useTranslation } from 'react-i18next';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { ClientDashboardDto } from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatEuros, formatNumber } from '../../../lib/format.ts';
import { ChartCard } from './chart-card.tsx';
import { compact, monthLabel } from './figures.ts';

const NO_ACCESSIBILITY_LAYER = { accessibilityLayer: false };

function Stat({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
      {hint ? (
        <Text size="sm" c="gray.7">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

export function ClientDashboard({ data }: { data: ClientDashboardDto }) {
  const { t } = useTranslation(['dashboard', 'tasks']);
  const locale = useUiLocale();
  const months = data.months.map((m) => ({
    ...m,
    label: monthLabel(m.month, locale),
    spend: Number(m.amount),
  }));
  const departments = data.departments.map((d) => ({
    ...d,
    name: d.title ?? t('client.noDepartment'),
    spend: Number(d.amount),
  }));
  const words = (value: number) => formatNumber(value, locale);
  const euros = (value: number) => formatEuros(value, locale, 0);
  const openHint = data.open_tasks.by_state
    .map((s) => `${t(`states.${s.state}`, { ns: 'tasks' })}: ${s.count}`)
    .join(' · ');
  const monthColumns = [
    {
      key: 'month',
      header: t('columns.month'),
      render: (r: (typeof months)[number]) => r.label,
      raw: (r: (typeof months)[number]) => r.month,
    },
    {
      key: 'tasks',
      header: t('columns.tasks'),
      render: (r: (typeof months)[number]) => words(r.tasks),
      raw: (r: (typeof months)[number]) => r.tasks,
      numeric: true,
    },
    {
      key: 'words',
      header: t('columns.words'),
      render: (r: (typeof months)[number]) => words(r.words),
      raw: (r: (typeof months)[number]) => r.words,
      numeric: true,
    },
    {
      key: 'amount',
      header: t('columns.spend'),
      render: (r: (typeof months)[number]) => formatEuros(r.amount, locale),
      raw: (r: (typeof months)[number]) => r.amount,
      numeric: true,
    },
  ];

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stat
          testId="dashboard-balance"
          label={t('client.balance')}
          value={formatEuros(data.balance, locale)}
        />
        <Stat
          testId="dashboard-open"
          label={t('client.openTasks')}
          value={formatNumber(data.open_tasks.total, locale)}
          hint={openHint || undefined}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChartCard
          title={t('client.spend')}
          description={t('client.spendHint')}
          testId="dashboard-spend"
          empty={months.every((m) => m.tasks === 0)}
          filename="spend-per-month"
          rows={months}
          chart={
            <BarChart
              h={240}
              data={months}
              dataKey="label"
              series={[{ name: 'spend', label: t('columns.spend'), color: 'teal.7' }]}
              valueFormatter={euros}
              yAxisProps={{ tickFormatter: compact(locale), width: 56 }}
              barChartProps={NO_ACCESSIBILITY_LAYER}
              tickLine="none"
            />
          }
          columns={monthColumns}
        />
        <ChartCard
          title={t('client.words')}
          testId="dashboard-words"
          empty={months.every((m) => m.tasks === 0)}
          filename="words-per-month"
          rows={months}
          chart={
            <BarChart
              h={240}
              data={months}
              dataKey="label"
              series={[{ name: 'words', label: t('columns.words'), color: 'indigo.6' }]}
              valueFormatter={words}
              yAxisProps={{ tickFormatter: compact(locale), width: 56 }}
              barChartProps={NO_ACCESSIBILITY_LAYER}
              tickLine="none"
            />
          }
          columns={monthColumns.slice(0, 3)}
        />
        <ChartCard
          title={t('client.departments')}
          description={t('staff.last12')}
          testId="dashboard-departments"
          empty={!departments.length}
          filename="spend-per-department"
          rows={departments}
          chart={
            <BarChart
              h={240}
              data={departments}
              dataKey="name"
              orientation="vertical"
              series={[{ name: 'spend', label: t('columns.spend'), color: 'teal.7' }]}
              valueFormatter={euros}
              yAxisProps={{ width: 120 }}
              xAxisProps={{ tickFormatter: compact(locale) }}
              barChartProps={NO_ACCESSIBILITY_LAYER}
              tickLine="none"
            />
          }
          columns={[
            { key: 'department', header: t('columns.department'), render: (r) => r.name },
            {
              key: 'tasks',
              header: t('columns.tasks'),
              render: (r) => words(r.tasks),
              raw: (r) => r.tasks,
              numeric: true,
            },
            {
              key: 'words',
              header: t('columns.words'),
              render: (r) => words(r.words),
              raw: (r) => r.words,
              numeric: true,
            },
            {
              key: 'amount',
              header: t('columns.spend'),
              render: (r) => formatEuros(r.amount, locale),
              raw: (r) => r.amount,
              numeric: true,
            },
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}
