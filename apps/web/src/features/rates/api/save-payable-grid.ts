import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { payableGridBody, payableGridDto } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { payableGridPath } from './payable-grid-path.ts';

export const savePayableGrid = (customerId: number | null, grid: z.output<typeof payableGridBody>) =>
  api.put<typeof payableGridDto, typeof payableGridBody>(payableGridPath(customerId), grid, {
    handles: [422],
  });

export const useSavePayableGrid = (customerId: number | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (grid: z.output<typeof payableGridBody>) => savePayableGrid(customerId, grid),
    // the global grid also shows through every customer without one of its own
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.payableGrid }),
  });
};
