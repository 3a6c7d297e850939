import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Anchor, Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { StaffDashboardDto } from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';
import { formatDateTime, formatEuros, formatNumber } from '../../../lib/format.ts';
import { ChartCard } from './chart-card.tsx';
import { compact, monthLabel } from './figures.ts';

const NO_ACCESSIBILITY_LAYER = { accessibilityLayer: false };

export function StaffDashboard({ data }: { data: StaffDashboardDto }) {
  const { t } = useTranslation(['dashboard', 'tasks']);
  const locale = useUiLocale();
  const stateName = (state: string) => t(`states.${state}`, { ns: 'tasks' });
  const months = data.months.map((m) => ({
    ...m,
    label: monthLabel(m.month, locale),
    revenue: Number(m.amount),
  }));
  const states = data.by_state.map((s) => ({ ...s, label: stateName(s.state) }));
  const customers = data.top_customers.map((c) => ({ ...c, revenue: Number(c.amount) }));
  const pairs = data.language_pairs.map((p) => ({ ...p, pair: `${p.source} → ${p.target}` }));
  const euros = (value: number) => formatEuros(value, locale, 0);
  const words = (value: number) => formatNumber(value, locale);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChartCard
          title={t('staff.byState')}
          testId="dashboard-states"
          empty={!states.length}
          emptyText={t('noTasks')}
          filename="tasks-by-state"
          rows={states}
          chart={
            <BarChart
              h={240}
              data={states}
              dataKey="label"
              series={[{ name: 'count', label: t('columns.tasks'), color: 'blue.6' }]}
              barChartProps={NO_ACCESSIBILITY_LAYER}
              tickLine="none"
            />
          }
          columns={[
            { key: 'state', header: t('columns.state'), render: (r) => r.label },
            {
              key: 'count',
              header: t('columns.tasks'),
              render: (r) => words(r.count),
              raw: (r) => r.count,
              numeric: true,
            },
          ]}
        />
        <ChartCard
          title={t('staff.revenue')}
          description={t('staff.revenueHint')}
          testId="dashboard-revenue"
          empty={months.every((m) => m.tasks === 0)}
          filename="revenue-per-month"
          rows={months}
          chart={
            <BarChart
              h={240}
              data={months}
              dataKey="label"
              series={[{ name: 'revenue', label: t('columns.revenue'), color: 'teal.7' }]}
              valueFormatter={euros}
              yAxisProps={{ tickFormatter: compact(locale), width: 56 }}
              barChartProps={NO_ACCESSIBILITY_LAYER}
              tickLine="none"
            />
          }
          columns={[
            { key: 'month', header: t('columns.month'), render: (r) => r.label, raw: (r) => r.month },
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
              header: t('columns.revenue'),
              render: (r) => formatEuros(r.amount, locale),
              raw: (r) => r.amount,
              numeric: true,
            },
          ]}
        />
        <ChartCard
          title={t('staff.words')}
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
          columns={[
            { key: 'month', header: t('columns.month'), render: (r) => r.label, raw: (r) => r.month },
            {
              key: 'words',
              header: t('columns.words'),
              render: (r) => words(r.words),
              raw: (r) => r.words,
              numeric: true,
            },
          ]}
        />
        <ChartCard
          title={t('staff.topCustomers')}
          description={t('staff.last12')}
          testId="dashboard-customers"
          empty={!customers.length}
          filename="top-customers"
          rows={customers}
          chart={
            <BarChart
              h={240}
              data={customers}
              dataKey="name"
              orientation="vertical"
              series={[{ name: 'revenue', label: t('columns.revenue'), color: 'teal.7' }]}
              valueFormatter={euros}
              yAxisProps={{ width: 110 }}
              xAxisProps={{ tickFormatter: compact(locale) }}
              barChartProps={NO_ACCESSIBILITY_LAYER}
              tickLine="none"
            />
          }
          columns={[
            { key: 'name', header: t('columns.customer'), render: (r) => r.name },
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
              header: t('columns.revenue'),
              render: (r) => formatEuros(r.amount, locale),
              raw: (r) => r.amount,
              numeric: true,
            },
          ]}
        />
        <ChartCard
          title={t('staff.pairs')}
          description={t('staff.last12')}
          testId="dashboard-pairs"
          empty={!pairs.length}
          filename="language-pairs"
          rows={pairs}
          chart={
            <BarChart
              h={240}
              data={pairs}
              dataKey="pair"
              orientation="vertical"
              series={[{ name: 'tasks', label: t('columns.tasks'), color: 'grape.6' }]}
              yAxisProps={{ width: 80 }}
              barChartProps={NO_ACCESSIBILITY_LAYER}
              tickLine="none"
            />
          }
          columns={[
            {
              key: 'pair',
              header: t('columns.pair'),
              render: (r) => r.pair,
              raw: (r) => `${r.source}>${r.target}`,
            },
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
          ]}
        />
      </SimpleGrid>
      <SectionCard
        title={t('staff.due')}
        description={t('staff.dueHint', { overdue: data.due.overdue, soon: data.due.due_soon })}
        testId="dashboard-due"
      >
        {data.due.tasks.length ? (
          <TableScrollRegion label={t('staff.due')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('columns.task')}</Table.Th>
                  <Table.Th scope="col">{t('columns.customer')}</Table.Th>
                  <Table.Th scope="col">{t('columns.state')}</Table.Th>
                  <Table.Th scope="col">{t('columns.due')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.due.tasks.map((task) => (
                  <Table.Tr key={task.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/tasks/${task.id}`} size="sm">
                        {task.code}
                      </Anchor>{' '}
                      <Text span size="sm">
                        {task.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>{task.customer_name ?? '—'}</Table.Td>
                    <Table.Td>{stateName(task.state)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(task.due_date, locale)}{' '}
                      {task.overdue ? (
                        <Badge color="red" variant="light">
                          {t('overdue')}
                        </Badge>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        ) : (
          <Text size="sm">{t('staff.nothingDue')}</Text>
        )}
      </SectionCard>
      <SectionCard
        title={t('staff.queue')}
        description={t('staff.queueHint', { count: data.analysis_queue.total })}
        testId="dashboard-queue"
      >
        {data.analysis_queue.tasks.length ? (
          <TableScrollRegion label={t('staff.queue')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('columns.task')}</Table.Th>
                  <Table.Th scope="col">{t('columns.customer')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('columns.files')}
                  </Table.Th>
                  <Table.Th scope="col">{t('columns.since')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.analysis_queue.tasks.map((task) => (
                  <Table.Tr key={task.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/tasks/${task.id}`} size="sm">
                        {task.code}
                      </Anchor>{' '}
                      <Text span size="sm">
                        {task.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>{task.customer_name ?? '—'}</Table.Td>
                    <Table.Td ta="right">{task.files}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(task.since, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        ) : (
          <Text size="sm">{t('staff.queueEmpty')}</Text>
        )}
      </SectionCard>
    </Stack>
  );
}
