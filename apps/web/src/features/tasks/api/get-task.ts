import { queryOptions, useQuery } from '@tanstack/react-query';
import type { taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getTask = (id: number) => api.get<DataOf<typeof taskReplies.detail>>(`/task/${id}`);

/** The task; polls every 1.5 s while the analysis runs (state CALCULATING). */
export const getTaskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.tasks, 'detail', id],
    queryFn: () => getTask(id),
    refetchInterval: (query) => (query.state.data?.state === 'CALCULATING' ? 1500 : false),
  });

export const useTask = (id: number) =>
  useQuery({ ...getTaskQueryOptions(id), enabled: Number.isFinite(id) && id > 0 });
