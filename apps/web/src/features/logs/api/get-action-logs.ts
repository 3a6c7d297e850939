import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { actionLogPage, actionLogsQuery } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { filterQuery, type ActionLogFilters } from './action-log-filters.ts';

export const getActionLogs = (filters: ActionLogFilters, page: number) =>
  api.get<typeof actionLogPage>('/action-logs', {
    query: { ...filterQuery(filters), page, per_page: 10 } satisfies z.input<typeof actionLogsQuery>,
    handles: [422],
  });

/** Rows and action names come in the reader's language: the locale is part of the key. */
export const getActionLogsQueryOptions = (filters: ActionLogFilters, page: number, locale: string) =>
  queryOptions({
    queryKey: ['action-logs', filters, page, locale],
    queryFn: () => getActionLogs(filters, page),
    placeholderData: keepPreviousData,
  });

export const useActionLogs = (filters: ActionLogFilters, page: number, locale: string) =>
  useQuery(getActionLogsQueryOptions(filters, page, locale));
