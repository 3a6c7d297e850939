import { queryOptions, useQuery } from '@tanstack/react-query';
import type { payableGridDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { payableGridPath } from './payable-grid-path.ts';

export const getPayableGrid = (customerId: number | null) =>
  api.get<typeof payableGridDto>(payableGridPath(customerId));

export const getPayableGridQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.payableGrid, customerId ?? 'global'],
    queryFn: () => getPayableGrid(customerId),
  });

export const usePayableGrid = (customerId: number | null) => useQuery(getPayableGridQueryOptions(customerId));
