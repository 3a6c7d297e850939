import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { twoFactorEnableBody, twoFactorEnabledReply } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

export const enableTwoFactor = (input: z.input<typeof twoFactorEnableBody>) =>
  api.post<typeof twoFactorEnabledReply, typeof twoFactorEnableBody>('/auth/two-factor/enable', input, {
    handles: [422],
  });

export const useEnableTwoFactorMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: async () => {
      useAuthStore.getState().setEnrolmentRequired(false);
      await queryClient.invalidateQueries({ queryKey: ['auth', 'two-factor'] });
    },
  });
};
