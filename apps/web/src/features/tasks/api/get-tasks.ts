import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { taskListQuery, taskReplies } from '@verba/contracts';
import type { z } from 'zod';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

type TaskListQuery = z.input<typeof taskListQuery>;

export interface TaskListParams extends Pick<TaskListQuery, 'state' | 'search' | 'sort' | 'order'> {
  page: number;
  client?: number;
  showCancelled?: boolean;
  /** only tasks past their due date, not DONE or CANCELLED */
  overdue?: boolean;
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
      overdue: params.overdue ? 'true' : undefined,
      sort: params.sort,
      order: params.order,
    } satisfies TaskListQuery,
  });

export const getTasksQueryOptions = (params: TaskListParams) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.tasks, 'list', params],
    queryFn: () => getTasks(params),
    placeholderData: keepPreviousData,
  });

export const useTasks = (params: TaskListParams) => useQuery(getTasksQueryOptions(params));
