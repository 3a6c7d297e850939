import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { payableGridDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { getPayableGridQueryOptions } from './get-payable-grid.ts';
import { payableGridPath } from './payable-grid-path.ts';

export const resetPayableGrid = (customerId: number) =>
  api.delete<typeof payableGridDto>(payableGridPath(customerId));

/** A customer back on the global grid. */
export const useResetPayableGrid = (customerId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => resetPayableGrid(customerId),
    onSuccess: (data) => client.setQueryData(getPayableGridQueryOptions(customerId).queryKey, data),
  });
};
