import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { customerListQuery, customerListRowSchema, pageOf } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

type CustomerListParams = Pick<z.output<typeof customerListQuery>, 'page' | 'per_page' | 'search'>;
type CustomersPage = Pick<CustomerListParams, 'page' | 'search'>;

export const listCustomers = (q: CustomerListParams) =>
  api.get<ReturnType<typeof pageOf<typeof customerListRowSchema>>>('/customers', {
    query: { ...q, search: q.search || undefined } satisfies z.input<typeof customerListQuery>,
  });

export const getCustomersQueryOptions = (q: CustomersPage) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.customers, 'list', q],
    queryFn: () => listCustomers({ ...q, per_page: 10 }),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (q: CustomersPage) => useQuery(getCustomersQueryOptions(q));
