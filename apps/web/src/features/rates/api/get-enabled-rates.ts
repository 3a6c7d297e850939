import { queryOptions, useQuery } from '@tanstack/react-query';
import type { rateDto } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getEnabledRates = (customerId: number) =>
  api.get<z.ZodArray<typeof rateDto>>(`/customers/${customerId}/enable/rate`);

/** The general rates enabled for a customer. */
export const getEnabledRatesQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.rates, 'enabled', customerId],
    queryFn: () => getEnabledRates(customerId),
  });

export const useEnabledRates = (customerId: number) => useQuery(getEnabledRatesQueryOptions(customerId));
