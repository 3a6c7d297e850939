import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { taskReplies, TaskStateFilter } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export interface TaskListParams {
  page: number;
  state?: TaskStateFilter;
  client?: number;
  search?: string;
  showCancelled?: boolean;
  sort: string;
  order: 'asc' | 'desc';
}

export const getTasks = (params: TaskListParams) =>
  api.get<DataOf<typeof taskReplies.list>>('/tasks', {
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

export const getTasksQueryOptions = (params: TaskListParams) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.tasks, 'list', params],
    queryFn: () => getTasks(params),
    placeholderData: keepPreviousData,
  });

export const useTasks = (params: TaskListParams) => useQuery(getTasksQueryOptions(params));
