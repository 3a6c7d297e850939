import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { customerListRowSchema, pageOf } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const listCustomers = (q: { page: number; per_page: number; search: string }) =>
  api.get<ReturnType<typeof pageOf<typeof customerListRowSchema>>>('/customers', {
    query: { ...q, search: q.search || undefined },
  });

export const getCustomersQueryOptions = (q: { page: number; search: string }) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.customers, 'list', q],
    queryFn: () => listCustomers({ ...q, per_page: 10 }),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (q: { page: number; search: string }) => useQuery(getCustomersQueryOptions(q));
