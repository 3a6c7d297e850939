import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { messageReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';

/**
 * The caller's unread message counts, per task that has any: one call (one statement) for the whole
 * task list. Not a field of the list's rows: those replies are kept per process and shared by the
 * staff of a role (ADR 0022), while unread counts are each user's own.
 */
export const getUnreadCounts = () =>
  api.get<DataOf<typeof messageReplies.unread>>('/messages/unread', { silentUnauthorized: true });

export const getUnreadCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.messages, 'unread'],
    queryFn: getUnreadCounts,
    refetchInterval: 60_000,
    select: (rows) => new Map(rows.map((row) => [row.task_id, row.unread])),
  });

/** Unread messages by task id (a task absent has none). */
export const useUnreadCounts = (enabled = true) => useQuery({ ...getUnreadCountsQueryOptions(), enabled });
