import { queryOptions, useQuery } from '@tanstack/react-query';
import type { generalMinimumRatesDto } from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getGeneralMinimumRates = () => api.get<typeof generalMinimumRatesDto>('/general-minimum-rates');

/** The general minimum charges (VERBA_ADMIN): they price tasks without a customer, the guests' quotes. */
export const getGeneralMinimumRatesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.rates, 'minimum', 'general', locale],
    queryFn: getGeneralMinimumRates,
  });

export const useGeneralMinimumRates = (enabled: boolean) =>
  useQuery({ ...getGeneralMinimumRatesQueryOptions(useUiLocale()), enabled });
