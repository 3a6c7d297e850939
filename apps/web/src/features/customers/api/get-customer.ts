import { queryOptions, useQuery } from '@tanstack/react-query';
import type { customerDetailSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getCustomer = (id: number) => api.get<typeof customerDetailSchema>(`/customers/${id}`);

export const getCustomerQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...QUERY_ROOTS.customers, 'detail', id], queryFn: () => getCustomer(id) });

export const useCustomer = (id: number) => useQuery({ ...getCustomerQueryOptions(id), enabled: id > 0 });
