import { queryOptions, useQuery } from '@tanstack/react-query';
import type { guestRequestSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** Staff, on a guest task: who asked for the quote (404 for a task that came from no request). */
export const getGuestRequest = (taskId: number) =>
  api.get<typeof guestRequestSchema>(`/tasks/${taskId}/guest-request`, { handles: [404] });

export const getGuestRequestQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.tasks, 'guest-request', taskId],
    queryFn: () => getGuestRequest(taskId),
    retry: false,
  });

export const useGuestRequest = (taskId: number) => useQuery(getGuestRequestQueryOptions(taskId));
