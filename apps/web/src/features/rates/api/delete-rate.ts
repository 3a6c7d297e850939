import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { rateDeletedDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import type { RateOwner } from './rate-owner.ts';

export const deleteRate = (owner: RateOwner, id: number) =>
  api.delete<typeof rateDeletedDto>(
    owner.kind === 'general' ? `/rate/${id}` : `/customers/${owner.customerId}/rate/${id}`,
  );

export const useDeleteRate = (owner: RateOwner) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRate(owner, id),
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.rates }),
  });
};
