import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api-client.ts';
import type { notificationListQuery, notificationReplies } from '@verba/contracts';
import type { z } from 'zod';

export const getNotifications = () =>
  api.get<DataOf<typeof notificationReplies.list>>('/notifications', {
    query: { limit: 20 } satisfies z.input<typeof notificationListQuery>,
    silentUnauthorized: true,
  });

/** `pollMs`: the fallback while the live stream is down (false while it is up). */
export const getNotificationsQueryOptions = (pollMs: number | false = false) =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: getNotifications,
    refetchInterval: pollMs,
  });

export const useNotifications = (pollMs: number | false) => useQuery(getNotificationsQueryOptions(pollMs));
