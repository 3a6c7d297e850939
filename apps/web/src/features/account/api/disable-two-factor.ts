import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { messageReply, twoFactorDisableBody } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const disableTwoFactor = (input: z.input<typeof twoFactorDisableBody>) =>
  api.post<typeof messageReply, typeof twoFactorDisableBody>('/auth/two-factor/disable', input, {
    handles: [422],
  });

export const useDisableTwoFactorMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'two-factor'] }),
  });
};
