import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Collapse, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconTable } from '@tabler/icons-react';
import { toCsv } from '@verba/contracts';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';

export interface DataColumn<T> {
  key: string;
  header: string;
  /** The cell as shown; the CSV gets `raw` (plain numbers) when given. */
  render: (row: T) => ReactNode;
  raw?: (row: T) => string | number;
  numeric?: boolean;
}

interface ChartCardProps<T> {
  title: string;
  description?: string;
  /** The picture; its data is always in the table below it as well. */
  chart: ReactNode;
  rows: T[];
  columns: Array<DataColumn<T>>;
  /** File name of the CSV, without extension. */
  filename: string;
  testId: string;
  /** Nothing to draw yet: a sentence instead of an empty grid. */
  empty?: boolean;
  emptyText?: string;
}

function saveCsv(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${filename}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A chart with its data as a table (shown on request, always reachable by keyboard and screen
 * readers) and as a CSV download. The chart itself is one image named by its title.
 */
export function ChartCard<T>({
  title,
  description,
  chart,
  rows,
  columns,
  filename,
  testId,
  empty = false,
  emptyText,
}: ChartCardProps<T>) {
  const { t } = useTranslation('dashboard');
  const [tableOpen, setTableOpen] = useState(false);
  const tableId = useId();
  const download = () =>
    saveCsv(
      filename,
      toCsv([
        columns.map((c) => c.header),
        ...rows.map((row) =>
          columns.map((c) => {
            if (c.raw) return c.raw(row);
            const shown = c.render(row);
            return typeof shown === 'string' || typeof shown === 'number' ? shown : '';
          }),
        ),
      ]),
    );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid={testId}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="gray.7">
              {description}
            </Text>
          ) : null}
        </div>
        {empty ? (
          <Text size="sm" py="xl" ta="center" c="gray.7" data-testid={`${testId}-empty`}>
            {emptyText ?? t('noData')}
          </Text>
        ) : (
          <div role="img" aria-label={t('chartLabel', { title })}>
            {chart}
          </div>
        )}
        <Group gap="xs" justify="flex-end">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconTable size={16} aria-hidden />}
            aria-expanded={tableOpen}
            aria-controls={tableId}
            onClick={() => setTableOpen((open) => !open)}
            data-testid={`${testId}-table-toggle`}
          >
            {tableOpen ? t('hideTable') : t('showTable')}
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={download}
            data-testid={`${testId}-csv`}
          >
            {t('downloadCsv')}
          </Button>
        </Group>
        <Collapse expanded={tableOpen} id={tableId}>
          <TableScrollRegion label={title}>
            <Table striped withTableBorder data-testid={`${testId}-table`}>
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined} scope="col">
                      {c.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={index}>
                    {columns.map((c) => (
                      <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined}>
                        {c.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        </Collapse>
      </Stack>
    </Paper>
  );
}
