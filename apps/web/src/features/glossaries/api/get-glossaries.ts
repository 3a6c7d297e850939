import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { glossaryDto, glossaryListQuery, pageOf } from '@verba/contracts';
import type { z } from 'zod';
import { useUiLocale } from '../../../components/use-locale.ts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

const GLOSSARIES_PER_PAGE = 10;

/** The list's filters as the screen holds them (`null`: any). */
export interface GlossaryFilters {
  customer_id: number | null;
  language: number | null;
}

/** `GET /glossaries`: a client's own customer's; staff every customer's, filtered. */
export const getGlossaries = (filters: GlossaryFilters, page: number) =>
  api.get<ReturnType<typeof pageOf<typeof glossaryDto>>>('/glossaries', {
    query: {
      page,
      per_page: GLOSSARIES_PER_PAGE,
      customer_id: filters.customer_id ?? undefined,
      language: filters.language ?? undefined,
    } satisfies z.input<typeof glossaryListQuery>,
  });

/** Languages come named in the UI language: it is part of the key. */
export const getGlossariesQueryOptions = (filters: GlossaryFilters, page: number, locale: string) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.glossaries, 'list', filters, page, locale],
    queryFn: () => getGlossaries(filters, page),
    placeholderData: keepPreviousData,
  });

export const useGlossaries = (filters: GlossaryFilters, page: number) =>
  useQuery(getGlossariesQueryOptions(filters, page, useUiLocale()));
