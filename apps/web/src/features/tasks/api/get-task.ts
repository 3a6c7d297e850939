import { queryOptions, useQuery } from '@tanstack/react-query';
import type { taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { pollWhileCalculating } from '../../../lib/poll-while-calculating.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getTask = (id: number) => api.get<DataOf<typeof taskReplies.detail>>(`/task/${id}`);

/** The task; polled while the analysis runs (state CALCULATING): quickly at first, then every 1.5 s. */
export const getTaskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.tasks, 'detail', id],
    queryFn: () => getTask(id),
    refetchInterval: pollWhileCalculating(1500),
  });

export const useTask = (id: number) =>
  useQuery({ ...getTaskQueryOptions(id), enabled: Number.isFinite(id) && id > 0 });
