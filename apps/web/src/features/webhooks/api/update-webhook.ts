import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { webhookUpdateBody, webhookUpdatedSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

export type WebhookUpdate = z.input<typeof webhookUpdateBody>;

export const updateWebhook = ({ id, ...body }: WebhookUpdate & { id: number }) =>
  api.put<typeof webhookUpdatedSchema, typeof webhookUpdateBody>(`/webhooks/${id}`, body, { handles: [422] });

export const useUpdateWebhook = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => void client.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
};
