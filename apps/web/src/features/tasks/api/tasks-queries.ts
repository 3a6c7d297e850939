import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaskStateFilter } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import type { PriceSummary, TaskDetail, TaskPage } from './types.ts';

export interface TaskListParams {
  page: number;
  state?: TaskStateFilter;
  client?: number;
  search?: string;
  showCancelled?: boolean;
  sort: string;
  order: 'asc' | 'desc';
}

export const TASKS_KEY = ['tasks'] as const;
export const taskKey = (id: number) => ['tasks', 'detail', id] as const;
export const taskPriceKey = (id: number) => ['tasks', 'price', id] as const;

export const listTasks = (params: TaskListParams) =>
  api.get<TaskPage>('/tasks', {
    query: {
      page: params.page,
      per_page: 15,
      state: params.state,
      client: params.client,
      search: params.search || undefined,
      showCancelled: params.showCancelled ? 'true' : undefined,
      sort: params.sort,
      order: params.order,
    },
  });

export const useTasks = (params: TaskListParams) =>
  useQuery({
    queryKey: [...TASKS_KEY, 'list', params],
    queryFn: () => listTasks(params),
    placeholderData: keepPreviousData,
  });

export const getTask = (id: number) => api.get<TaskDetail>(`/task/${id}`);

/** The task; polls every 1.5 s while the analysis runs (state CALCULATING). */
export const useTask = (id: number) =>
  useQuery({
    queryKey: taskKey(id),
    queryFn: () => getTask(id),
    enabled: Number.isFinite(id) && id > 0,
    refetchInterval: (query) => (query.state.data?.state === 'CALCULATING' ? 1500 : false),
  });

export const getTaskPrice = (id: number) => api.get<PriceSummary[]>(`/tasks/getPrice/${id}`);

export const useTaskPrice = (id: number, enabled = true) =>
  useQuery({ queryKey: taskPriceKey(id), queryFn: () => getTaskPrice(id), enabled: enabled && id > 0 });
