import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { messageReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { getUnreadCountsQueryOptions } from './get-unread-counts.ts';

/** Everything of the task's thread up to now is read by the caller. */
export const markMessagesRead = (taskId: number) =>
  api.post<DataOf<typeof messageReplies.read>>(`/tasks/${taskId}/messages/read`, undefined, { quiet: true });

export const useMarkMessagesReadMutation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markMessagesRead,
    onSuccess: () => client.invalidateQueries({ queryKey: getUnreadCountsQueryOptions().queryKey }),
  });
};
