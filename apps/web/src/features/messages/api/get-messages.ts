import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { messageListQuery, messageReplies } from '@verba/contracts';
import type { z } from 'zod';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { threadKey, threadPath, type ThreadSource } from './thread-source.ts';

export const MESSAGES_PER_PAGE = 20;

export const getMessages = (source: ThreadSource, page: number) =>
  api.get<DataOf<typeof messageReplies.list>>(threadPath(source), {
    query: { page, per_page: MESSAGES_PER_PAGE } satisfies z.input<typeof messageListQuery>,
  });

/** A page of the thread, newest first; looked at again every 30 s while the panel is open. */
export const getMessagesQueryOptions = (source: ThreadSource, page: number) =>
  queryOptions({
    queryKey: [...threadKey(source), page],
    queryFn: () => getMessages(source, page),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export const useMessages = (source: ThreadSource, page: number) =>
  useQuery(getMessagesQueryOptions(source, page));
