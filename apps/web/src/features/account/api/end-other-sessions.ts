import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { messageReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const endOtherSessions = () => api.delete<typeof messageReply>('/auth/sessions');

export const useEndOtherSessionsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] }),
  });
};
