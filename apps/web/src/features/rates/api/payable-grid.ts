import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayableGridDto } from '@verba/contracts';
import type { BandKey } from '@verba/contracts/pricing';
import { api } from '../../../lib/api-client.ts';

export type PayableGridAnswer = PayableGridDto;
export type Grid = PayableGridDto['grid'];

/** The global grid (`null`) or a customer's. */
const gridPath = (customerId: number | null) =>
  customerId === null ? '/payable-grid' : `/customers/${customerId}/payable-grid`;
const gridKey = (customerId: number | null) => ['payable-grid', customerId ?? 'global'] as const;

export const usePayableGrid = (customerId: number | null) =>
  useQuery({
    queryKey: gridKey(customerId),
    queryFn: () => api.get<PayableGridAnswer>(gridPath(customerId)),
  });

export const useSavePayableGrid = (customerId: number | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (grid: Record<BandKey, string | number>) =>
      api.put<PayableGridAnswer>(gridPath(customerId), grid, { handles: [422] }),
    // the global grid also shows through every customer without one of its own
    onSuccess: () => client.invalidateQueries({ queryKey: ['payable-grid'] }),
  });
};

/** A customer back on the global grid. */
export const useResetPayableGrid = (customerId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<PayableGridAnswer>(gridPath(customerId)),
    onSuccess: (data) => client.setQueryData(gridKey(customerId), data),
  });
};
