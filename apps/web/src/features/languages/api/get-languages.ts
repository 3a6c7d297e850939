import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { languageListQuery, languageListReply } from '@verba/contracts';
import type { z } from 'zod';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getLanguages = (isoCode: string) =>
  api.get<DataOf<typeof languageListReply>>('/languages', {
    query: { iso_code: isoCode || undefined } satisfies z.input<typeof languageListQuery>,
  });

export const getLanguagesQueryOptions = (isoCode: string) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.languages, isoCode],
    queryFn: () => getLanguages(isoCode),
    placeholderData: keepPreviousData,
  });

export const useLanguages = (isoCode: string) => useQuery(getLanguagesQueryOptions(isoCode));
