import { queryOptions, useQuery } from '@tanstack/react-query';
import type { userDetailSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getUser = (id: number) => api.get<typeof userDetailSchema>(`/users/${id}`);

export const getUserQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...QUERY_ROOTS.users, 'detail', id], queryFn: () => getUser(id) });

export const useUser = (id: number) => useQuery({ ...getUserQueryOptions(id), enabled: id > 0 });
