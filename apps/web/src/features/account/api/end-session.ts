import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { messageReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const endSession = (id: number) => api.delete<typeof messageReply>(`/auth/sessions/${id}`);

export const useEndSessionMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] }),
  });
};
