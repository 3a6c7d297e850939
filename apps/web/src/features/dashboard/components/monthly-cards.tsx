import { useTranslation } from 'react-i18next';
import type { MonthFigureDto } from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { ChartCard } from './chart-card.tsx';
import { DashboardBarChart } from './dashboard-bar-chart.tsx';
import { columnsFor } from './dashboard-columns.ts';
import { monthLabel } from './figures.ts';

interface MonthlyCardsProps {
  months: MonthFigureDto[];
  /** What the money per month is to the reader: the provider's revenue or the client's spend. */
  money: { title: string; description: string; column: string; testId: string; filename: string };
  wordsTitle: string;
}

/** The two month-by-month cards both dashboards show: money per month and words per month. */
export function MonthlyCards({ months: figures, money, wordsTitle }: MonthlyCardsProps) {
  const { t } = useTranslation('dashboard');
  const locale = useUiLocale();
  const months = figures.map((m) => ({ ...m, label: monthLabel(m.month, locale), value: Number(m.amount) }));
  const columns = columnsFor<(typeof months)[number]>(locale);
  const shared = [
    columns.text(
      'month',
      t('columns.month'),
      (r) => r.label,
      (r) => r.month,
    ),
    columns.count('tasks', t('columns.tasks')),
    columns.count('words', t('columns.words')),
  ];
  const empty = months.every((m) => m.tasks === 0);
  return (
    <>
      <ChartCard
        title={money.title}
        description={money.description}
        testId={money.testId}
        empty={empty}
        filename={money.filename}
        rows={months}
        chart={
          <DashboardBarChart
            data={months}
            dataKey="label"
            series={{ name: 'value', label: money.column, color: 'teal.7' }}
            values="euros"
            locale={locale}
          />
        }
        columns={[...shared, columns.euros('amount', money.column)]}
      />
      <ChartCard
        title={wordsTitle}
        testId="dashboard-words"
        empty={empty}
        filename="words-per-month"
        rows={months}
        chart={
          <DashboardBarChart
            data={months}
            dataKey="label"
            series={{ name: 'words', label: t('columns.words'), color: 'indigo.6' }}
            values="count"
            locale={locale}
          />
        }
        columns={shared}
      />
    </>
  );
}
