import { queryOptions, useQuery } from '@tanstack/react-query';
import type { targetPricesQuery, taskReplies } from '@verba/contracts';
import type { z } from 'zod';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getTargetPrices = (sourceId: string | null, typeId: string | null) =>
  api.get<DataOf<typeof taskReplies.targetPrices>>('/tasks/target-prices', {
    // the read runs only once a source is chosen
    query: {
      source_language: sourceId || undefined,
      translation_type: typeId || undefined,
    } satisfies Partial<z.input<typeof targetPricesQuery>>,
  });

/** The price per word of each priced target from a source, for the order form (others: price on request). */
export const getTargetPricesQueryOptions = (sourceId: string | null, typeId: string | null) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.tasks, 'target-prices', sourceId, typeId],
    queryFn: () => getTargetPrices(sourceId, typeId),
    staleTime: 60 * 1000,
  });

export const useTargetPrices = (sourceId: string | null, typeId: string | null) =>
  useQuery({ ...getTargetPricesQueryOptions(sourceId, typeId), enabled: Boolean(sourceId) });
