import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { webhookBody, webhookSecretSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

export type WebhookWrite = z.input<typeof webhookBody>;

export const createWebhook = (body: WebhookWrite) =>
  api.post<typeof webhookSecretSchema, typeof webhookBody>('/webhooks', body, { handles: [422] });

export const useCreateWebhook = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => void client.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
};
