import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Center, Group, Loader, Pagination, Paper, Table, Text } from '@mantine/core';
import { TableScrollRegion } from './table-scroll-region.tsx';
import classes from './paged-table.module.css';

export interface PagedTableColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Hidden below the sm breakpoint to keep phones readable. */
  wide?: boolean;
  align?: 'left' | 'right' | 'center';
}

/** What a pager needs of a list's page whose count may stop at a cap (ADR 0023). */
interface ListPage {
  current_page: number;
  per_page: number;
  last_page: number;
  total_is_capped?: boolean;
  data: unknown[];
}

/**
 * The last page a pager offers. Past the cap of a capped count the rows go on, so one page more is
 * offered while the page shown is full: every row stays reachable, page by page.
 */
export function lastPageOf(reply: ListPage | undefined): number | undefined {
  if (!reply) return undefined;
  if (!reply.total_is_capped) return reply.last_page;
  const full = reply.data.length === reply.per_page;
  return Math.max(reply.last_page, full ? reply.current_page + 1 : reply.current_page);
}

interface PagedTableProps<T> {
  caption: string;
  columns: PagedTableColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading: boolean;
  loadingLabel: string;
  empty: ReactNode;
  page?: number;
  lastPage?: number;
  onPage?: (page: number) => void;
  total?: ReactNode;
  testId?: string;
  rowTestId?: (row: T) => string;
  /** Many columns: tighter cell padding, so they fit beside the menu without scrolling. */
  dense?: boolean;
  /**
   * Where a row leads: the whole row opens it by mouse, and by Enter once the row has the focus.
   * The row's own link (give it `tabIndex={-1}`: the row is the tab stop) stays for a new tab.
   */
  rowHref?: (row: T) => string;
  /** History state the row hands on when it opens in this tab, as its link's `state` would (e.g. where to go back to). */
  rowState?: (row: T) => unknown;
}

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]';

/** Opens a row's item: with Ctrl, Cmd or the middle button in a new tab, as its link would. */
function useRowOpener() {
  const navigate = useNavigate();
  const open = (href: string, newTab: boolean, state?: unknown) => {
    if (newTab) window.open(href, '_blank', 'noopener');
    else void navigate(href, state === undefined ? undefined : { state });
  };
  return {
    onClick: (href: string, state?: unknown) => (event: MouseEvent<HTMLTableRowElement>) => {
      // A click on the row's own link or button does its own thing; a drag that selected text is no click.
      if ((event.target as Element).closest(INTERACTIVE)) return;
      if (window.getSelection()?.toString()) return;
      open(href, event.ctrlKey || event.metaKey || event.shiftKey, state);
    },
    onAuxClick: (href: string) => (event: MouseEvent<HTMLTableRowElement>) => {
      if (event.button !== 1 || (event.target as Element).closest(INTERACTIVE)) return;
      open(href, true);
    },
    onKeyDown: (href: string, state?: unknown) => (event: KeyboardEvent<HTMLTableRowElement>) => {
      if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
      event.preventDefault();
      open(href, event.ctrlKey || event.metaKey, state);
    },
  };
}

/** A list table with real headers, a visually hidden caption, loading, empty and paging states. */
export function PagedTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  loadingLabel,
  empty,
  page,
  lastPage,
  onPage,
  total,
  testId,
  rowTestId,
  dense = false,
  rowHref,
  rowState,
}: PagedTableProps<T>) {
  const opener = useRowOpener();
  if (loading && !rows)
    return (
      <Center py="xl" role="status" aria-label={loadingLabel}>
        <Loader size="sm" />
      </Center>
    );
  if (!rows?.length) return <>{empty}</>;
  return (
    <Paper withBorder data-testid={testId}>
      <TableScrollRegion label={caption}>
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing={dense ? 'xs' : 'md'}>
          <caption style={visuallyHidden}>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  scope="col"
                  ta={column.align}
                  visibleFrom={column.wide ? 'sm' : undefined}
                >
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const href = rowHref?.(row);
              const state = rowState?.(row);
              const linkProps = href
                ? {
                    className: classes.linkRow,
                    tabIndex: 0,
                    onClick: opener.onClick(href, state),
                    onAuxClick: opener.onAuxClick(href),
                    onKeyDown: opener.onKeyDown(href, state),
                    'data-href': href,
                  }
                : {};
              return (
                <Table.Tr key={rowKey(row)} data-testid={rowTestId?.(row)} {...linkProps}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.align} visibleFrom={column.wide ? 'sm' : undefined}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      {lastPage && lastPage > 1 && page && onPage ? (
        <Group justify="space-between" p="md" gap="sm">
          <Text size="sm" c="gray.7">
            {total}
          </Text>
          <Pagination total={lastPage} value={page} onChange={onPage} size="sm" siblings={1} />
        </Group>
      ) : total ? (
        <Text size="sm" c="gray.7" p="md">
          {total}
        </Text>
      ) : null}
    </Paper>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
