import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { pageOf, userListQuery, userListRowSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

type UserListParams = Pick<z.output<typeof userListQuery>, 'page' | 'per_page' | 'search' | 'customer_id'>;
type UsersPage = Pick<UserListParams, 'page' | 'search'>;

export const listUsers = (q: UserListParams) =>
  api.get<ReturnType<typeof pageOf<typeof userListRowSchema>>>('/users', {
    query: { ...q, search: q.search || undefined } satisfies z.input<typeof userListQuery>,
  });

export const getUsersQueryOptions = (q: UsersPage) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.users, 'list', q],
    queryFn: () => listUsers({ ...q, per_page: 10 }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (q: UsersPage) => useQuery(getUsersQueryOptions(q));
