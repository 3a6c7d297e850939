import { queryOptions, useQuery } from '@tanstack/react-query';
import type { memoryPairSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const getCustomerMemories = (customerId: number) =>
  api.get<z.ZodArray<typeof memoryPairSchema>>(`/customers/${customerId}/memories`);

export const getCustomerMemoriesQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: ['memories', 'customer', customerId],
    queryFn: () => getCustomerMemories(customerId),
  });

export const useCustomerMemories = (customerId: number) =>
  useQuery({ ...getCustomerMemoriesQueryOptions(customerId), enabled: customerId > 0 });
