import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { customerRatesQuery, pageOf, rateDto, ratesListQuery } from '@verba/contracts';
import type { z } from 'zod';
import { useUiLocale } from '../../../components/use-locale.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import type { RateOwner } from './rate-owner.ts';

const RATES_PER_PAGE = 10;

/** `GET /rates` (general) or `GET /customers/{id}/rate` (a customer's own), paged. */
export const getRates = (owner: RateOwner, page: number) =>
  api.get<ReturnType<typeof pageOf<typeof rateDto>>>(
    owner.kind === 'general' ? '/rates' : `/customers/${owner.customerId}/rate`,
    {
      query: { page, per_page: RATES_PER_PAGE } satisfies z.input<typeof ratesListQuery> &
        z.input<typeof customerRatesQuery>,
    },
  );

/** Language and translation type names come in the UI language: it is part of the key. */
export const getRatesQueryOptions = (owner: RateOwner, page: number, locale: string) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.rates, 'list', owner, page, locale],
    queryFn: () => getRates(owner, page),
    placeholderData: keepPreviousData,
  });

export const useRates = (owner: RateOwner, page: number) =>
  useQuery(getRatesQueryOptions(owner, page, useUiLocale()));
