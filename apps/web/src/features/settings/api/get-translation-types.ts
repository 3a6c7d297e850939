import { queryOptions, useQuery } from '@tanstack/react-query';
import type { translationTypeListReply } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getTranslationTypes = () =>
  api.get<DataOf<typeof translationTypeListReply>>('/translation-types');

export const getTranslationTypesQueryOptions = () =>
  queryOptions({ queryKey: QUERY_ROOTS.translationTypes, queryFn: getTranslationTypes });

export const useTranslationTypes = () => useQuery(getTranslationTypesQueryOptions());
