import { queryOptions, useQuery } from '@tanstack/react-query';
import type { guestTaskSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { pollWhileCalculating } from '../../../lib/poll-while-calculating.ts';

/** GET /task/temporal/{token}; 404 (unknown) and 410 (expired) are shown by the page itself. */
export const getGuestTask = (token: string) =>
  api.get<typeof guestTaskSchema>(`/task/temporal/${encodeURIComponent(token)}`, {
    handles: [404, 410, 422],
  });

export const getGuestTaskQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['guest-task', token],
    queryFn: () => getGuestTask(token),
    retry: false,
    // While the files are analysed the quote has no price yet: look again, quickly at first.
    refetchInterval: pollWhileCalculating(3000),
  });

export const useGuestTask = (token: string) => useQuery(getGuestTaskQueryOptions(token));
