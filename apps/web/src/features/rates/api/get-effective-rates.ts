import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { effectiveRateDto, pageOf, ratesListQuery } from '@verba/contracts';
import type { z } from 'zod';
import { useUiLocale } from '../../../components/use-locale.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

const RATES_PER_PAGE = 10;

/** `GET /rates?customer_id=`: what a customer pays per pair (its own rate, else an enabled general one). */
export const getEffectiveRates = (customerId: number, page: number) =>
  api.get<ReturnType<typeof pageOf<typeof effectiveRateDto>>>('/rates', {
    query: { customer_id: customerId, page, per_page: RATES_PER_PAGE } satisfies z.input<
      typeof ratesListQuery
    >,
  });

export const getEffectiveRatesQueryOptions = (customerId: number, page: number, locale: string) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.rates, 'effective', customerId, page, locale],
    queryFn: () => getEffectiveRates(customerId, page),
    placeholderData: keepPreviousData,
  });

export const useEffectiveRates = (customerId: number, page: number) =>
  useQuery({ ...getEffectiveRatesQueryOptions(customerId, page, useUiLocale()), enabled: customerId > 0 });
