import { queryOptions, useQuery } from '@tanstack/react-query';
import type { customerListQuery, customerListRowSchema, pageOf } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

const HOUR = 60 * 60 * 1000;

export const getCustomerOptions = () =>
  api.get<ReturnType<typeof pageOf<typeof customerListRowSchema>>>('/customers', {
    query: { per_page: 100 } satisfies z.input<typeof customerListQuery>,
  });

/** The customers of the task list's filter (the API caps a page at 100). */
export const getCustomerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.customers, 'options'],
    queryFn: getCustomerOptions,
    staleTime: HOUR,
  });

export const useCustomerOptions = (enabled: boolean) =>
  useQuery({ ...getCustomerOptionsQueryOptions(), enabled });
