import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ActionLog {
  id: number;
  action: string;
  description: string | null;
  created_at: string;
  ip: string | null;
  user_email: string | null;
  customer_name: string | null;
}

export interface ActionLogFilters {
  action: string;
  email: string;
  start_date: string;
  end_date: string;
}

export interface Paged<T> {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  data: T[];
}

export const getActionLogs = (filters: ActionLogFilters, page: number) =>
  api.get<Paged<ActionLog>>('/action-logs', {
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
