import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { pageOf, userListRowSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const listUsers = (q: { page: number; per_page: number; search?: string; customer_id?: number }) =>
  api.get<ReturnType<typeof pageOf<typeof userListRowSchema>>>('/users', {
    query: { ...q, search: q.search || undefined },
  });

export const getUsersQueryOptions = (q: { page: number; search: string }) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.users, 'list', q],
    queryFn: () => listUsers({ ...q, per_page: 10 }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (q: { page: number; search: string }) => useQuery(getUsersQueryOptions(q));
