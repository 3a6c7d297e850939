import { queryOptions, useQuery } from '@tanstack/react-query';
import type { customerUsersReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getCustomerUsers = (id: number) => api.get<typeof customerUsersReply>(`/customers/${id}/users`);

export const getCustomerUsersQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...QUERY_ROOTS.customers, 'users', id], queryFn: () => getCustomerUsers(id) });

export const useCustomerUsers = (id: number) =>
  useQuery({ ...getCustomerUsersQueryOptions(id), enabled: id > 0 });
