import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { messageReply, requireTwoFactorBody } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const requireTwoFactor = (input: { customerId: number; required: boolean }) =>
  api.put<typeof messageReply, typeof requireTwoFactorBody>(`/customers/${input.customerId}/require-2fa`, {
    require_2fa: input.required,
  });

export const useRequireTwoFactorMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requireTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'two-factor'] }),
  });
};
