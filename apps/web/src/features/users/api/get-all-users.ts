import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { listUsers } from './get-users.ts';

/** Up to 100 users of the caller's scope, e.g. the client users a department can hold. */
export const getAllUsersQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.users, 'list', { all: true }],
    queryFn: () => listUsers({ page: 1, per_page: 100 }),
  });

export const useAllUsers = (enabled = true) => useQuery({ ...getAllUsersQueryOptions(), enabled });
