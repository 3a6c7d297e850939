import { useTranslation } from 'react-i18next';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ClientDashboardDto } from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatEuros, formatNumber } from '../../../lib/format.ts';
import { ChartCard } from './chart-card.tsx';
import { columnsFor } from './dashboard-columns.ts';
import { DashboardBarChart } from './dashboard-bar-chart.tsx';
import { MonthlyCards } from './monthly-cards.tsx';

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
  const departments = data.departments.map((d) => ({
    ...d,
    name: d.title ?? t('client.noDepartment'),
    spend: Number(d.amount),
  }));
  const openHint = data.open_tasks.by_state
    .map((s) => `${t(`states.${s.state}`, { ns: 'tasks' })}: ${s.count}`)
    .join(' · ');
  const departmentColumns = columnsFor<(typeof departments)[number]>(locale);

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
        <MonthlyCards
          months={data.months}
          money={{
            title: t('client.spend'),
            description: t('client.spendHint'),
            column: t('columns.spend'),
            testId: 'dashboard-spend',
            filename: 'spend-per-month',
          }}
          wordsTitle={t('client.words')}
        />
        <ChartCard
          title={t('client.departments')}
          description={t('staff.last12')}
          testId="dashboard-departments"
          empty={!departments.length}
          filename="spend-per-department"
          rows={departments}
          chart={
            <DashboardBarChart
              data={departments}
              dataKey="name"
              series={{ name: 'spend', label: t('columns.spend'), color: 'teal.7' }}
              values="euros"
              horizontal
              nameWidth={120}
              locale={locale}
            />
          }
          columns={[
            departmentColumns.text('department', t('columns.department'), (r) => r.name),
            departmentColumns.count('tasks', t('columns.tasks')),
            departmentColumns.count('words', t('columns.words')),
            departmentColumns.euros('amount', t('columns.spend')),
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}
