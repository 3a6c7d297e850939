import { queryOptions, useQuery } from '@tanstack/react-query';
import type { minimumRatesDto } from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getMinimumRates = (customerId: number) =>
  api.get<typeof minimumRatesDto>('/minimum-rates', { query: { customer_id: customerId } });

/** Translation type names come in the UI language: it is part of the key. */
export const getMinimumRatesQueryOptions = (customerId: number, locale: string) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.rates, 'minimum', customerId, locale],
    queryFn: () => getMinimumRates(customerId),
  });

export const useMinimumRates = (customerId: number, enabled: boolean) =>
  useQuery({ ...getMinimumRatesQueryOptions(customerId, useUiLocale()), enabled });
