import { queryOptions, useQuery } from '@tanstack/react-query';
import type { languageListReply } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

const HOUR = 60 * 60 * 1000;

export const getTargetLanguages = () => api.get<DataOf<typeof languageListReply>>('/languages/available');

export const getTargetLanguagesQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.languages, 'available'],
    queryFn: getTargetLanguages,
    staleTime: HOUR,
  });

export const useTargetLanguages = () => useQuery(getTargetLanguagesQueryOptions());
