import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { notificationReadBody, notificationReplies } from '@verba/contracts';
import type { DataOf } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api-client.ts';
import { getNotificationsQueryOptions } from './get-notifications.ts';

export const markNotificationsRead = (body: { ids: number[] } | { all: true }) =>
  api.post<DataOf<typeof notificationReplies.read>, typeof notificationReadBody>('/notifications/read', body);

export const useMarkNotificationsReadMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey }),
  });
};
