import { queryOptions, useQuery } from '@tanstack/react-query';
import type { languageListReply } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

const HOUR = 60 * 60 * 1000;

export const getSourceLanguages = () => api.get<DataOf<typeof languageListReply>>('/languages/sources');

export const getSourceLanguagesQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.languages, 'sources'],
    queryFn: getSourceLanguages,
    staleTime: HOUR,
  });

export const useSourceLanguages = () => useQuery(getSourceLanguagesQueryOptions());
