import { BarChart } from '@mantine/charts';
import type { Locale } from '@verba/contracts';
import { formatEuros, formatNumber } from '../../../lib/format.ts';
import { compact } from './figures.ts';

interface DashboardBarChartProps<T> {
  data: T[];
  /** The field that names each bar (a month, a customer, a language pair). */
  dataKey: keyof T & string;
  series: { name: keyof T & string; label: string; color: string };
  /** How values are written in the tooltip: euros without cents, or counts. */
  values?: 'euros' | 'count';
  /** Bars along the vertical axis, for long names; `nameWidth` is the space for those names. */
  horizontal?: boolean;
  nameWidth?: number;
  locale: Locale;
}

/** The room each bar of a horizontal chart needs for its name: up to three lines of axis text (a long state name such
 * as "In production, invoiced later" wraps) and a gap, so neighbouring names never overlap. */
const ROW_HEIGHT = 44;

/**
 * One bar chart of the dashboards, all drawn alike: at least 240 px high, compact value axis. Named things (states,
 * customers, pairs) are horizontal bars that keep every name (recharts would otherwise drop the names that do not fit,
 * every other one): the chart grows a row per bar.
 */
export function DashboardBarChart<T>({
  data,
  dataKey,
  series,
  values,
  horizontal = false,
  nameWidth = 80,
  locale,
}: DashboardBarChartProps<T>) {
  const valueFormatter =
    values === 'euros'
      ? (value: number) => formatEuros(value, locale, 0)
      : values === 'count'
        ? (value: number) => formatNumber(value, locale)
        : undefined;
  // Counts are whole: no 0.25 task on the axis. Its ticks carry the euro sign, and its title says what is counted
  // (tasks, words) or summed: an axis without a unit left the reader guessing.
  const valueAxis = {
    allowDecimals: values === 'euros',
    ...(values ? { tickFormatter: compact(locale, values) } : {}),
  };
  const valueAxisLabel = series.label;
  // Every name of a horizontal chart is drawn (`interval: 0`), and the chart is tall enough for all of them. (The
  // months of a vertical chart may skip some on a phone: they follow each other.)
  const nameAxis = { interval: 0 as const };
  const height = horizontal ? Math.max(240, data.length * ROW_HEIGHT + 40) : 240;
  return (
    <BarChart
      h={height}
      data={data as Record<string, unknown>[]}
      dataKey={dataKey}
      series={[series]}
      valueFormatter={valueFormatter}
      {...(horizontal
        ? {
            orientation: 'vertical' as const,
            yAxisProps: { ...nameAxis, width: nameWidth },
            xAxisProps: valueAxis,
            xAxisLabel: valueAxisLabel,
          }
        : { yAxisProps: { ...valueAxis, width: 64 }, yAxisLabel: valueAxisLabel })}
      // The chart is one image named by its card's title; its data is in the table below it.
      barChartProps={{ accessibilityLayer: false }}
      tickLine="none"
    />
  );
}
