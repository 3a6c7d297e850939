import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { listCustomers } from './get-customers.ts';

/** Every customer for a selector (the API caps a page at 100). */
export const getCustomerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.customers, 'options'],
    queryFn: () => listCustomers({ page: 1, per_page: 100, search: '' }),
  });

export const useCustomerOptions = (enabled: boolean) =>
  useQuery({ ...getCustomerOptionsQueryOptions(), enabled });
