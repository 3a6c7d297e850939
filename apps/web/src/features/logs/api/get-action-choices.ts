import { queryOptions, useQuery } from '@tanstack/react-query';
import type { actionChoicesReply } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';

export const getActionChoices = () => api.get<DataOf<typeof actionChoicesReply>>('/action-logs/actions');

/** The action names in the reader's language: the locale is part of the key. */
export const getActionChoicesQueryOptions = (locale: string) =>
  queryOptions({ queryKey: ['action-log-actions', locale], queryFn: getActionChoices, staleTime: Infinity });

export const useActionChoices = (locale: string) => useQuery(getActionChoicesQueryOptions(locale));
