import { queryOptions, useQuery } from '@tanstack/react-query';
import type { taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import type { PriceSummary } from './types.ts';

/** The schema checks each summary's identity; its lines are the pricing package's (`PriceSummary`). */
export const getTaskPrice = (id: number) =>
  api.get<DataOf<typeof taskReplies.price>>(`/tasks/getPrice/${id}`) as Promise<PriceSummary[]>;

export const getTaskPriceQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...QUERY_ROOTS.tasks, 'price', id], queryFn: () => getTaskPrice(id) });

export const useTaskPrice = (id: number, enabled = true) =>
  useQuery({ ...getTaskPriceQueryOptions(id), enabled: enabled && id > 0 });
