import { queryOptions, useQuery } from '@tanstack/react-query';
import type { minimumRatesDto, minimumRatesQuery } from '@verba/contracts';
import type { z } from 'zod';
import { useUiLocale } from '../../../components/use-locale.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getMinimumRates = (customerId: number) =>
  api.get<typeof minimumRatesDto>('/minimum-rates', {
    query: { customer_id: customerId } satisfies z.input<typeof minimumRatesQuery>,
  });

/** Translation type names come in the UI language: it is part of the key. */
export const getMinimumRatesQueryOptions = (customerId: number, locale: string) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.rates, 'minimum', customerId, locale],
    queryFn: () => getMinimumRates(customerId),
  });

export const useMinimumRates = (customerId: number, enabled: boolean) =>
  useQuery({ ...getMinimumRatesQueryOptions(customerId, useUiLocale()), enabled });
