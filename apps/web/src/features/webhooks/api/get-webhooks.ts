import { queryOptions, useQuery } from '@tanstack/react-query';
import type { webhookSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const WEBHOOKS_KEY = ['webhooks'] as const;

export const getWebhooks = () => api.get<z.ZodArray<typeof webhookSchema>>('/webhooks');

export const getWebhooksQueryOptions = () => queryOptions({ queryKey: WEBHOOKS_KEY, queryFn: getWebhooks });

export const useWebhooks = () => useQuery(getWebhooksQueryOptions());
