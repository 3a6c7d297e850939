import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActionChoiceDto, ActionLogDto, ActionLogPage } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';

export type ActionLog = ActionLogDto;

export interface ActionLogFilters {
  action: string;
  email: string;
  start_date: string;
  end_date: string;
}

const filterQuery = (filters: ActionLogFilters) => ({
  action: filters.action || undefined,
  email: filters.email || undefined,
  start_date: filters.start_date || undefined,
  end_date: filters.end_date || undefined,
});

export const getActionLogs = (filters: ActionLogFilters, page: number) =>
  api.get<ActionLogPage>('/action-logs', {
    query: { ...filterQuery(filters), page, per_page: 10 },
    handles: [422],
  });

/** Rows and action names come in the reader's language: the locale is part of the key. */
export const useActionLogs = (filters: ActionLogFilters, page: number, locale: string) =>
  useQuery({
    queryKey: ['action-logs', filters, page, locale],
    queryFn: () => getActionLogs(filters, page),
    placeholderData: keepPreviousData,
  });

export const useActionChoices = (locale: string) =>
  useQuery({
    queryKey: ['action-log-actions', locale],
    queryFn: () => api.get<ActionChoiceDto[]>('/action-logs/actions'),
    staleTime: Infinity,
  });

/** The filtered rows as a CSV file. */
export function downloadActionLogs(filters: ActionLogFilters) {
  const query = new URLSearchParams(
    Object.entries(filterQuery(filters)).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return downloadFile(`/action-logs/export${query ? `?${query}` : ''}`, 'action-logs.csv');
}
