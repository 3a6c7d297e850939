import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { tokenSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { TOKENS_KEY } from './get-tokens.ts';

export const revokeToken = (id: number) => api.delete<typeof tokenSchema>(`/tokens/${id}`);

export const useRevokeToken = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => void client.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
};
