import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Anchor, Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { StaffDashboardDto } from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ChartCard } from './chart-card.tsx';
import { columnsFor } from './dashboard-columns.ts';
import { DashboardBarChart } from './dashboard-bar-chart.tsx';
import { MonthlyCards } from './monthly-cards.tsx';

/** A task in the due and queue tables: its number opens it (underlined: it sits in a line of text), then its description. */
function TaskCell({ task }: { task: { id: number; code: string; description: string } }) {
  return (
    <Table.Td>
      <Anchor component={Link} to={`/tasks/${task.id}`} size="sm" underline="always">
        {task.code}
      </Anchor>{' '}
      <Text span size="sm">
        {task.description}
      </Text>
    </Table.Td>
  );
}

export function StaffDashboard({ data }: { data: StaffDashboardDto }) {
  const { t } = useTranslation(['dashboard', 'tasks']);
  const locale = useUiLocale();
  const stateName = (state: string) => t(`states.${state}`, { ns: 'tasks' });
  const states = data.by_state.map((s) => ({ ...s, label: stateName(s.state) }));
  const customers = data.top_customers.map((c) => ({ ...c, revenue: Number(c.amount) }));
  const pairs = data.language_pairs.map((p) => ({ ...p, pair: `${p.source} → ${p.target}` }));
  const stateColumns = columnsFor<(typeof states)[number]>(locale);
  const customerColumns = columnsFor<(typeof customers)[number]>(locale);
  const pairColumns = columnsFor<(typeof pairs)[number]>(locale);

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
            <DashboardBarChart
              data={states}
              dataKey="label"
              series={{ name: 'count', label: t('columns.tasks'), color: 'blue.6' }}
              values="count"
              // Eight states: their names read on the category axis, one per line, at every width.
              horizontal
              nameWidth={96}
              locale={locale}
            />
          }
          columns={[
            stateColumns.text('state', t('columns.state'), (r) => r.label),
            stateColumns.count('count', t('columns.tasks')),
          ]}
        />
        <MonthlyCards
          months={data.months}
          money={{
            title: t('staff.revenue'),
            description: t('staff.revenueHint'),
            column: t('columns.revenue'),
            testId: 'dashboard-revenue',
            filename: 'revenue-per-month',
          }}
          wordsTitle={t('staff.words')}
        />
        <ChartCard
          title={t('staff.topCustomers')}
          description={t('staff.last12')}
          testId="dashboard-customers"
          empty={!customers.length}
          filename="top-customers"
          rows={customers}
          chart={
            <DashboardBarChart
              data={customers}
              dataKey="name"
              series={{ name: 'revenue', label: t('columns.revenue'), color: 'teal.7' }}
              values="euros"
              horizontal
              nameWidth={110}
              locale={locale}
            />
          }
          columns={[
            customerColumns.text('name', t('columns.customer'), (r) => r.name),
            customerColumns.count('tasks', t('columns.tasks')),
            customerColumns.count('words', t('columns.words')),
            customerColumns.euros('amount', t('columns.revenue')),
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
            <DashboardBarChart
              data={pairs}
              dataKey="pair"
              series={{ name: 'tasks', label: t('columns.tasks'), color: 'grape.6' }}
              horizontal
              locale={locale}
            />
          }
          columns={[
            pairColumns.text(
              'pair',
              t('columns.pair'),
              (r) => r.pair,
              (r) => `${r.source}>${r.target}`,
            ),
            pairColumns.count('tasks', t('columns.tasks')),
            pairColumns.count('words', t('columns.words')),
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
                    <TaskCell task={task} />
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
                    <TaskCell task={task} />
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
