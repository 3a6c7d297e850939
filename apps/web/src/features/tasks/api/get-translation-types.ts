import { queryOptions, useQuery } from '@tanstack/react-query';
import type { translationTypeListReply } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

const HOUR = 60 * 60 * 1000;

export const getTranslationTypes = () =>
  api.get<DataOf<typeof translationTypeListReply>>('/translation-types');

export const getTranslationTypesQueryOptions = () =>
  queryOptions({ queryKey: QUERY_ROOTS.translationTypes, queryFn: getTranslationTypes, staleTime: HOUR });

export const useTranslationTypes = () => useQuery(getTranslationTypesQueryOptions());
