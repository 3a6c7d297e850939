import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { webhookSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

export const deleteWebhook = (id: number) => api.delete<typeof webhookSchema>(`/webhooks/${id}`);

export const useDeleteWebhook = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => void client.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
};
