import { queryOptions, useQuery } from '@tanstack/react-query';
import type { bonusesReply, customerIdQuery } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const getBonuses = (customerId: number) =>
  api.get<typeof bonusesReply>('/bonuses', {
    query: { customer_id: customerId } satisfies z.input<typeof customerIdQuery>,
  });

export const getBonusesQueryOptions = (customerId: number) =>
  queryOptions({ queryKey: ['bonuses', customerId], queryFn: () => getBonuses(customerId) });

export const useBonuses = (customerId: number, enabled: boolean) =>
  useQuery({ ...getBonusesQueryOptions(customerId), enabled: enabled && customerId > 0 });
