import { queryOptions, useQuery } from '@tanstack/react-query';
import type { webhookDeliverySchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

export const getDeliveries = (id: number) =>
  api.get<z.ZodArray<typeof webhookDeliverySchema>>(`/webhooks/${id}/deliveries`);

export const getDeliveriesQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...WEBHOOKS_KEY, id, 'deliveries'], queryFn: () => getDeliveries(id) });

export const useDeliveries = (id: number) => useQuery(getDeliveriesQueryOptions(id));
