import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActionLogDto, Paginated } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export type ActionLog = ActionLogDto;

export interface ActionLogFilters {
  action: string;
  email: string;
  start_date: string;
  end_date: string;
}

export const getActionLogs = (filters: ActionLogFilters, page: number) =>
  api.get<Paginated<ActionLog>>('/action-logs', {
    query: {
      action: filters.action || undefined,
      email: filters.email || undefined,
      start_date: filters.start_date || undefined,
      end_date: filters.end_date || undefined,
      page,
      per_page: 10,
    },
    handles: [422],
  });

export const useActionLogs = (filters: ActionLogFilters, page: number) =>
  useQuery({
    queryKey: ['action-logs', filters, page],
    queryFn: () => getActionLogs(filters, page),
    placeholderData: keepPreviousData,
  });
