import { queryOptions, useQuery } from '@tanstack/react-query';
import type { taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** `GET /tasks/{id}/service-levels`: the task's total and delivery date at each service level (priced by the API). */
export const getServiceLevels = (id: number) =>
  api.get<DataOf<typeof taskReplies.serviceLevels>>(`/tasks/${id}/service-levels`);

export const getServiceLevelsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.tasks, 'service-levels', id],
    queryFn: () => getServiceLevels(id),
  });

/** Asked only while the form shows the task's analysed files and languages (`enabled`). */
export const useServiceLevels = (id: number | undefined, enabled: boolean) =>
  useQuery({ ...getServiceLevelsQueryOptions(id ?? 0), enabled: enabled && Boolean(id) });
